import RecordReplayMessages
import RepositoryContractsPrimitives

extension Playback {
    /// Answers requests matching `pattern` with `respond`, before any fixture.
    ///
    /// The newest stub whose pattern matches and that has uses left answers; with none, fixtures do.
    /// A closure that keeps state makes a stateful fake API, with or without fixtures. A closure that
    /// throws answers 500 with the error in the body, and the error is reported by ``report``.
    ///
    /// - Parameters:
    ///   - pattern: The requests to answer.
    ///   - times: How many requests the stub answers before it steps aside; `nil` for no limit.
    ///   - respond: Makes the response; runs on the connection's task, outside the playback's lock.
    /// - Returns: The stub's identity, which the journal uses; pass it to ``removeStub(_:)``.
    @discardableResult
    public func stub(
        _ pattern: RequestPattern, times: Int? = nil,
        respond: @escaping @Sendable (StubRequest) async throws -> StubResponse
    ) -> StubID {
        addStub(pattern, times: times, answer: .closure(respond))
    }

    /// Answers requests matching `pattern` with `response`, before any fixture; see
    /// ``stub(_:times:respond:)``.
    @discardableResult
    public func stub(_ pattern: RequestPattern, times: Int? = nil, with response: StubResponse) -> StubID {
        addStub(pattern, times: times, answer: .constant(response))
    }

    /// Removes a stub; requests it would have answered go to older stubs and fixtures.
    public func removeStub(_ id: StubID) {
        state.withLock { $0.stubs.removeAll { $0.id == id } }
    }

    /// Injects `fault` into the answers to the requests `pattern` matches, on the `occurrences`
    /// selected among them (counted from 1 per rule, in the order requests arrive).
    ///
    /// Works over fixtures and stubs, or alone; see ``Fault`` for how several faults combine. Every
    /// fault applied is recorded in the request's ``JournalEntry/faults``.
    @discardableResult
    public func inject(_ fault: Fault, when pattern: RequestPattern, on occurrences: Occurrences = .every)
        -> FaultRuleID
    {
        state.withLock { state in
            state.faultRuleCount += 1
            let id = FaultRuleID(number: state.faultRuleCount)
            state.faultRules.append(FaultRule(id: id, fault: fault, pattern: pattern, occurrences: occurrences))
            return id
        }
    }

    /// Removes a fault rule.
    public func removeFault(_ id: FaultRuleID) {
        state.withLock { $0.faultRules.removeAll { $0.id == id } }
    }

    private func addStub(_ pattern: RequestPattern, times: Int?, answer: ProgrammableStub.Answer) -> StubID {
        state.withLock { state in
            state.stubCount += 1
            let id = StubID(number: state.stubCount, pattern: pattern.description)
            state.stubs.append(
                ProgrammableStub(id: id, pattern: pattern, answer: answer, remainingUses: times.map { max(0, $0) }))
            return id
        }
    }
}
