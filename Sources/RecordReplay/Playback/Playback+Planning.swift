import RecordReplayMessages
import RepositoryContractsPrimitives
import Foundation
@_spi(Benchmarks) import RecordReplayWire
@_spi(Benchmarks) import RecordReplayRedaction

extension Playback {
    /// Decides how to answer `request`, and journals it: playback's one entry point, a request in and a
    /// plan out. ``StubServer`` asks it for every request its socket server decodes (with what the
    /// connection kept from the request before) and carries the plan out on the connection; any other
    /// transport (an in-process `URLProtocol`, a command) can call it the same way. Recording and the
    /// drift check plug in behind it, as ``StubServer/loadFixture(named:)`` sets them up for the record
    /// mode.
    ///
    /// Returns at once: a delay or an `async` stub closure comes back as a ``ResponsePlan/deferred(_:)``
    /// plan, which returns promptly (closing the connection) when its task is cancelled. Safe to call
    /// from many threads at once; each recorded interaction answers exactly one request (unless
    /// ``PlaybackOptions/Exhaustion/repeatLast`` reuses the last).
    @_spi(Benchmarks) public func plan(for request: StubRequest) -> ResponsePlan {
        plan(for: request, reusing: nil).plan
    }

    /// ``plan(for:)`` for a request read from a connection, with what the connection kept from the last
    /// request it read (``RecordReplayWire/RequestMemo``): the very same request again is not
    /// normalised and looked up again while the loaded fixtures stay the same. ``StubServer``'s listener
    /// calls it.
    func plan(for request: StubRequest, memo: inout RequestMemo) -> ResponsePlan {
        // The listener calls this playback alone, so what it kept is this playback's.
        let (plan, made) = plan(for: request, reusing: memo.isRepeat ? memo.kept as? PlanMemo : nil)
        if let made { memo.kept = PlanMemo(made) }
        return plan
    }

    /// The plan for `request`, and the look-up made for it: `nil` when `kept` (how the very same request
    /// was looked up before, if it was) still held. The look-up is moved, never copied: a caller that
    /// keeps nothing pays for no more than the look-up itself.
    private func plan(for request: StubRequest, reusing kept: PlanMemo?) -> (plan: ResponsePlan, made: RequestLookUp?) {
        let arrival = Arrival(request: request, journalBodyLimit: options.journalBodyLimit, clock: clock)
        // Normalised and keyed off the lock, unless the very same request was looked up before.
        var fresh = kept == nil ? normalizedAndKeyed(request) : nil
        // The state's lock is taken once to decide when no user closure is in play (no stub, no fault
        // rule, no closure matcher: a replayed request). User closures never run under the lock, so when
        // one is in play the lock is taken twice: once for the snapshot they run on, once to decide.
        // (An unmatched request takes it once more, after the decision, to keep its diagnostic.)
        let decision: Decision
        let (look, made) = state.withLock { state -> (FirstLook, RequestLookUp?) in
            if let kept, kept.lookUp.holds(for: state.index) {
                return (firstLook(at: request, lookUp: kept.lookUp, arrival: arrival, state: &state), nil)
            }
            // A look-up kept from before fixtures were loaded keeps its normalised form and key only.
            let (normalized, key) = fresh.take() ?? (kept!.lookUp.normalized, kept!.lookUp.keys.received)
            let made = lookUp(normalized, key: key, in: state.index)
            return (firstLook(at: request, lookUp: made, arrival: arrival, state: &state), made)
        }
        switch consume look {
        case .decided(let decided):
            decision = decided
        case .screen(let snapshot):
            let screening = snapshot.screening(request, closureMatchers: normalizer.closureMatchers)
            decision = state.withLock { state in
                // Passed as it is, the made or the kept look-up, so that neither is copied.
                if let made { return decide(request, lookUp: made, screening: screening, arrival: arrival, state: &state) }
                return decide(request, lookUp: kept!.lookUp, screening: screening, arrival: arrival, state: &state)
            }
        }
        let plan = makePlan(decision, request: request)
        // Noted once the plan is made, so that a request ``waitForRequests(count:)`` counts has its
        // unmatched-request finding (made while planning) already in the report.
        requestWaiters.noteRequest()
        return (plan, made)
    }

    /// `request` normalised, and its key.
    private func normalizedAndKeyed(_ request: StubRequest) -> (NormalizedRequest, MatchKey) {
        let normalized = normalizer.normalize(request)
        return (normalized, normalizer.key(for: normalized))
    }

    /// The look-up of a request normalised and keyed as `normalized` and `key`, in `index`, under the
    /// state's lock.
    private func lookUp(_ normalized: NormalizedRequest, key: MatchKey, in index: InteractionIndex) -> RequestLookUp {
        let keys = lookupKeys(key, for: normalized, redactedShapes: index.redactedShapes)
        return RequestLookUp(normalized: normalized, keys: keys, in: index)
    }

    /// When and how a request arrived, read before the lock is taken.
    struct Arrival {
        let receivedAt: Date
        let instant: any InstantProtocol<Duration>
        let elapsed: Duration
        /// The request as the journal keeps it.
        let journaled: StubRequest

        init(request: StubRequest, journalBodyLimit: Int, clock: PlaybackClock) {
            receivedAt = Date()
            (instant, elapsed) = clock.now()
            journaled = request.keepingBody(upTo: journalBodyLimit)
        }
    }

    /// What the first look under the lock gives: the decision, or the snapshot the user closures run on
    /// before it.
    enum FirstLook {
        case decided(Decision)
        case screen(ScreeningSnapshot)
    }

    /// The decision when no user closure is in play, else a snapshot for them.
    private func firstLook(
        at request: StubRequest, lookUp: RequestLookUp, arrival: Arrival, state: inout PlaybackState
    ) -> FirstLook {
        let filtersWithClosures = !normalizer.closureMatchers.isEmpty
        guard filtersWithClosures || !state.stubs.isEmpty || !state.faultRules.isEmpty else {
            return .decided(decide(request, lookUp: lookUp, screening: Screening(), arrival: arrival, state: &state))
        }
        return .screen(
            ScreeningSnapshot(
                stubs: state.stubs, faultRules: state.faultRules,
                members: filtersWithClosures
                    ? lookUp.keys.flatMap { state.index.members(for: $0, origin: lookUp.normalized.origin) } : nil,
                stored: filtersWithClosures ? state.index.stored : []))
    }

    /// What the user closures of a request's screening run on, copied under the lock.
    struct ScreeningSnapshot {
        let stubs: [ProgrammableStub]
        let faultRules: [FaultRule]
        /// The positions of the interactions recorded under the keys, when closure matchers filter them.
        let members: [Int]?
        let stored: [StoredInteraction]

        /// Runs the stubs' and fault rules' patterns and the closure matchers on `request`, off the lock.
        func screening(
            _ request: StubRequest, closureMatchers: [(name: String, matches: @Sendable (StubRequest, StubRequest) -> Bool)]
        ) -> Screening {
            Screening(
                matchingStubs: stubs.reversed().filter { $0.pattern.matches(request) }.map(\.id),
                matchingRules: faultRules.filter { $0.pattern.matches(request) }.map(\.id),
                candidates: members?.filter { position in
                    closureMatchers.allSatisfy { $0.matches(stored[position].interaction.request, request) }
                })
        }
    }

    /// What passed the user closures: the stubs (newest first) and fault rules whose patterns match, and
    /// the recorded interactions the closure matchers accept (`nil`: there are none, the index decides).
    struct Screening {
        var matchingStubs: [StubID] = []
        var matchingRules: [FaultRuleID] = []
        var candidates: [Int]?
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

    /// The keys a request is looked up under, in order: `key`, as received, then with the placeholder in the
    /// places each fixture redacted (a client sending its real credentials matches the redacted
    /// recording).
    private func lookupKeys(_ key: MatchKey, for normalized: NormalizedRequest, redactedShapes: [RedactedSlots]) -> LookupKeys {
        var keys = LookupKeys(key)
        for shape in redactedShapes {
            keys.appendIfNew(normalizer.key(for: shape.applied(to: normalized)))
        }
        return keys
    }

    /// Decides under the lock: the faults that fire, then the answer (a replacing fault, a stub, a
    /// recorded interaction, the hooks, the diagnostic), and journals the request.
    private func decide(
        _ request: StubRequest, lookUp: RequestLookUp, screening: Screening, arrival: Arrival, state: inout PlaybackState
    ) -> Decision {
        let sequenceNumber = state.requestCount + 1
        var fired: [Fault] = []
        for id in screening.matchingRules {
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
        } else if let stub = claimStub(screening.matchingStubs, in: &state) {
            (answer, responder) = (.stub(stub.id, stub.answer), .stub(stub.id))
        } else {
            switch claimInteraction(for: request, lookUp: lookUp, candidates: screening.candidates, in: &state) {
            case .claimed(let position):
                // Read in place: copying the whole stored interaction costs every replayed request.
                if options.replaysRecordedLatency, let latency = state.index.stored[position].interaction.latency {
                    effects.delay += latency
                }
                let responded = JournalEntry.Responder.interaction(
                    source: state.index.stored[position].source, index: state.index.stored[position].index)
                if let observer = state.answeredObserver {
                    (answer, responder) = (.observed(state.index.stored[position], observer), responded)
                } else {
                    (answer, responder) = (.interaction(state.index.stored[position].interaction.response), responded)
                }
            case .exhausted(let members):
                (answer, responder) = unanswered(exhausted: members, effects: effects, state: state)
            case .none:
                (answer, responder) = unanswered(exhausted: [], effects: effects, state: state)
            }
        }
        state.record(
            JournalEntry(
                sequenceNumber: sequenceNumber, request: arrival.journaled,
                bodyByteCount: request.body.count, receivedAt: arrival.receivedAt, instant: arrival.instant,
                elapsed: arrival.elapsed, responder: responder, faults: fired),
            limit: options.journalLimit)
        return Decision(sequenceNumber: sequenceNumber, answer: answer, effects: effects)
    }

    /// Claims the next recorded interaction under the first of the look-up's keys that has one (a
    /// used-up match is reported only when no key has a free one). A `HEAD` request nothing was recorded
    /// for is answered from the recorded `GET` (the server then sends the head only), as HTTP servers do.
    private func claimInteraction(
        for request: StubRequest, lookUp: RequestLookUp, candidates: [Int]?, in state: inout PlaybackState
    ) -> InteractionIndex.Claim {
        let repeatLast = options.exhaustion == .repeatLast
        let origin = normalizer.replacedFields.contains(.origin) ? nil : request.origin
        if let candidates {
            return state.index.claim(
                key: lookUp.keys.received, origin: origin, candidates: candidates, repeatLast: repeatLast)
        }
        // The received key's bucket as found when looking up, unless an interaction was loaded since
        // (between the two looks at the state when user closures screen the request).
        let receivedBucket = lookUp.holds(for: state.index)
            ? lookUp.receivedBucket : state.index.bucketPosition(for: lookUp.keys.received)
        var firstExhausted: InteractionIndex.Claim?
        switch state.index.claim(bucketAt: receivedBucket, origin: origin, repeatLast: repeatLast) {
        case .claimed(let position): return .claimed(position)
        case .exhausted(let members): firstExhausted = .exhausted(members)
        case .none: break
        }
        for key in lookUp.keys.redacted {
            let claim = state.index.claim(key: key, origin: origin, candidates: nil, repeatLast: repeatLast)
            switch claim {
            case .claimed: return claim
            case .exhausted: firstExhausted = firstExhausted ?? claim
            case .none: continue
            }
        }
        if let firstExhausted { return firstExhausted }
        guard request.method == "HEAD" else { return .none }
        for key in lookUp.keys where key.method == "HEAD" {
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
    private func makePlan(_ decision: Decision, request: StubRequest) -> ResponsePlan {
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
            let sequenceNumber = decision.sequenceNumber
            if effects.delay == .zero, let blocking = handler.blockingAnswer(to: request, sequenceNumber: sequenceNumber) {
                return .blocking(
                    BlockingDecision(
                        decide: { self.plan(for: blocking.answer(), to: request, sequenceNumber: sequenceNumber, effects: effects) },
                        cancel: blocking.cancel))
            }
            return .deferred { [clock] in
                if effects.delay > .zero, !(await Self.sleep(effects.delay, on: clock)) {
                    return .fault(.closeWithoutReply)
                }
                let answer = await handler.answer(request, sequenceNumber: sequenceNumber)
                return self.plan(for: answer, to: request, sequenceNumber: sequenceNumber, effects: effects)
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

    /// The plan that sends the unanswered-request handler's `answer` to `request`: with the fault `effects`
    /// applied, or as it is (kept as an unmatched request's diagnostic) when the handler could not answer.
    private func plan(
        for answer: UnansweredRequestAnswer, to request: StubRequest, sequenceNumber: Int, effects: FaultEffects
    ) -> ResponsePlan {
        switch answer {
        case .response(let response):
            return effects.applied(to: response)
        case .failed(let response, let diagnostic):
            state.withLock {
                $0.unmatchedRequests.append(
                    .init(
                        sequenceNumber: sequenceNumber, request: request.keepingBody(upTo: options.journalBodyLimit),
                        diagnostic: diagnostic))
            }
            return .respond(response)
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
        guard status != nil || truncation != nil else { return .respond(response) }
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
