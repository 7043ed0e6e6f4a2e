import BrokenExamples
import ContractEngine
import MockTime
import ModelChecking
import RepositoryContractsPrimitives
import Testing
import TodoExample

/// Parallel plans with conditional updates, for a conformer that declares optimistic concurrency: the
/// specification (a conditional update wins exactly when the token it carries is current), the plans
/// (racing writers from one token), a check-then-act store found and the correct note stores left green.
@Suite("ModelCheck parallel mode: conditional updates")
struct ParallelConditionalUpdateTests {
    /// Stale conditional updates throw `conflict`.
    static let specification = CRUDSpecification(policies: RequestPolicies(), insertionOrder: false, staleError: .conflict)

    /// A conditional update of key 0 sending version `version`, carrying the token of `carried`.
    static func conditional(
        _ version: Int, carrying carried: Int?, _ response: CRUDResponse, _ from: Int, _ to: Int
    ) -> TimedCall<CRUDCall> {
        TimedCall(CRUDCall(.conditionalUpdate(0), version: version, carried: carried, response: response), invocation: from, response: to)
    }

    static let created = TimedCall(CRUDCall(.create(0), version: 1, response: .value([1])), invocation: 1, response: 2)

    static func isLinearizable(_ history: [TimedCall<CRUDCall>], _ specification: CRUDSpecification = specification) -> Bool {
        if case .linearizable = specification.check(history) { return true }
        return false
    }

    @Test("two writers racing from one token: one wins and one is refused as declared; both winning is a lost update")
    func racingWriters() {
        let oneWins = [Self.created, Self.conditional(2, carrying: 1, .value([2]), 3, 5), Self.conditional(3, carrying: 1, .threw(.conflict), 4, 6)]
        #expect(Self.isLinearizable(oneWins))
        let bothWin = [Self.created, Self.conditional(2, carrying: 1, .value([2]), 3, 5), Self.conditional(3, carrying: 1, .value([3]), 4, 6)]
        #expect(!Self.isLinearizable(bothWin), "two updates from one token both succeeded: the first is lost")
        let wrongKind = [Self.created, Self.conditional(2, carrying: 1, .value([2]), 3, 5), Self.conditional(3, carrying: 1, .threw(.invalidInput), 4, 6)]
        #expect(!Self.isLinearizable(wrongKind), "the stale writer must be refused as conflict, the declared kind")
        #expect(Self.isLinearizable(wrongKind, CRUDSpecification(policies: RequestPolicies(), insertionOrder: false)),
                "with no stale kind declared, any error refuses")
    }

    @Test("the current token must win, even alone; a token of no value sent may go either way; a missing key follows updateOfMissing")
    func singleWriter() {
        #expect(!Self.isLinearizable([Self.created, Self.conditional(2, carrying: 1, .threw(.conflict), 3, 4)]))
        #expect(Self.isLinearizable([Self.created, Self.conditional(2, carrying: nil, .threw(.conflict), 3, 4)]))
        #expect(Self.isLinearizable([Self.created, Self.conditional(2, carrying: nil, .value([2]), 3, 4)]))
        // A success must return what was sent.
        #expect(!Self.isLinearizable([Self.created, Self.conditional(2, carrying: 1, .value([1]), 3, 4)]))
        // Never stored: rejected by the default policy, stored by an upsert policy.
        #expect(Self.isLinearizable([Self.conditional(2, carrying: nil, .threw(.notFound), 1, 2)]))
        #expect(!Self.isLinearizable([Self.conditional(2, carrying: nil, .value([2]), 1, 2)]))
        let upserting = CRUDSpecification(policies: RequestPolicies(updateOfMissing: RequestPolicy([.applied])), insertionOrder: false)
        #expect(Self.isLinearizable([Self.conditional(2, carrying: nil, .value([2]), 1, 2)], upserting))
    }

    @Test("a token seen before another write is stale after it, though the two calls overlap nothing else")
    func staleAfterWrite() {
        let plainUpdate = TimedCall(CRUDCall(.update(0), version: 2, response: .value([2])), invocation: 3, response: 4)
        #expect(!Self.isLinearizable([Self.created, plainUpdate, Self.conditional(3, carrying: 1, .value([3]), 5, 6)]))
        #expect(Self.isLinearizable([Self.created, plainUpdate, Self.conditional(3, carrying: 1, .threw(.conflict), 5, 6)]))
    }

    @Test("with optimistic concurrency, some plans race conditional updates of one stored key; soft deletes make no deletes")
    func plans() {
        let generator = ParallelPlanGenerator(capabilities: [.create, .update, .delete], conditionalUpdates: true, deletes: false)
        var racing = 0, conditional = 0
        for seed in 1...200 as ClosedRange<UInt64> {
            var random = SplitMix64(seed: seed)
            let plan = generator.plan(using: &random)
            let calls = plan.prefix + plan.tasks.joined()
            #expect(!calls.contains { if case .delete = $0 { true } else { false } }, "\(plan)")
            if plan.makesConditionalUpdates { conditional += 1 }
            let firstWrites = plan.tasks.map { $0.first { $0.writesValue } }
            if case .conditionalUpdate(let key)? = firstWrites[0], firstWrites.allSatisfy({ $0 == .conditionalUpdate(key) }),
               plan.prefix.contains(.create(key)) { racing += 1 }
        }
        #expect((40...100).contains(racing), "\(racing) of 200 plans race conditional updates from one token")
        #expect(conditional >= 150, "\(conditional) of 200 plans make a conditional update")
        let crud = ParallelPlanGenerator(capabilities: [.create, .update, .delete])
        for seed in 1...50 as ClosedRange<UInt64> {
            var random = SplitMix64(seed: seed)
            #expect(!crud.plan(using: &random).makesConditionalUpdates)
        }
        #expect(ParallelPlan(prefix: [.create(0)], tasks: [[.conditionalUpdate(0)], [.fetch(0), .conditionalUpdate(0)]]).swiftSource
            == "ParallelPlan(prefix: [.create(0)], tasks: [[.conditionalUpdate(0)], [.fetch(0), .conditionalUpdate(0)]])")
    }

    @Test("a store that checks the version, then awaits, then writes is found in parallel mode: a lost update, shrunk")
    func checkThenActFound() async throws {
        var found = 0
        var failure: ParallelFailure?
        for seed in 1...6 as ClosedRange<UInt64> {
            let result = await ModelCheck.check(VersionBugs.checkThenAct, factory: NoteContracts.factory, runs: 1, seed: seed, parallelRuns: 40)
            #expect(result.failure == nil, "the sequential run passes: \(result)")
            if let parallel = result.parallel?.failure {
                found += 1
                failure = failure ?? parallel
            }
        }
        #expect(found >= 5, "found in \(found) of 6 seeds")
        let shown = try #require(failure)
        #expect(shown.shrunk.makesConditionalUpdates, "\(shown.shrunk)")
        #expect(shown.shrunk.callCount <= 4, "\(shown.shrunk)")
        #expect(shown.timeline.joined(separator: "\n").contains("→ conditionalUpdate(k"))
        let outcomes = try await ModelCheck.replayParallel(shown.shrunk, on: VersionBugs.checkThenAct, factory: NoteContracts.factory, repetitions: 20)
        #expect(outcomes.contains { $0.failed })
    }

    @Test("the correct note stores pass parallel plans with conditional updates", arguments: [NoteContracts.inMemory, NoteContracts.fileBacked])
    func correctStoresPass(_ conformance: Conformance<CRUD<Note>>) async {
        let result = await ModelCheck.check(conformance, factory: NoteContracts.factory, runs: 1, seed: 0x45, parallelRuns: 40)
        #expect(result.passed, "\(result)")
        #expect(result.parallel?.plans == 40)
    }

    @Test("ModelCheck gives a soft-deleting conformer parallel plans without deletes: only the sequential runs delete")
    func softDeletingConformerParallelPlansMakeNoDeletes() async {
        // The same seed draws the same sequential runs, so any delete the parallel plans made would show
        // as a difference between a check without parallel plans and one with 20.
        func deletes(parallelRuns: Int) async -> Int {
            let count = Protected(0)
            let conformance = NoteContracts.declaringFamilies(Conformance<CRUD<Note>>("counted notes") {
                let clock = MockClock()
                let store = InMemoryNoteStore(now: { clock.date })
                var witness = NoteContracts.witness(store, clock: clock)
                witness.delete = { id in
                    count.withLock { $0 += 1 }
                    try await store.delete(id: id)
                }
                // The soft delete is the witness's delete, taken when `.softDeleting` is applied: again here.
                return witness.softDeleting(restore: { try await store.restore(id: $0) }, purge: { try await store.purge(id: $0) })
            })
            let result = await ModelCheck.check(conformance, factory: NoteContracts.factory, runs: 3, seed: 0x49, parallelRuns: parallelRuns)
            #expect(result.passed, "\(result)")
            #expect(result.parallel?.plans == (parallelRuns == 0 ? nil : parallelRuns))
            return count.withLock { $0 }
        }
        let sequentialOnly = await deletes(parallelRuns: 0)
        #expect(sequentialOnly > 0, "the sequential runs delete")
        #expect(await deletes(parallelRuns: 20) == sequentialOnly)
    }
}

