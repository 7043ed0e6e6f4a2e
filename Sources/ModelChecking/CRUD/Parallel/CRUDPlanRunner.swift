import ContractEngine

/// The CRUD check's parallel plans as a user of the plan search: plans drawn from the conformer's
/// capabilities, run on a fresh subject against the CRUD specification; a smaller plan drops a task or a
/// call, and with server-assigned ids it must still create every key before it uses it.
struct CRUDPlanRunner: PlanRunner {
    let generator: ParallelPlanGenerator
    /// Whether the runs' tasks are still in a seeded scheduler's hands.
    let scheduling = ParallelScheduling()
    /// Runs a plan once on a fresh subject, its tasks on a scheduler of the schedule seed when `scheduling` can.
    let execute: @Sendable (ParallelPlan, _ schedule: UInt64, ParallelScheduling) async throws -> ParallelOutcome

    func run(seed: UInt64, schedule: UInt64) async throws -> (plan: ParallelPlan, outcome: ParallelOutcome) {
        var random = SplitMix64(seed: seed)
        let plan = generator.plan(using: &random)
        return (plan, try await execute(plan, schedule, scheduling))
    }

    func run(_ plan: ParallelPlan, schedule: UInt64) async throws -> ParallelOutcome {
        try await execute(plan, schedule, scheduling)
    }

    func schedule(of outcome: ParallelOutcome) -> UInt64? {
        outcome.schedule
    }

    var uncontrolled: UncontrolledWork? { scheduling.uncontrolled }

    func plan(_ plan: ParallelPlan, asRanIn outcome: ParallelOutcome) -> ParallelPlan {
        plan
    }

    func failed(_ outcome: ParallelOutcome) -> Bool {
        outcome.failed
    }

    func inconclusive(_ outcome: ParallelOutcome) -> Bool {
        outcome.inconclusive
    }

    /// A call that did not complete is a failure like any other here: the plan shrinks.
    func mayShrink(_ outcome: ParallelOutcome) -> Bool {
        true
    }

    func smaller(_ plan: ParallelPlan) -> [ParallelPlan] {
        let serverAssigned = generator.capabilities.contains(.serverAssignedIDs)
        return plan.oneStepSmaller.filter { !serverAssigned || $0.createsEveryKeyBeforeUse }
    }
}

extension ParallelReport {
    /// The report of a plan search's run of `budget` plans, `repetitions` times each.
    init(_ searched: PlanSearch<CRUDPlanRunner>.Report, budget: Int, repetitions: Int) {
        self.init(plans: searched.plans, budget: budget, repetitions: repetitions)
        inconclusiveRuns = searched.inconclusiveRuns
        uncontrolled = searched.uncontrolled
        failure = searched.finding.map { found in
            var failure = ParallelFailure(
                seed: found.seed, plan: found.plan, original: found.original, failedRepetitions: found.failedRepetitions,
                shrunk: found.shrunk, shrinkAttempts: found.shrinkAttempts, shrunkFailures: found.shrunkFailures,
                outcome: found.outcome)
            failure.replays = found.replays
            return failure
        }
    }
}
