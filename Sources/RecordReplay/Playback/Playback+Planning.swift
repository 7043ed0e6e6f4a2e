import RepositoryContractsPrimitives
import Foundation
@_spi(Benchmarks) import RecordReplayWire
@_spi(Benchmarks) import RecordReplayRedaction

extension Playback {
    /// Decides how to answer `request`, and journals it: playback's one entry point, a request in and a
    /// plan out. ``StubServer`` calls it for every request its socket server decodes and carries the plan
    /// out on the connection; any other transport (an in-process `URLProtocol`, a command) can call it
    /// the same way. Recording and the drift check plug in behind it, as ``StubServer/loadFixture(named:)``
    /// sets them up for the record mode.
    ///
    /// Returns at once: a delay or an `async` stub closure comes back as a ``ResponsePlan/deferred(_:)``
    /// plan, which returns promptly (closing the connection) when its task is cancelled. Safe to call
    /// from many threads at once; each recorded interaction answers exactly one request (unless
    /// ``PlaybackOptions/Exhaustion/repeatLast`` reuses the last).
    @_spi(Benchmarks) public func plan(for request: StubRequest) -> ResponsePlan {
        let receivedAt = Date()
        let (instant, elapsed) = clock.now()
        let normalized = normalizer.normalize(request)
        let filtersWithClosures = !normalizer.closureMatchers.isEmpty

        // Evaluate user closures (patterns, matchers) on a snapshot, outside the lock.
        let (stubs, faultRules, shapes) = state.withLock { ($0.stubs, $0.faultRules, $0.index.redactedShapes) }
        let keys = lookupKeys(for: normalized, redactedShapes: shapes)
        let (members, stored) =
            filtersWithClosures
            ? state.withLock { state in
                (keys.flatMap { state.index.members(for: $0, origin: normalized.origin) }, state.index.stored)
            }
            : ([], [])
        let matchingStubs = stubs.reversed().filter { $0.pattern.matches(request) }.map(\.id)
        let matchingRules = faultRules.filter { $0.pattern.matches(request) }.map(\.id)
        let candidates: [Int]? =
            filtersWithClosures
            ? members.filter { position in
                normalizer.closureMatchers.allSatisfy { $0.matches(stored[position].interaction.request, request) }
            } : nil

        let decision = state.withLock { state in
            decide(
                request, keys: keys, candidates: candidates, matchingStubs: matchingStubs, matchingRules: matchingRules,
                receivedAt: receivedAt, instant: instant, elapsed: elapsed, state: &state)
        }
        requestWaiters.noteRequest()
        return makePlan(decision, request: request, normalized: normalized)
    }

    /// What ``decide(…)`` settled under the lock.
    struct Decision {
        enum Answer {
            case interaction(StubResponse)
            /// An interaction whose request the answered-request observer is told of first.
            case observed(StoredInteraction, any AnsweredRequestObserver)
            case stub(StubID, ProgrammableStub.Answer)
            case replacingFault(ConnectionFault)
            /// Handed over to the unanswered-request handler.
            case handedOver(any UnansweredRequestHandler)
            case statusAlone(code: Int, body: Data?)
            case unmatched(exhausted: [Int], stored: [StoredInteraction], useCounts: [Int], stubs: [StubID], missingFixture: MissingFixtureNote?)
        }

        var sequenceNumber: Int
        var answer: Answer
        var effects: FaultEffects
    }

    /// The keys `request` is looked up under, in order: as received, then with the placeholder in the
    /// places each fixture redacted (a client sending its real credentials matches the redacted
    /// recording).
    private func lookupKeys(for normalized: NormalizedRequest, redactedShapes: [RedactedSlots]) -> [MatchKey] {
        var keys = [normalizer.key(for: normalized)]
        for shape in redactedShapes {
            let key = normalizer.key(for: shape.applied(to: normalized))
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    private func decide(
        _ request: StubRequest, keys: [MatchKey], candidates: [Int]?, matchingStubs: [StubID],
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
        var effects = FaultEffects(fired)

        let answer: Decision.Answer
        let responder: JournalEntry.Responder
        if let fault = effects.replacingFault {
            (answer, responder) = (.replacingFault(fault), .fault)
        } else if let stub = claimStub(matchingStubs, in: &state) {
            (answer, responder) = (.stub(stub.id, stub.answer), .stub(stub.id))
        } else {
            switch claimInteraction(for: request, keys: keys, candidates: candidates, in: &state) {
            case .claimed(let position):
                let item = state.index.stored[position]
                if options.replaysRecordedLatency, let latency = item.interaction.latency {
                    effects.delay += latency
                }
                (answer, responder) = (
                    state.answeredObserver.map { .observed(item, $0) } ?? .interaction(item.interaction.response),
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
                sequenceNumber: sequenceNumber, request: request.keepingBody(upTo: options.journalBodyLimit),
                bodyByteCount: request.body.count, receivedAt: receivedAt, instant: instant,
                elapsed: elapsed, responder: responder, faults: fired),
            limit: options.journalLimit)
        return Decision(sequenceNumber: sequenceNumber, answer: answer, effects: effects)
    }

    /// Claims the next recorded interaction under the first of `keys` that has one (a used-up match
    /// is reported only when no key has a free one). A `HEAD` request nothing was recorded for is
    /// answered from the recorded `GET` (the server then sends the head only), as HTTP servers do.
    private func claimInteraction(
        for request: StubRequest, keys: [MatchKey], candidates: [Int]?, in state: inout PlaybackState
    ) -> InteractionIndex.Claim {
        let repeatLast = options.exhaustion == .repeatLast
        let origin = normalizer.replacedFields.contains(.origin) ? nil : request.origin
        if let candidates {
            return state.index.claim(
                key: keys[0], origin: origin, candidates: candidates, repeatLast: repeatLast)
        }
        var firstExhausted: InteractionIndex.Claim?
        for key in keys {
            let claim = state.index.claim(key: key, origin: origin, candidates: nil, repeatLast: repeatLast)
            switch claim {
            case .claimed: return claim
            case .exhausted: firstExhausted = firstExhausted ?? claim
            case .none: continue
            }
        }
        if let firstExhausted { return firstExhausted }
        guard request.method == "HEAD" else { return .none }
        for key in keys where key.method == "HEAD" {
            var getKey = key
            getKey.method = "GET"
            let fallback = state.index.claim(
                key: getKey, origin: origin, candidates: nil, repeatLast: repeatLast)
            if case .claimed = fallback { return fallback }
        }
        return .none
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
        if let handler = state.unansweredHandler { return (.handedOver(handler), .upstream) }
        if let status = effects.status { return (.statusAlone(code: status.code, body: status.body), .fault) }
        return (
            .unmatched(
                exhausted: exhausted, stored: state.index.stored, useCounts: state.index.useCounts,
                stubs: state.stubs.map(\.id), missingFixture: state.missingFixture),
            .unmatched
        )
    }

    // MARK: The plan

    /// Turns a decision into the plan the connection carries out.
    private func makePlan(_ decision: Decision, request: StubRequest, normalized: NormalizedRequest) -> ResponsePlan {
        let effects = decision.effects
        let ready: ResponsePlan
        switch decision.answer {
        case .interaction(let response), .stub(_, .constant(let response)):
            ready = effects.applied(to: response)
        case .observed(let item, let observer):
            return .deferred { [clock, state] in
                if effects.delay > .zero, !(await Self.sleep(effects.delay, on: clock)) {
                    return .fault(.closeWithoutReply)
                }
                let source = item.source
                await observer.observe(request, answeredBy: item, sequenceNumber: decision.sequenceNumber) {
                    state.withLock { $0.index.stored.filter { $0.source == source }.map(\.interaction.request) }
                }
                if Task.isCancelled { return .fault(.closeWithoutReply) }
                return effects.applied(to: item.interaction.response)
            }
        case .replacingFault(let fault):
            ready = .fault(fault)
        case .statusAlone(let code, let body):
            ready = .respond(StubResponse(status: code, body: body ?? Data()))
        case .unmatched(let exhausted, let stored, let useCounts, let stubs, let missingFixture):
            // The diagnostic goes to test logs: it shows the request, and the recorded requests it is
            // compared with, as the scope's redaction leaves them.
            let shown = redaction.shown(request)
            ready = .respond(
                unmatchedResponse(
                    UnmatchedDiagnosis(
                        sequenceNumber: decision.sequenceNumber, sent: request, request: shown,
                        normalized: normalizer.normalize(shown),
                        stored: stored, useCounts: useCounts, exhausted: exhausted, stubs: stubs,
                        normalizer: normalizer, customMatchers: options.customMatchers, missingFixture: missingFixture,
                        redaction: redaction),
                    request: request, sequenceNumber: decision.sequenceNumber))
        case .handedOver(let handler):
            return .deferred { [clock, state] in
                if effects.delay > .zero, !(await Self.sleep(effects.delay, on: clock)) {
                    return .fault(.closeWithoutReply)
                }
                switch await handler.answer(request, sequenceNumber: decision.sequenceNumber) {
                case .response(let response):
                    return effects.applied(to: response)
                case .failed(let response, let diagnostic):
                    state.withLock {
                        $0.unmatchedRequests.append(
                            .init(
                                sequenceNumber: decision.sequenceNumber,
                                request: request.keepingBody(upTo: self.options.journalBodyLimit), diagnostic: diagnostic))
                    }
                    return .respond(response)
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

/// The combined effect of the faults that fired for one request (see ``Fault`` for how they combine).
struct FaultEffects: Sendable {
    var delay: Duration = .zero
    var status: (code: Int, body: Data?)?
    var truncation: Int?
    var replacingFault: ConnectionFault?

    init(_ faults: [Fault]) {
        for fault in faults {
            switch fault.kind {
            case .delay(let duration): delay += duration
            case .status(let code, let body): if status == nil { status = (code, body) }
            case .truncatedBody(let bytes): if truncation == nil { truncation = max(0, bytes) }
            case .replacing(let connectionFault): if replacingFault == nil { replacingFault = connectionFault }
            }
        }
    }

    /// The plan for sending `response` with the status override and truncation applied.
    func applied(to response: StubResponse) -> ResponsePlan {
        var response = response
        if let status {
            response.status = status.code
            response.reason = nil
            if let body = status.body { response.body = body }
        }
        if let truncation {
            return .fault(.truncatedBody(response, keepingBytes: min(truncation, response.body.count)))
        }
        return .respond(response)
    }
}
