import ContractEngine
import ModelChecking
import Testing

/// The linearizability search on hand-written histories: each call is `(operation, version, response)`
/// between two ticks of the logical clock.
@Suite("ModelCheck linearizability checker")
struct LinearizabilityCheckerTests {
    static let rejecting = CRUDSpecification(policies: RequestPolicies(), insertionOrder: true)

    static func call(
        _ operation: ParallelOperation, _ version: Int? = nil, _ response: CRUDResponse, _ from: Int, _ to: Int
    ) -> TimedCall<CRUDCall> {
        TimedCall(CRUDCall(operation, version: version, response: response), invocation: from, response: to)
    }

    static func isLinearizable(_ verdict: LinearizabilityVerdict<CRUDState>) -> Bool {
        if case .linearizable = verdict { return true }
        return false
    }

    static func deadEnds(_ verdict: LinearizabilityVerdict<CRUDState>) -> [DeadEnd<CRUDState>]? {
        if case .notLinearizable(let deadEnds) = verdict { return deadEnds }
        return nil
    }

    @Test("a sequential history that follows the model is linearizable; one that does not is not")
    func sequential() {
        let good = [
            Self.call(.create(0), 1, .value([1]), 1, 2), Self.call(.update(0), 2, .value([2]), 3, 4),
            Self.call(.fetch(0), nil, .value([2]), 5, 6), Self.call(.delete(0), nil, .completed, 7, 8),
            Self.call(.fetch(0), nil, .nothing, 9, 10), Self.call(.update(0), 3, .threw(.notFound), 11, 12),
        ]
        #expect(Self.isLinearizable(Self.rejecting.check(good)))
        var stale = good
        stale[2] = Self.call(.fetch(0), nil, .value([1]), 5, 6)
        let ends = Self.deadEnds(Self.rejecting.check(stale))
        #expect(ends?.first?.order == [0, 1])
        #expect(ends?.first?.state.versions == [0: 2])
        #expect(ends?.first?.stuck == [2])
    }

    @Test("overlapping calls may take effect in either order")
    func overlapping() {
        // fetch overlaps the create: it may come first (nil) or after (v1).
        for response in [CRUDResponse.nothing, .value([1])] {
            let history = [Self.call(.create(0), 1, .value([1]), 1, 4), Self.call(.fetch(0), nil, response, 2, 3)]
            #expect(Self.isLinearizable(Self.rejecting.check(history)))
        }
        // Two overlapping updates, read back: either may win.
        for winner in [2, 3] {
            let history = [
                Self.call(.create(0), 1, .value([1]), 1, 2), Self.call(.update(0), 2, .value([2]), 3, 6),
                Self.call(.update(0), 3, .value([3]), 4, 5), Self.call(.fetch(0), nil, .value([winner]), 7, 8),
            ]
            #expect(Self.isLinearizable(Self.rejecting.check(history)))
        }
    }

    @Test("a fetch that sees a create invoked after it returned is not linearizable")
    func fromTheFuture() {
        let history = [Self.call(.fetch(0), nil, .value([1]), 1, 2), Self.call(.create(0), 1, .value([1]), 3, 4)]
        #expect(Self.deadEnds(Self.rejecting.check(history)) != nil)
    }

    @Test("two creates of one id both succeeding: rejected when create of existing must throw, fine when it may overwrite")
    func racingCreates() {
        let history = [
            Self.call(.create(0), 1, .value([1]), 1, 3), Self.call(.create(0), 2, .value([2]), 2, 4),
            Self.call(.fetch(0), nil, .value([2]), 5, 6),
        ]
        #expect(Self.deadEnds(Self.rejecting.check(history)) != nil)
        let overwriting = CRUDSpecification(policies: RequestPolicies(createOfExisting: RequestPolicy([.applied])), insertionOrder: true)
        #expect(Self.isLinearizable(overwriting.check(history)))
        // One of them rejected, as the policy says: linearizable.
        var oneRejected = history
        oneRejected[0] = Self.call(.create(0), 1, .threw(.conflict), 1, 3)
        #expect(Self.isLinearizable(Self.rejecting.check(oneRejected)))
    }

    @Test("a lost update: two creates of different ids both succeed, one is gone afterwards")
    func lostUpdate() {
        let history = [
            Self.call(.create(0), 1, .value([1]), 1, 3), Self.call(.create(1), 2, .value([2]), 2, 4),
            Self.call(.fetch(0), nil, .value([1]), 5, 6), Self.call(.fetch(1), nil, .nothing, 7, 8),
        ]
        let ends = Self.deadEnds(Self.rejecting.check(history))
        #expect(ends?.first?.stuck == [3], "the per-id check of k1 fails at the fetch")
        // The same with fetchAll: checked as a whole.
        var listed = Array(history.prefix(2))
        listed.append(Self.call(.fetchAll, nil, .listed([.init(key: 0, versions: [1])]), 5, 6))
        #expect(Self.deadEnds(Self.rejecting.check(listed)) != nil)
        listed[2] = Self.call(.fetchAll, nil, .listed([.init(key: 1, versions: [2]), .init(key: 0, versions: [1])]), 5, 6)
        #expect(Self.isLinearizable(Self.rejecting.check(listed)), "either create may come first")
        listed[2] = Self.call(.fetchAll, nil, .listed([.init(key: 1, versions: [2]), .init(key: nil, versions: [])]), 5, 6)
        #expect(Self.deadEnds(Self.rejecting.check(listed)) != nil, "an id never used")
    }

    @Test("a delete lost behind an overlapping update resurrects the entity")
    func resurrected() {
        // The delete runs inside the update: the update must take effect first (after the delete it would be
        // an update of a missing id, which must throw), so the entity is gone afterwards.
        var history = [
            Self.call(.create(0), 1, .value([1]), 1, 2), Self.call(.update(0), 2, .value([2]), 3, 6),
            Self.call(.delete(0), nil, .completed, 4, 5), Self.call(.fetch(0), nil, .nothing, 7, 8),
        ]
        #expect(Self.isLinearizable(Self.rejecting.check(history)))
        history[3] = Self.call(.fetch(0), nil, .value([2]), 7, 8)
        #expect(Self.deadEnds(Self.rejecting.check(history)) != nil)
    }

    @Test("policies: an upsert of a missing id stores it; a delete of a missing id may be ignored")
    func policies() {
        let upserting = CRUDSpecification(policies: RequestPolicies(updateOfMissing: RequestPolicy([.applied])), insertionOrder: true)
        let history = [
            Self.call(.delete(0), nil, .completed, 1, 2), Self.call(.update(0), 1, .value([1]), 3, 4),
            Self.call(.fetch(0), nil, .value([1]), 5, 6),
        ]
        #expect(Self.isLinearizable(upserting.check(history)))
        #expect(Self.deadEnds(Self.rejecting.check(history)) != nil, "update of a missing id must throw by default")
    }

    @Test("fetchAll in declared insertion order: a listing out of creation order is not linearizable")
    func insertionOrder() {
        let history = [
            Self.call(.create(0), 1, .value([1]), 1, 2), Self.call(.create(1), 2, .value([2]), 3, 4),
            Self.call(.fetchAll, nil, .listed([.init(key: 1, versions: [2]), .init(key: 0, versions: [1])]), 5, 6),
        ]
        #expect(Self.deadEnds(Self.rejecting.check(history)) != nil)
        let unordered = CRUDSpecification(policies: RequestPolicies(), insertionOrder: false)
        #expect(Self.isLinearizable(unordered.check(history)))
    }

    @Test("the step limit turns a search that would run long into inconclusive")
    func stepLimit() {
        // Twelve overlapping updates of one id, then a read of a value nobody wrote: the search must try
        // every order of the updates before it can say no.
        var history = [Self.call(.create(0), 1, .value([1]), 1, 2)]
        for index in 0..<12 {
            history.append(Self.call(.update(0), index + 2, .value([index + 2]), 3 + index, 100 + index))
        }
        history.append(Self.call(.fetch(0), nil, .value([99]), 200, 201))
        let limited = Self.rejecting.check(history, stepLimit: 50)
        guard case .inconclusive(let steps) = limited else {
            Issue.record("expected inconclusive, got \(limited)")
            return
        }
        #expect(steps > 50)
        // With the default limit, the cache keeps the same search small enough to decide.
        let started = ContinuousClock.now
        #expect(Self.deadEnds(Self.rejecting.check(history)) != nil)
        print("linearizability twelve concurrent writes: decided in \(ContinuousClock.now - started)")
    }
}

extension LinearizabilityCheckerTests {
    /// The longest history the default budget makes: a prefix of four calls, four tasks of four calls
    /// each, all tasks in lockstep so every call overlaps three others, and a read-back of three keys.
    /// The last read returns a value nobody wrote, so the search must exhaust every order before it
    /// answers. It prints the time taken (the README's figure); it asserts only the verdict.
    @Test("the worst case the default budget makes is decided within the default step limit")
    func worstCase() {
        var history = [
            Self.call(.create(0), 1, .value([1]), 1, 2), Self.call(.create(1), 2, .value([2]), 3, 4),
            Self.call(.create(2), 3, .value([3]), 5, 6), Self.call(.fetchAll, nil, .listed([
                .init(key: 0, versions: [1]), .init(key: 1, versions: [2]), .init(key: 2, versions: [3]),
            ]), 7, 8),
        ]
        var version = 3
        for step in 0..<4 {
            for task in 0..<4 {
                version += 1
                let start = 10 + step * 10 + task
                history.append(Self.call(.update((task + step) % 3), version, .value([version]), start, start + 8))
            }
        }
        history.append(Self.call(.fetch(0), nil, .value([99]), 100, 101))
        history += [Self.call(.fetch(1), nil, .nothing, 102, 103), Self.call(.fetch(2), nil, .nothing, 104, 105)]
        #expect(history.count == 23)
        let started = ContinuousClock.now
        let verdict = Self.rejecting.check(history)
        let took = ContinuousClock.now - started
        #expect(Self.deadEnds(verdict) != nil, "\(verdict)")
        print("linearizability worst case: \(history.count) calls decided in \(took)")
    }
}
