import ContractEngine
/// One kind of parallel model-based run, as the plan search drives it: how a plan is drawn and run on
/// fresh systems (tasks released together, the history checked for linearizability), how a run's outcome
/// reads, and which plans are one step smaller. The CRUD check's parallel plans (``ParallelPlan``, against
/// the CRUD specification) and the concurrent check of a protocol of the user's own (against the user's
/// model) are its two users.
protocol PlanRunner: Sendable {
    associatedtype Plan: Sendable
    associatedtype Outcome: Sendable

    /// Draws a plan from `seed` and runs it once, its tasks on a scheduler seeded `schedule` when the
    /// conformer's work stays in its hands: the plan and the outcome. Throws only when the systems cannot
    /// be made.
    func run(seed: UInt64, schedule: UInt64) async throws -> (plan: Plan, outcome: Outcome)

    /// Runs `plan` once on fresh systems, its tasks on a scheduler seeded `schedule` when it can. Throws
    /// only when the systems cannot be made.
    func run(_ plan: Plan, schedule: UInt64) async throws -> Outcome

    /// The schedule seed every job of the run was picked by, or `nil` when its tasks interleaved freely.
    func schedule(of outcome: Outcome) -> UInt64?

    /// Work the scheduler saw come back from elsewhere in some run, which turned it off for the rest of
    /// the check.
    var uncontrolled: UncontrolledWork? { get }

    /// The plan as it ran in `outcome` (a run may leave out steps it could not draw again).
    func plan(_ plan: Plan, asRanIn outcome: Outcome) -> Plan

    /// Whether the run shows a bug.
    func failed(_ outcome: Outcome) -> Bool

    /// Whether the linearizability search gave up on the run (counted as passing).
    func inconclusive(_ outcome: Outcome) -> Bool

    /// Whether a failing run may be shrunk: not when a call hung.
    func mayShrink(_ outcome: Outcome) -> Bool

    /// The plans one step smaller than `plan`, in the order to try them.
    func smaller(_ plan: Plan) -> [Plan]
}

/// How a plan fared over several runs: how many were made, failed and were undecided, and the first
/// failing outcome.
struct PlanTally<Outcome: Sendable>: Sendable {
    var made = 0
    var failed = 0
    var inconclusive = 0
    var firstFailure: Outcome?

    /// Runs `plan` `times` times with `runner`, each on the next schedule seed of `schedules`; with
    /// `stoppingAtFailure`, stops at the first failing run.
    static func of<Runner: PlanRunner>(
        _ plan: Runner.Plan, times: Int, stoppingAtFailure: Bool, with runner: Runner, schedules: inout SplitMix64
    ) async throws -> PlanTally where Runner.Outcome == Outcome {
        var tally = PlanTally()
        for _ in 0..<max(0, times) {
            tally.add(try await runner.run(plan, schedule: schedules.next()), by: runner)
            if stoppingAtFailure, tally.firstFailure != nil { break }
        }
        return tally
    }

    /// Counts `outcome`.
    mutating func add<Runner: PlanRunner>(_ outcome: Outcome, by runner: Runner) where Runner.Outcome == Outcome {
        made += 1
        if runner.inconclusive(outcome) { inconclusive += 1 }
        guard runner.failed(outcome) else { return }
        failed += 1
        if firstFailure == nil { firstFailure = outcome }
    }

    /// Adds the runs `other` counted.
    mutating func merge(_ other: PlanTally) {
        made += other.made
        failed += other.failed
        inconclusive += other.inconclusive
        if firstFailure == nil { firstFailure = other.firstFailure }
    }
}
