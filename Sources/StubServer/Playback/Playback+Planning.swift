import Foundation

extension Playback {
    /// Decides how to answer `request`, and journals it.
    ///
    /// Returns at once: a delay or an `async` stub closure comes back as a ``ResponsePlan/deferred(_:)``
    /// plan, which returns promptly (closing the connection) when its task is cancelled. Safe to call
    /// from many threads at once; each recorded interaction answers exactly one request (unless
    /// ``PlaybackOptions/Exhaustion/repeatLast`` reuses the last).
    public func plan(for request: StubRequest) -> ResponsePlan {
        let receivedAt = Date()
        let (instant, elapsed) = clock.now()
        let normalized = normalizer.normalize(request)
        let key = normalizer.key(for: normalized)
        let filtersWithClosures = !normalizer.closureMatchers.isEmpty

        // Evaluate user closures (patterns, matchers) on a snapshot, outside the lock.
        let (stubs, faultRules, members, stored) = state.withLock { state in
            (
                state.stubs, state.faultRules, filtersWithClosures ? state.index.members(for: key) : [],
                filtersWithClosures ? state.index.stored : []
            )
        }
        let matchingStubs = stubs.reversed().filter { $0.pattern.matches(request) }.map(\.id)
        let matchingRules = faultRules.filter { $0.pattern.matches(request) }.map(\.id)
        let candidates: [Int]? =
            filtersWithClosures
            ? members.filter { position in
                normalizer.closureMatchers.allSatisfy { $0.matches(stored[position].interaction.request, request) }
            } : nil

        let decision = state.withLock { state in
            decide(
                request, key: key, candidates: candidates, matchingStubs: matchingStubs, matchingRules: matchingRules,
                receivedAt: receivedAt, instant: instant, elapsed: elapsed, state: &state)
        }
        return makePlan(decision, request: request, normalized: normalized)
    }

    /// What ``decide(…)`` settled under the lock.
    struct Decision {
        enum Answer {
            case interaction(StubResponse)
            case driftChecked(StoredInteraction, DriftCheck)
            case stub(StubID, ProgrammableStub.Answer)
            case replacingFault(ConnectionFault)
            case upstream(UpstreamForwarder)
            case statusAlone(code: Int, body: Data?)
            case unmatched(exhausted: [Int], stored: [StoredInteraction], useCounts: [Int], stubs: [StubID])
        }

        var sequenceNumber: Int
        var answer: Answer
        var effects: FaultEffects
    }

    private func decide(
        _ request: StubRequest, key: MatchKey, candidates: [Int]?, matchingStubs: [StubID],
        matchingRules: [FaultRuleID], receivedAt: Date, instant: any InstantProtocol<Duration>, elapsed: Duration,
        state: inout PlaybackState
    ) -> Decision {
        let sequenceNumber = state.requestCount + 1
        var fired: [Fault] = []
        for id in matchingRules {
            guard let position = state.faultRules.firstIndex(where: { $0.id == id }) else { continue }
            state.faultRules[position].matchedCount += 1
            let rule = state.faultRules[position]
            if rule.occurrences.contains(rule.matchedCount) { fired.append(rule.fault) }
        }
        let effects = FaultEffects(fired)

        let answer: Decision.Answer
        let responder: JournalEntry.Responder
        if let fault = effects.replacingFault {
            (answer, responder) = (.replacingFault(fault), .fault)
        } else if let stub = claimStub(matchingStubs, in: &state) {
            (answer, responder) = (.stub(stub.id, stub.answer), .stub(stub.id))
        } else {
            switch claimInteraction(for: request, key: key, candidates: candidates, in: &state) {
            case .claimed(let position):
                let item = state.index.stored[position]
                (answer, responder) = (
                    state.driftCheck.map { .driftChecked(item, $0) } ?? .interaction(item.interaction.response),
                    .interaction(source: item.source, index: item.index)
                )
            case .exhausted(let members):
                (answer, responder) = unanswered(exhausted: members, effects: effects, state: state)
            case .none:
                (answer, responder) = unanswered(exhausted: [], effects: effects, state: state)
            }
        }
        state.record(
            JournalEntry(
                sequenceNumber: sequenceNumber, request: request, receivedAt: receivedAt, instant: instant,
                elapsed: elapsed, responder: responder, faults: fired),
            limit: options.journalLimit)
        return Decision(sequenceNumber: sequenceNumber, answer: answer, effects: effects)
    }

    /// Claims the next recorded interaction for `key`. A `HEAD` request nothing was recorded for is
    /// answered from the recorded `GET` (the server then sends the head only), as HTTP servers do.
    private func claimInteraction(
        for request: StubRequest, key: MatchKey, candidates: [Int]?, in state: inout PlaybackState
    ) -> InteractionIndex.Claim {
        let repeatLast = options.exhaustion == .repeatLast
        let claim = state.index.claim(key: key, candidates: candidates, repeatLast: repeatLast)
        guard case .none = claim, request.method == "HEAD", key.method == "HEAD", candidates == nil else {
            return claim
        }
        var getKey = key
        getKey.method = "GET"
        let fallback = state.index.claim(key: getKey, candidates: nil, repeatLast: repeatLast)
        if case .claimed = fallback { return fallback }
        return claim
    }

    private func claimStub(_ matching: [StubID], in state: inout PlaybackState) -> ProgrammableStub? {
        for id in matching {
            guard let position = state.stubs.firstIndex(where: { $0.id == id }) else { continue }
            if let remaining = state.stubs[position].remainingUses {
                guard remaining > 0 else { continue }
                state.stubs[position].remainingUses = remaining - 1
            }
            return state.stubs[position]
        }
        return nil
    }

    private func unanswered(exhausted: [Int], effects: FaultEffects, state: PlaybackState)
        -> (Decision.Answer, JournalEntry.Responder)
    {
        if let forwarder = state.forwarder { return (.upstream(forwarder), .upstream) }
        if let status = effects.status { return (.statusAlone(code: status.code, body: status.body), .fault) }
        return (
            .unmatched(
                exhausted: exhausted, stored: state.index.stored, useCounts: state.index.useCounts,
                stubs: state.stubs.map(\.id)),
            .unmatched
        )
    }
}
