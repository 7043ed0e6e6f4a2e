import RecordReplayMessages
import RepositoryContractsPrimitives
@_spi(Benchmarks) import RecordReplayWire

extension Playback {
    /// Checks the recorded interactions against the live API while replaying them: every request a
    /// recorded interaction answers is also sent, as the client sent it (credentials the fixture
    /// redacted included), through `forwarder`, and the live answer is compared with the recorded one
    /// as `options` says. `nil` stops checking.
    ///
    /// Only `GET`, `HEAD` and `OPTIONS` requests are sent unless ``DriftCheckOptions/stateChangingRequests``
    /// says to send the others too; then each fixture's requests are sent one at a time and the
    /// identifiers the live API assigns are mapped onto the recorded ones (``IdentifierMap``).
    ///
    /// The client always gets the recorded response (with any fault effects, such as delays), so the
    /// replay stays deterministic; nothing is recorded or written. Each request whose live answer
    /// differs, or for which the live API could not be reached, becomes one ``PlaybackReport/Drift``
    /// and each fixture gets one finding of ``report`` that sums its drift up (an error unless
    /// ``DriftCheckOptions/severity`` says otherwise; a warning when requests were only left unsent).
    /// Requests answered by stubs, or by nothing, are not checked. Unless `options` gives a
    /// ``DriftCheckOptions/redaction``, the check redacts with the playback's ``redaction``.
    package func checkDrift(against forwarder: UpstreamForwarder?, options: DriftCheckOptions = DriftCheckOptions()) {
        let options = options.redacting(withScope: redaction)
        let check = forwarder.map { DriftCheck(forwarder: $0, options: options) }
        state.withLock { $0.answeredObserver = check }
    }

    /// Tells the drift check in effect, if any, that the live API was not brought to the state the
    /// fixtures were recorded from (a shared backend's reset was withheld): from now on every `GET` it
    /// answers is compared by shape only (see ``JSONShape``), and nothing else is sent.
    package func compareDriftByShapeOnly() {
        driftCheck?.progress.compareByShapeOnly()
    }

    /// Whether a drift check is in effect.
    package var isCheckingDrift: Bool {
        state.withLock { $0.answeredObserver is DriftCheck }
    }

    /// The drift check in effect, if any.
    var driftCheck: DriftCheck? {
        state.withLock { $0.answeredObserver } as? DriftCheck
    }
}

extension DriftCheck: AnsweredRequestObserver {
    /// Asks the live API too, and keeps what differs (``drifts``).
    func observe(
        _ request: StubRequest, answeredBy item: StoredInteraction, sequenceNumber: Int,
        fixtureRequests: @escaping @Sendable () -> [StubRequest]
    ) async {
        if let drift = await check(request, answeredBy: item, sequenceNumber: sequenceNumber, recordedRequests: fixtureRequests) {
            found.withLock { $0.append(drift) }
        }
    }
}
