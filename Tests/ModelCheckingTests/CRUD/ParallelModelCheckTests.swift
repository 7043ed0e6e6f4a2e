import BrokenExamples
import ContractEngine
import Foundation
import ModelChecking
import RepositoryContractsPrimitives
import Testing
import TodoExample

/// The parallel mode on actors with logic races and on correct conformers. No test relies on one
/// interleaving: detection is asserted over many seeds with a margin, passing over many runs.
@Suite("ModelCheck parallel mode")
struct ParallelModelCheckTests {
    static let factory = ExampleContracts.todoFactory

    /// Seeds per racy conformer: `REPOSITORY_CONTRACTS_RACE_SEEDS` (100 for the README's figures), else 12
    /// (each check shrinks what it finds, which is most of its cost on a loaded machine).
    static var seeds: Int {
        ProcessInfo.processInfo.environment["REPOSITORY_CONTRACTS_RACE_SEEDS"].flatMap { Int($0) } ?? 12
    }

    /// Sequential runs before the parallel ones: the default when measuring, one in the suite (the racy
    /// actors pass them all; the parallel budget is the default either way).
    static var sequentialRuns: Int {
        ProcessInfo.processInfo.environment["REPOSITORY_CONTRACTS_RACE_SEEDS"] == nil ? 1 : ModelCheck.defaultRuns
    }

    @Test("each racy actor, racing through a plain actor hop, is found by the default parallel budget in all seeds but one in twenty, and its failure replays 10 of 10 times under its schedule",
          arguments: RaceBugs.all)
    func racesFound(_ conformance: Conformance<CRUD<Todo>>) async {
        var found = 0
        var plans: [Int] = []
        var slowest = Duration.zero, total = Duration.zero
        // The seeds' checks side by side, as a user's concurrent tests run them; judged in seed order.
        let checks = await Array(1...UInt64(Self.seeds)).concurrentMap { seed in
            let started = ContinuousClock.now
            let result = await ModelCheck.check(conformance, factory: Self.factory, runs: Self.sequentialRuns, seed: seed)
            return (seed: seed, result: result, took: ContinuousClock.now - started)
        }
        for (seed, result, took) in checks {
            slowest = max(slowest, took)
            total += took
            #expect(result.failure == nil, "the sequential runs pass \(conformance.name): \(result)")
            #expect(result.parallel?.uncontrolled == nil, "\(result)")
            if let failure = result.parallel?.failure {
                found += 1
                plans.append(failure.shrunk.callCount)
                #expect(failure.outcome.schedule != nil, "\(result)")
                #expect(failure.replays == (10, 10) as (Int, Int), "seed \(seed): \(failure.replays) \(result)")
            }
        }
        // 95 of 100, 19 of 20, 11 of 12: one miss in twenty allowed, at least one.
        let needed = Self.seeds - max(1, Self.seeds / 20)
        #expect(found >= needed, "\(conformance.name): found in \(found) of \(Self.seeds) seeds")
        plans.sort()
        print("race-detection \(conformance.name): \(found)/\(Self.seeds) seeds; shrunk plans of \(plans.first ?? 0)…\(plans.last ?? 0) calls "
            + "(median \(plans.isEmpty ? 0 : plans[plans.count / 2])); a check (generation, runs, shrinking) took \(total / Self.seeds) "
            + "on average, \(slowest) at most")
        guard ProcessInfo.processInfo.environment["REPOSITORY_CONTRACTS_RACE_SEEDS"] != nil else { return }
        // The figure beside it: the same checks with the tasks interleaving freely on the global executor.
        var foundFreely = 0
        for seed in 1...UInt64(Self.seeds) {
            let result = await ParallelScheduling.$isTurnedOff.withValue(true) {
                await ModelCheck.check(conformance, factory: Self.factory, runs: Self.sequentialRuns, seed: seed)
            }
            if result.parallel?.failure != nil { foundFreely += 1 }
        }
        print("race-detection \(conformance.name) without the scheduler: \(foundFreely)/\(Self.seeds) seeds")
        #expect(found >= foundFreely)
    }

    @Test("the correct actor, a locked class and an actor assigning ids pass 1,000 parallel runs each",
          arguments: [ExampleContracts.inMemory, RaceBugs.locked, RaceBugs.serverIDs])
    func correctPass(_ conformance: Conformance<CRUD<Todo>>) async {
        let checks = ProcessInfo.processInfo.environment["REPOSITORY_CONTRACTS_CORRECT_CHECKS"].flatMap { Int($0) } ?? 1
        let plans = 200
        var failures = 0
        var slowest = Duration.zero
        for seed in 1...UInt64(checks) {
            let started = ContinuousClock.now
            let result = await ModelCheck.check(conformance, factory: Self.factory, runs: 1, seed: seed &* 7_919, parallelRuns: plans)
            slowest = max(slowest, ContinuousClock.now - started)
            #expect(result.passed, "\(result)")
            #expect(result.parallel?.plans == plans && result.parallel?.uncontrolled == nil, "\(result)")
            if !result.passed { failures += 1 }
        }
        print("false-positives \(conformance.name): \(failures) of \(checks * plans * ModelCheck.defaultRepetitions) "
            + "parallel runs on the seeded scheduler; a check of \(plans) plans took \(slowest) at most")
    }
}


extension ParallelModelCheckTests {
    @Test("parallel mode runs by default only for .concurrentAccess (client or server-assigned ids); parallelRuns asks for it")
    func whenItRuns() async {
        let declared = await ModelCheck.check(ExampleContracts.inMemory, factory: Self.factory, runs: 1, seed: 11, parallelRuns: 3)
        #expect(declared.parallel?.plans == 3)
        #expect(declared.parallel?.repetitions == ModelCheck.defaultRepetitions)
        #expect(declared.description.contains("and 3 parallel plans × \(ModelCheck.defaultRepetitions) runs linearizable"), "\(declared)")
        let sequentialOnly = Conformance<CRUD<Todo>>("sequential", ordering: .insertion) { InMemoryTodoRepository() }
        #expect(await ModelCheck.check(sequentialOnly, factory: Self.factory, runs: 1, seed: 11).parallel == nil)
        let asked = await ModelCheck.check(sequentialOnly, factory: Self.factory, runs: 1, seed: 11, parallelRuns: 2)
        #expect(asked.parallel?.plans == 2 && asked.passed)
        // Server-assigned ids: parallel by default with .concurrentAccess, on request without it.
        #expect(await ModelCheck.check(SequenceBugs.serverIDs, factory: Self.factory, runs: 1, seed: 11).parallel == nil)
        let serverIDs = await ModelCheck.check(SequenceBugs.serverIDs, factory: Self.factory, runs: 1, seed: 11, parallelRuns: 2)
        #expect(serverIDs.parallel?.plans == 2 && serverIDs.passed, "\(serverIDs)")
        #expect(await ModelCheck.check(RaceBugs.serverIDs, factory: Self.factory, runs: 1, seed: 11).parallel?.plans == ModelCheck.defaultParallelRuns)
        // A racy actor checked without parallel runs passes: the bug needs concurrency.
        #expect(await ModelCheck.check(RaceBugs.checkThenActCreate, factory: Self.factory, seed: 11, parallelRuns: 0).passed)
    }

    @Test("a seed gives the same plan; plans have 2 to 4 tasks of 1 to 4 calls, some racing creates of one id")
    func plans() {
        var racing = 0
        for seed in 1...200 as ClosedRange<UInt64> {
            var first = SplitMix64(seed: seed), again = SplitMix64(seed: seed)
            let generator = ParallelPlanGenerator(capabilities: [.create, .update, .delete, .concurrentAccess])
            let plan = generator.plan(using: &first)
            #expect(plan == generator.plan(using: &again))
            #expect((2...4).contains(plan.tasks.count))
            #expect(plan.tasks.allSatisfy { (1...4).contains($0.count) })
            if let key = plan.tasks[0].first?.key, plan.tasks.allSatisfy({ $0.first == .create(key) }) { racing += 1 }
        }
        #expect((40...100).contains(racing), "\(racing) of 200 plans race creates of one id")
        let readOnly = ParallelPlanGenerator(capabilities: [.concurrentAccess])
        var random = SplitMix64(seed: 5)
        #expect(readOnly.plan(using: &random).tasks.joined().allSatisfy { $0 == .fetchAll || $0 == .fetch($0.key ?? -1) })
    }

    @Test("a failing check reports the shrunk plan, how many runs failed, a timeline and the seed that replays it")
    func report() async throws {
        var found: ModelCheckResult?
        for seed in 1...10 as ClosedRange<UInt64> {
            let result = await ModelCheck.check(RaceBugs.checkThenActCreate, factory: Self.factory, runs: 1, seed: seed)
            if result.parallel?.failure != nil { found = result; break }
        }
        let result = try #require(found)
        let failure = try #require(result.parallel?.failure)
        #expect(!result.passed)
        #expect(failure.shrunk.callCount <= failure.original.callCount)
        #expect(failure.shrunkFailures.failed >= 1)
        let text = result.description
        #expect(text.contains("parallel plan \(failure.plan) of at most \(ModelCheck.defaultParallelRuns) failed in \(failure.failedRepetitions) of"))
        #expect(text.contains("Plan: \(failure.shrunk)"))
        #expect(text.contains("task 1") && text.contains("→ create(k"))
        #expect(text.contains("No order of these calls"))
        #expect(text.contains("REPOSITORY_CONTRACTS_SEED=\(String(format: "0x%016llx", failure.seed))"))
        // The seed replays the plan as the first one.
        let replayed = await ModelCheck.check(RaceBugs.checkThenActCreate, factory: Self.factory, runs: 1, seed: failure.seed, parallelRuns: 1)
        #expect(replayed.parallel?.failure.map { $0.original == failure.original } ?? true)
        // The shrunk plan replays on its own, failing in some runs.
        let outcomes = try await ModelCheck.replayParallel(failure.shrunk, on: RaceBugs.checkThenActCreate, factory: Self.factory, repetitions: 20)
        #expect(outcomes.contains { $0.failed })
    }

    @Test("the timeline has one column per task and every invocation and response in clock order")
    func timeline() {
        var outcome = ParallelOutcome()
        func entry(_ task: Int, _ operation: ParallelOperation, _ version: Int?, _ response: CRUDResponse, _ from: Int, _ to: Int, _ text: String) -> HistoryEntry {
            HistoryEntry(task: task, call: TimedCall(CRUDCall(operation, version: version, response: response), invocation: from, response: to), observed: text)
        }
        outcome.history = [
            entry(1, .create(0), 1, .value([1]), 1, 3, "v1"), entry(2, .create(0), 2, .value([2]), 2, 4, "v2"),
            entry(0, .fetch(0), nil, .value([2]), 5, 6, "v2"),
        ]
        outcome.verdict = CRUDSpecification(policies: RequestPolicies(), insertionOrder: true).check(outcome.history.map { $0.call })
        let plan = ParallelPlan(prefix: [], tasks: [[.create(0)], [.create(0)]])
        let failure = ParallelFailure(
            seed: 1, plan: 1, original: plan, failedRepetitions: 1, shrunk: plan, shrinkAttempts: 0, shrunkFailures: (1, 1), outcome: outcome)
        let lines = failure.timeline
        func column(_ line: String) -> Int { line.distance(from: line.startIndex, to: line.firstIndex(of: "→") ?? line.endIndex) }
        #expect(lines.count == 7)
        #expect(lines[0].contains("before/after") && lines[0].contains("task 1") && lines[0].contains("task 2"))
        #expect(lines[1].hasPrefix("    1") && lines[1].contains("→ create(k0) v1"))
        #expect(lines[2].contains("→ create(k0) v2") && column(lines[2]) > column(lines[1]))
        #expect(lines[6].contains("← v2"))
        #expect(failure.explanation.first?.hasPrefix("No order of these calls") == true)
        #expect(failure.explanation.contains { $0.contains("leaves {k0=v") })
    }

    @Test("shrinking candidates drop one task or one call, never leave a task empty")
    func smaller() {
        let plan = ParallelPlan(prefix: [.create(0)], tasks: [[.update(0), .fetch(0)], [.delete(0)]])
        let candidates = plan.oneStepSmaller
        #expect(candidates.count == 2 + 1 + 2)
        #expect(candidates.allSatisfy { $0.callCount == plan.callCount - 1 || $0.tasks.count == 1 })
        #expect(candidates.allSatisfy { $0.tasks.allSatisfy { !$0.isEmpty } })
    }
}

extension ParallelModelCheckTests {
    @Test("with server-assigned ids, plans create each key once before using it, and half race creates for ids")
    func serverAssignedPlans() {
        let generator = ParallelPlanGenerator(capabilities: [.create, .update, .delete, .concurrentAccess, .serverAssignedIDs])
        var racing = 0
        for seed in 1...200 as ClosedRange<UInt64> {
            var random = SplitMix64(seed: seed)
            let plan = generator.plan(using: &random)
            #expect(plan.createsEveryKeyBeforeUse, "\(plan)")
            let creates = (plan.prefix + plan.tasks.joined()).filter { $0 == .create($0.key ?? -1) }
            #expect(Set(creates).count == creates.count, "a key created twice: \(plan)")
            if plan.tasks.allSatisfy({ if case .create = $0.first { true } else { false } }) { racing += 1 }
        }
        #expect((60...140).contains(racing), "\(racing) of 200 plans start every task with a create")
        // A plan that uses a key its task never created is not one to shrink to.
        #expect(!ParallelPlan(prefix: [.create(0)], tasks: [[.fetch(1)], [.create(1)]]).createsEveryKeyBeforeUse)
        #expect(ParallelPlan(prefix: [.create(0)], tasks: [[.create(1), .update(1)], [.delete(0)]]).createsEveryKeyBeforeUse)
    }

    @Test("two creates given one id are reported with the ids the keys stand for")
    func racingIDsReport() async throws {
        var found: ModelCheckResult?
        for seed in 1...10 as ClosedRange<UInt64> {
            let result = await ModelCheck.check(RaceBugs.racingIDs, factory: Self.factory, runs: 1, seed: seed)
            #expect(result.failure == nil, "the sequential runs pass: \(result)")
            if result.parallel?.failure != nil { found = result; break }
        }
        let result = try #require(found, "racing-ids was not caught in 10 seeds")
        let failure = try #require(result.parallel?.failure)
        let legend = failure.outcome.keys
        #expect("\(result)".contains("Keys: \(legend)"))
        // "kN is the id create(kN) returned: k0 = 101, k1 = 102, k2 = 102": the bug is two keys given one id.
        let ids = try #require(legend.split(separator: ": ").last).split(separator: ", ").compactMap { $0.split(separator: " = ").last }
        #expect(Set(ids).count < ids.count, "no id given twice: \(legend)")
        #expect(failure.shrunk.tasks.joined().contains { if case .create = $0 { true } else { false } }, "\(failure.shrunk)")
    }
}
