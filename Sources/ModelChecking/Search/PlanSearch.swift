/// The search every parallel model-based check runs: `plans` plans, seeded from the first seed (salted,
/// so the parallel plans do not repeat the sequential runs' seeds), each run `repetitions` times on fresh
/// systems (interleavings differ from run to run); the first plan that fails in some run is shrunk by
/// dropping one step at a time while a candidate still fails in one of `candidateRuns` runs.
struct PlanSearch<Runner: PlanRunner> {
    var runner: Runner
    var plans: Int
    var repetitions: Int
    /// How many times a smaller candidate runs before it is given up (it is kept at its first failure).
    var candidateRuns: Int
    /// How many times the shrunk plan runs once more to say how often it fails; `nil`: the runs of the
    /// last kept candidate say it.
    var measuringRuns: Int?
    var maxShrinkAttempts: Int
    var seedSalt: UInt64 = 0

    /// A plan that failed in some run, and the smallest plan that still fails.
    struct Finding {
        var seed: UInt64
        /// Which plan failed (1-based).
        var plan: Int
        var original: Runner.Plan
        /// The original plan's failing run.
        var originalOutcome: Runner.Outcome
        /// In how many of the original plan's repetitions it failed.
        var failedRepetitions: Int
        var shrunk: Runner.Plan
        /// A failing run of the shrunk plan.
        var outcome: Runner.Outcome
        var shrinkAttempts: Int
        /// How often the shrunk plan failed in the runs that measured it (`(0, 0)`: not shrunk, a call hung).
        var shrunkFailures: (failed: Int, made: Int)
    }

    /// What the search saw: how many plans ran, how many runs were undecided, and what it found.
    struct Report {
        var plans = 0
        var inconclusiveRuns = 0
        var finding: Finding?
    }

    /// Runs the search from `firstSeed`. Throws when the systems of a run cannot be made (with what it
    /// saw so far lost: the check reports the setup error alone).
    func explore(firstSeed: UInt64) async throws -> Report {
        var report = Report()
        var seeds = RunSeeds(first: firstSeed, salt: seedSalt)
        for index in 0..<max(0, plans) {
            let seed = seeds.next()
            report.plans = index + 1
            let first = try await runner.run(seed: seed)
            var tally = PlanTally<Runner.Outcome>()
            tally.add(first.outcome, by: runner)
            tally.merge(try await PlanTally.of(first.plan, times: max(1, repetitions) - 1, stoppingAtFailure: false, with: runner))
            report.inconclusiveRuns += tally.inconclusive
            guard let failing = tally.firstFailure else { continue }
            report.finding = try await finding(
                first.plan, failing, seed: seed, plan: index + 1, failedRepetitions: tally.failed, inconclusive: &report.inconclusiveRuns)
            return report
        }
        return report
    }

    /// The failure of `plan`, shrunk when allowed and measured.
    private func finding(
        _ plan: Runner.Plan, _ failing: Runner.Outcome, seed: UInt64, plan number: Int, failedRepetitions: Int, inconclusive: inout Int
    ) async throws -> Finding {
        let original = runner.plan(plan, asRanIn: failing)
        var found = Finding(
            seed: seed, plan: number, original: original, originalOutcome: failing, failedRepetitions: failedRepetitions,
            shrunk: original, outcome: failing, shrinkAttempts: 0, shrunkFailures: (0, 0))
        guard runner.mayShrink(failing) else { return found }
        let shrunk = try await shrink(original, failing: failing, inconclusive: &inconclusive)
        (found.shrunk, found.outcome, found.shrinkAttempts, found.shrunkFailures) = shrunk
        if let measuringRuns {
            let measured = try await PlanTally.of(shrunk.plan, times: max(1, measuringRuns), stoppingAtFailure: false, with: runner)
            inconclusive += measured.inconclusive
            found.shrunkFailures = (measured.failed, measured.made)
        }
        return found
    }

    /// Drops one step at a time while the plan still fails in one of ``candidateRuns`` runs; the kept plan
    /// is the one that ran.
    private func shrink(
        _ plan: Runner.Plan, failing outcome: Runner.Outcome, inconclusive: inout Int
    ) async throws -> (plan: Runner.Plan, outcome: Runner.Outcome, attempts: Int, failures: (failed: Int, made: Int)) {
        var current = (plan: plan, outcome: outcome, attempts: 0, failures: (failed: 1, made: 1))
        var progressed = true
        while progressed, current.attempts < maxShrinkAttempts {
            progressed = false
            for candidate in runner.smaller(current.plan) {
                guard current.attempts < maxShrinkAttempts else { break }
                current.attempts += 1
                let tally = try await PlanTally.of(candidate, times: max(1, candidateRuns), stoppingAtFailure: true, with: runner)
                inconclusive += tally.inconclusive
                guard let failing = tally.firstFailure else { continue }
                current.plan = runner.plan(candidate, asRanIn: failing)
                current.outcome = failing
                current.failures = (tally.failed, tally.made)
                progressed = true
                break
            }
        }
        return current
    }
}
