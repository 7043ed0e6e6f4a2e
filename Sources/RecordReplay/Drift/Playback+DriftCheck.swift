import Primitives

extension Playback {
    /// Checks the recorded interactions against the live API while replaying them: every request a
    /// recorded interaction answers is also sent, as the client sent it (credentials the fixture
    /// redacted included), through `forwarder`, and the live answer is compared with the recorded one
    /// as `options` says. `nil` stops checking.
    ///
    /// The client always gets the recorded response (with any fault effects, such as delays), so the
    /// replay stays deterministic; nothing is recorded or written. Each request whose live answer
    /// differs, or for which the live API could not be reached, becomes one ``PlaybackReport/Drift``
    /// and one finding of ``report`` (an error unless ``DriftCheckOptions/severity`` says otherwise).
    /// Requests answered by stubs, or by nothing, are not checked.
    package func checkDrift(against forwarder: UpstreamForwarder?, options: DriftCheckOptions = DriftCheckOptions()) {
        let check = forwarder.map { DriftCheck(forwarder: $0, options: options) }
        state.withLock { $0.driftCheck = check }
    }

    /// Whether a drift check is in effect.
    package var isCheckingDrift: Bool {
        state.withLock { $0.driftCheck != nil }
    }

    /// The plan for a request `item` answers while `check` is in effect: after any delay, ask the live
    /// API and keep what differs, then send the recorded response.
    func driftCheckedPlan(
        _ request: StubRequest, answeredBy item: StoredInteraction, check: DriftCheck, sequenceNumber: Int,
        effects: FaultEffects
    ) -> ResponsePlan {
        .deferred { [clock, state] in
            if effects.delay > .zero, !(await Self.sleep(effects.delay, on: clock)) {
                return .fault(.closeWithoutReply)
            }
            let drift = await check.check(request, answeredBy: item, sequenceNumber: sequenceNumber)
            state.withLock { state in
                state.driftCheckCount += 1
                if let drift { state.drifts.append(drift) }
            }
            if Task.isCancelled { return .fault(.closeWithoutReply) }
            return effects.applied(to: item.interaction.response)
        }
    }
}
