import ContractEngine

/// The concurrent check of a protocol of the user's own as a user of the plan search: a plan is a prefix
/// and tasks of drawn steps; the kept plan is the one that ran (steps whose seen values were dropped with
/// their producer left out); a smaller plan drops one step, else one step of each of two tasks, else
/// simplifies one step's choices.
extension ConcurrentRun: PlanRunner {
    func run(seed: UInt64, schedule: UInt64) async throws -> (plan: ConcurrentPlan, outcome: ConcurrentOutcome<System>) {
        let outcome = try await run(.generate(seed: seed), schedule: schedule)
        return (outcome.plan, outcome)
    }

    func run(_ plan: ConcurrentPlan, schedule: UInt64) async throws -> ConcurrentOutcome<System> {
        try await run(.replay(plan), schedule: schedule)
    }

    func schedule(of outcome: ConcurrentOutcome<System>) -> UInt64? {
        outcome.schedule
    }

    var uncontrolled: UncontrolledWork? { scheduling.uncontrolled }

    func plan(_ plan: ConcurrentPlan, asRanIn outcome: ConcurrentOutcome<System>) -> ConcurrentPlan {
        outcome.plan
    }

    func failed(_ outcome: ConcurrentOutcome<System>) -> Bool {
        outcome.failed
    }

    func inconclusive(_ outcome: ConcurrentOutcome<System>) -> Bool {
        outcome.inconclusive
    }

    /// A run in which a call hung is reported as it ran.
    func mayShrink(_ outcome: ConcurrentOutcome<System>) -> Bool {
        !outcome.hung
    }

    /// Plans with a step fewer first, then plans with one step's choices simplified, as the sequential
    /// shrink simplifies them (each to 0, else to half).
    func smaller(_ plan: ConcurrentPlan) -> [ConcurrentPlan] {
        plan.smaller + plan.withOneStepSimpler(steps.simplerForms)
    }
}

extension ConcurrentModelCheckResult {
    /// What a plan search of `budget` plans, `repetitions` runs each, found, starting at `seed`.
    init<System>(_ searched: PlanSearch<ConcurrentRun<System>>.Report, seed: UInt64, budget: Int, repetitions: Int) {
        self.init(seed: seed, budget: budget, repetitions: repetitions)
        plans = searched.plans
        inconclusiveRuns = searched.inconclusiveRuns
        uncontrolledWork = searched.uncontrolled?.description
        failure = searched.finding.map { found in
            Failure(
                seed: found.seed, plan: found.plan, originalStepCount: found.original.stepCount, failedRuns: found.failedRepetitions,
                shrunk: found.outcome, shrinkAttempts: found.shrinkAttempts, shrunkFailures: found.shrunkFailures,
                scheduleReplays: found.replays)
        }
    }
}
