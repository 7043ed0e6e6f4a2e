import Foundation

extension Playback {
    /// Turns a decision into the plan the connection carries out.
    func makePlan(_ decision: Decision, request: StubRequest, normalized: NormalizedRequest) -> ResponsePlan {
        let effects = decision.effects
        let ready: ResponsePlan
        switch decision.answer {
        case .interaction(let response), .stub(_, .constant(let response)):
            ready = effects.applied(to: response)
        case .driftChecked(let item, let check):
            return driftCheckedPlan(
                request, answeredBy: item, check: check, sequenceNumber: decision.sequenceNumber, effects: effects)
        case .replacingFault(let fault):
            ready = .fault(fault)
        case .statusAlone(let code, let body):
            ready = .respond(StubResponse(status: code, body: body ?? Data()))
        case .unmatched(let exhausted, let stored, let useCounts, let stubs):
            // The diagnostic goes to test logs: it shows the request with its credentials redacted.
            let shown = Redaction().redact(Fixture(interactions: [Interaction(request: request, response: StubResponse())]))
                .fixture.interactions[0].request
            ready = .respond(
                unmatchedResponse(
                    UnmatchedDiagnosis(
                        sequenceNumber: decision.sequenceNumber, request: shown, normalized: normalizer.normalize(shown),
                        stored: stored, useCounts: useCounts, exhausted: exhausted, stubs: stubs,
                        normalizer: normalizer, customMatchers: options.customMatchers),
                    request: request, sequenceNumber: decision.sequenceNumber))
        case .upstream(let forwarder):
            return .deferred { [clock, state] in
                if effects.delay > .zero, !(await Self.sleep(effects.delay, on: clock)) {
                    return .fault(.closeWithoutReply)
                }
                do {
                    let response = try await forwarder.forward(request)
                    state.withLock {
                        $0.recorded.append(
                            (decision.sequenceNumber, Interaction(request: request, response: response)))
                    }
                    return effects.applied(to: response)
                } catch {
                    let text = "Request #\(decision.sequenceNumber) \(request.method) \(request.path) could not be recorded: \(error)"
                    state.withLock {
                        $0.unmatchedRequests.append(
                            .init(
                                sequenceNumber: decision.sequenceNumber,
                                request: request.keepingBody(upTo: self.options.journalBodyLimit), diagnostic: text))
                    }
                    return .respond(
                        StubResponse(
                            status: 502, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8)))
                }
            }
        case .stub(let id, .closure(let respond)):
            return .deferred { [clock, state] in
                if effects.delay > .zero, !(await Self.sleep(effects.delay, on: clock)) {
                    return .fault(.closeWithoutReply)
                }
                do {
                    return effects.applied(to: try await respond(request))
                } catch {
                    if Task.isCancelled { return .fault(.closeWithoutReply) }
                    let description = String(describing: error)
                    state.withLock {
                        $0.stubFailures.append(
                            .init(
                                sequenceNumber: decision.sequenceNumber, stub: id, request: request, error: description)
                        )
                    }
                    return .respond(
                        StubResponse(
                            status: 500, headers: ["Content-Type": "text/plain; charset=utf-8"],
                            body: Data("\(id) threw: \(description)\n".utf8)))
                }
            }
        }
        guard effects.delay > .zero else { return ready }
        return .deferred { [clock] in
            await Self.sleep(effects.delay, on: clock) ? ready : .fault(.closeWithoutReply)
        }
    }

    /// Sleeps for `delay`; `false` when the sleep was cut short by cancellation.
    static func sleep(_ delay: Duration, on clock: PlaybackClock) async -> Bool {
        do {
            try await clock.sleep(delay)
        } catch {
            return false
        }
        return !Task.isCancelled
    }

    private func unmatchedResponse(_ diagnosis: UnmatchedDiagnosis, request: StubRequest, sequenceNumber: Int)
        -> StubResponse
    {
        let text = diagnosis.text
        state.withLock {
            $0.unmatchedRequests.append(
                .init(
                    sequenceNumber: sequenceNumber, request: request.keepingBody(upTo: options.journalBodyLimit),
                    diagnostic: text))
        }
        return StubResponse(
            status: options.unmatchedStatus, reason: "Unmatched Stub Request",
            headers: [Self.unmatchedHeaderName: "1", "Content-Type": "text/plain; charset=utf-8"],
            body: Data(text.utf8))
    }
}
