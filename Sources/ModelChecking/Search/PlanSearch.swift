import ContractEngine
/// The search every parallel model-based check runs: `plans` plans, seeded from the first seed (salted,
/// so the parallel plans do not repeat the sequential runs' seeds), each run `repetitions` times on fresh
/// systems, each run's tasks on a scheduler of its own seed (drawn from the plan's seed, so the whole
/// search is a function of the first seed); the first plan that fails in some run is shrunk by dropping
/// one step at a time while a candidate still fails in one of `candidateRuns` runs. A shrunk plan that
/// failed under a seeded scheduler is replayed `replayRuns` times under that same seed: the report says
/// how many of them failed.
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
    /// How many times a shrunk plan that failed under a seeded scheduler is replayed under its seed.
    var replayRuns = 10

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
        /// The schedule seed of the shrunk plan's failing run, when a seeded scheduler picked all its jobs.
        var schedule: UInt64?
        /// How often the shrunk plan failed when replayed under ``schedule`` (`(0, 0)`: not replayed).
        var replays: (failed: Int, made: Int) = (0, 0)
    }

    /// What the search saw: how many plans ran, how many runs were undecided, and what it found.
    struct Report {
        var plans = 0
        var inconclusiveRuns = 0
        var finding: Finding?
        /// Work the scheduler did not control, which turned it off for the rest of the search.
        var uncontrolled: UncontrolledWork?
    }

    /// Runs the search from `firstSeed`. Throws when the systems of a run cannot be made (with what it
    /// saw so far lost: the check reports the setup error alone).
    func explore(firstSeed: UInt64) async throws -> Report {
        var report = Report()
        var seeds = RunSeeds(first: firstSeed, salt: seedSalt)
        for index in 0..<max(0, plans) {
            let seed = seeds.next()
            report.plans = index + 1
            var schedules = SplitMix64(seed: seed ^ 0x5ced_5ced_5ced_5ced)
            let first = try await runner.run(seed: seed, schedule: schedules.next())
            var tally = PlanTally<Runner.Outcome>()
            tally.add(first.outcome, by: runner)
            tally.merge(try await PlanTally.of(
                first.plan, times: max(1, repetitions) - 1, stoppingAtFailure: false, with: runner, schedules: &schedules))
            report.inconclusiveRuns += tally.inconclusive
            guard let failing = tally.firstFailure else { continue }
            report.finding = try await finding(
                first.plan, failing, seed: seed, plan: index + 1, failedRepetitions: tally.failed, schedules: &schedules,
                inconclusive: &report.inconclusiveRuns)
            report.uncontrolled = runner.uncontrolled
            return report
        }
        report.uncontrolled = runner.uncontrolled
        return report
    }

    /// The failure of `plan`, shrunk when allowed and measured.
    private func finding(
        _ plan: Runner.Plan, _ failing: Runner.Outcome, seed: UInt64, plan number: Int, failedRepetitions: Int,
        schedules: inout SplitMix64, inconclusive: inout Int
    ) async throws -> Finding {
        let original = runner.plan(plan, asRanIn: failing)
        var found = Finding(
            seed: seed, plan: number, original: original, originalOutcome: failing, failedRepetitions: failedRepetitions,
            shrunk: original, outcome: failing, shrinkAttempts: 0, shrunkFailures: (0, 0), schedule: runner.schedule(of: failing))
        guard runner.mayShrink(failing) else { return found }
        let shrunk = try await shrink(original, failing: failing, schedules: &schedules, inconclusive: &inconclusive)
        (found.shrunk, found.outcome, found.shrinkAttempts, found.shrunkFailures) = shrunk
        found.schedule = runner.schedule(of: shrunk.outcome)
        if let measuringRuns {
            let measured = try await PlanTally.of(
                shrunk.plan, times: max(1, measuringRuns), stoppingAtFailure: false, with: runner, schedules: &schedules)
            inconclusive += measured.inconclusive
            found.shrunkFailures = (measured.failed, measured.made)
        }
        if let schedule = found.schedule {
            var failedReplays = 0
            for _ in 0..<max(0, replayRuns) {
                let replay = try await runner.run(found.shrunk, schedule: schedule)
                if runner.failed(replay) { failedReplays += 1 }
            }
            found.replays = (failedReplays, max(0, replayRuns))
        }
        return found
    }

    /// Drops one step at a time while the plan still fails in one of ``candidateRuns`` runs; the kept plan
    /// is the one that ran.
    private func shrink(
        _ plan: Runner.Plan, failing outcome: Runner.Outcome, schedules: inout SplitMix64, inconclusive: inout Int
    ) async throws -> (plan: Runner.Plan, outcome: Runner.Outcome, attempts: Int, failures: (failed: Int, made: Int)) {
        var current = (plan: plan, outcome: outcome, attempts: 0, failures: (failed: 1, made: 1))
        var progressed = true
        while progressed, current.attempts < maxShrinkAttempts {
            progressed = false
            for candidate in runner.smaller(current.plan) {
                guard current.attempts < maxShrinkAttempts else { break }
                current.attempts += 1
                let tally = try await PlanTally.of(
                    candidate, times: max(1, candidateRuns), stoppingAtFailure: true, with: runner, schedules: &schedules)
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
