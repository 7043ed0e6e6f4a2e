import ContractEngine
import BrokenExamples
import Foundation
import Testing
import TodoExample

/// The parallel mode on actors with logic races and on correct conformers. No test relies on one
/// interleaving: detection is asserted over many seeds with a margin, passing over many runs.
@Suite("ModelCheck parallel mode")
struct ParallelModelCheckTests {
    static let factory = ExampleContracts.todoFactory

    /// Seeds per racy conformer: `REPOSITORY_CONTRACTS_RACE_SEEDS` (100 for the README's figures), else 20.
    static var seeds: Int {
        ProcessInfo.processInfo.environment["REPOSITORY_CONTRACTS_RACE_SEEDS"].flatMap { Int($0) } ?? 20
    }

    @Test("each racy actor is found by the default check in at least 95% of seeds", arguments: RaceBugs.all)
    func racesFound(_ conformance: Conformance<CRUD<Todo>>) async {
        var found = 0
        var plans: [Int] = []
        var slowest = Duration.zero, total = Duration.zero
        for seed in 1...UInt64(Self.seeds) {
            let started = ContinuousClock.now
            let result = await ModelCheck.check(conformance, factory: Self.factory, seed: seed)
            let took = ContinuousClock.now - started
            slowest = max(slowest, took)
            total += took
            #expect(result.failure == nil, "the sequential runs pass \(conformance.name): \(result)")
            if let failure = result.parallel?.failure {
                found += 1
                plans.append(failure.shrunk.callCount)
            }
        }
        let needed = (Self.seeds * 95 + 99) / 100
        #expect(found >= needed, "\(conformance.name): found in \(found) of \(Self.seeds) seeds")
        plans.sort()
        print("race-detection \(conformance.name): \(found)/\(Self.seeds) seeds; shrunk plans of \(plans.first ?? 0)…\(plans.last ?? 0) calls "
            + "(median \(plans.isEmpty ? 0 : plans[plans.count / 2])); a check (generation, runs, shrinking) took \(total / Self.seeds) "
            + "on average, \(slowest) at most")
    }

    @Test("the correct actor and a locked class pass the parallel mode", arguments: [ExampleContracts.inMemory, RaceBugs.locked])
    func correctPass(_ conformance: Conformance<CRUD<Todo>>) async {
        let checks = ProcessInfo.processInfo.environment["REPOSITORY_CONTRACTS_CORRECT_CHECKS"].flatMap { Int($0) } ?? 2
        var failures = 0
        for seed in 1...UInt64(checks) {
            let result = await ModelCheck.check(conformance, factory: Self.factory, runs: 1, seed: seed &* 7_919)
            #expect(result.passed, "\(result)")
            #expect(result.parallel?.plans == ModelCheck.defaultParallelRuns)
            if !result.passed { failures += 1 }
        }
        print("false-positives \(conformance.name): \(failures) of \(checks * ModelCheck.defaultParallelRuns * ModelCheck.defaultRepetitions) runs")
    }
}

