import ContractEngine

/// Generates parallel plans, runs each several times on fresh subjects (interleavings differ from run
/// to run), and shrinks the first plan that fails in some repetition.
struct ParallelExploration: Sendable {
    let generator: ParallelPlanGenerator
    let plans: Int
    let repetitions: Int
    let maxShrinkAttempts: Int
    /// Runs a plan once on a fresh subject.
    let execute: @Sendable (ParallelPlan) async throws -> ParallelOutcome

    /// The plan `seed` generates.
    func plan(seed: UInt64) -> ParallelPlan {
        var random = SplitMix64(seed: seed)
        return generator.plan(using: &random)
    }

    /// Runs `plan` up to `times` times; with `stoppingAtFailure`, stops at the first failing run.
    /// Returns how many runs failed, how many were made and the first failing outcome.
    func repeatedly(
        _ plan: ParallelPlan, times: Int, stoppingAtFailure: Bool, inconclusive: inout Int
    ) async throws -> (failed: Int, made: Int, first: ParallelOutcome?) {
        var failed = 0, made = 0
        var first: ParallelOutcome?
        for _ in 0..<times {
            let outcome = try await execute(plan)
            made += 1
            if outcome.inconclusive { inconclusive += 1 }
            guard outcome.failed else { continue }
            failed += 1
            if first == nil { first = outcome }
            if stoppingAtFailure { break }
        }
        return (failed, made, first)
    }

    func explore(firstSeed: UInt64) async throws -> ParallelReport {
        var report = ParallelReport(plans: 0, budget: max(0, plans), repetitions: max(1, repetitions))
        var seeds = RunSeeds(first: firstSeed, salt: 0x9e37_79b9_7f4a_7c15)
        for index in 0..<max(0, plans) {
            let seed = seeds.next()
            report.plans = index + 1
            let plan = plan(seed: seed)
            let (failed, _, first) = try await repeatedly(
                plan, times: report.repetitions, stoppingAtFailure: false, inconclusive: &report.inconclusiveRuns)
            guard let first else { continue }
            let shrunk = try await shrink(plan, failing: first, inconclusive: &report.inconclusiveRuns)
            report.failure = ParallelFailure(
                seed: seed, plan: index + 1, original: plan, failedRepetitions: failed, shrunk: shrunk.plan,
                shrinkAttempts: shrunk.attempts, shrunkFailures: shrunk.failures, outcome: shrunk.outcome)
            return report
        }
        return report
    }

    /// Drops tasks, then single calls, while the plan still fails in one of `2 × repetitions` runs.
    func shrink(
        _ plan: ParallelPlan, failing outcome: ParallelOutcome, inconclusive: inout Int
    ) async throws -> (plan: ParallelPlan, attempts: Int, failures: (failed: Int, made: Int), outcome: ParallelOutcome) {
        var current = plan, currentOutcome = outcome, attempts = 0
        var failures = (failed: 1, made: 1)
        var progressed = true
        while progressed, attempts < maxShrinkAttempts {
            progressed = false
            let serverAssigned = generator.capabilities.contains(.serverAssignedIDs)
            for candidate in current.oneStepSmaller where !serverAssigned || candidate.createsEveryKeyBeforeUse {
                guard attempts < maxShrinkAttempts else { break }
                attempts += 1
                let tried = try await repeatedly(
                    candidate, times: 2 * max(1, repetitions), stoppingAtFailure: true, inconclusive: &inconclusive)
                guard let failing = tried.first else { continue }
                current = candidate
                currentOutcome = failing
                failures = (tried.failed, tried.made)
                progressed = true
                break
            }
        }
        return (current, attempts, failures, currentOutcome)
    }
}
