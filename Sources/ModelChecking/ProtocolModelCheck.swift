import ContractEngine

/// Model-based checks of your own protocol: random sequences of the operations you declare, run on a
/// fresh model (your fake, or a model you write) and a fresh subject, compared step by step, and a
/// failure shrunk to the fewest steps and printed as Swift.
///
/// ```swift
/// let result = await ProtocolModelCheck.check(
///     model: { InMemoryBookmarks() }, subject: { SQLiteBookmarks.temporary() },
///     operations: BookmarkOperations.all, observe: { try await $0.all() })
/// #expect(result.passed, "\(result)")
/// ```
///
/// Each step's results are compared: equal values agree; two errors agree when they have the same
/// ``RepositoryError/Kind`` (for a ``RepositoryError``), else the same type, whatever their messages; a
/// value on one side and an error on the other disagree. A seed determines a run completely, given
/// deterministic systems: the report prints the failing run's seed, and `seed:` or
/// `REPOSITORY_CONTRACTS_SEED` replays it first.
public enum ProtocolModelCheck {
    /// Runs per check by default.
    public static var defaultRuns: Int { 100 }
    /// Steps per run by default.
    public static var defaultSteps: Int { 25 }
    /// Shrinking re-runs at most this many candidates by default.
    public static var defaultShrinkAttempts: Int { 400 }
    /// How long a call may go without any sign of progress, by default, before it is reported as hung.
    public static var defaultCallTimeout: Duration { .seconds(5) }

    /// Checks `subject` against `model`, comparing every step's result and, after every step, what
    /// `observe` sees of each.
    ///
    /// - Parameters:
    ///   - model: makes a fresh model (called once per run and per shrinking candidate).
    ///   - subject: makes a fresh subject.
    ///   - operations: the protocol's operations; each step draws one whose arguments can be drawn.
    ///   - observe: reads the state of a system after each step (errors compare as results do).
    ///   - runs: how many sequences to run; the check stops at the first divergence.
    ///   - steps: how many steps each sequence draws.
    ///   - seed: the first run's seed; when `nil`, `REPOSITORY_CONTRACTS_SEED` if set, else a random one.
    ///   - maxShrinkAttempts: the most candidates shrinking runs.
    ///   - callTimeout: how long one call (or observation) may go without any sign of progress anywhere in
    ///     the process before it is reported as hung (a call that keeps work moving is given up after 24 ×
    ///     this). A hung run is reported as it ran, not shrunk.
    public static func check<System, Observation: Equatable & Sendable>(
        model: @escaping @Sendable () async throws -> System, subject: @escaping @Sendable () async throws -> System,
        operations: [ProtocolOperation<System>], observe: @escaping @Sendable (System) async throws -> Observation,
        runs: Int = defaultRuns, steps: Int = defaultSteps, seed: UInt64? = nil, maxShrinkAttempts: Int = defaultShrinkAttempts,
        callTimeout: Duration = defaultCallTimeout
    ) async -> ProtocolModelCheckResult {
        let runner = ProtocolRun(
            operations: operations, makeModel: model, makeSubject: subject,
            observe: { system in await StepResult.of { try await observe(system) } }, callTimeout: callTimeout)
        return await explore(runner, runs: runs, steps: steps, seed: seed, maxShrinkAttempts: maxShrinkAttempts)
    }

    /// Checks `subject` against `model`, comparing every step's result; see
    /// ``check(model:subject:operations:observe:runs:steps:seed:maxShrinkAttempts:callTimeout:)``.
    public static func check<System>(
        model: @escaping @Sendable () async throws -> System, subject: @escaping @Sendable () async throws -> System,
        operations: [ProtocolOperation<System>], runs: Int = defaultRuns, steps: Int = defaultSteps, seed: UInt64? = nil,
        maxShrinkAttempts: Int = defaultShrinkAttempts, callTimeout: Duration = defaultCallTimeout
    ) async -> ProtocolModelCheckResult {
        let runner = ProtocolRun(
            operations: operations, makeModel: model, makeSubject: subject, observe: nil, callTimeout: callTimeout)
        return await explore(runner, runs: runs, steps: steps, seed: seed, maxShrinkAttempts: maxShrinkAttempts)
    }

    private static func explore<System>(
        _ runner: ProtocolRun<System>, runs: Int, steps: Int, seed: UInt64?, maxShrinkAttempts: Int
    ) async -> ProtocolModelCheckResult {
        let firstSeed = seed ?? ModelCheck.seedFromEnvironment() ?? UInt64.random(in: 1...UInt64.max)
        var result = ProtocolModelCheckResult(seed: firstSeed, runs: 0, budget: max(1, runs), stepsPerRun: steps)
        guard !runner.operations.isEmpty else {
            result.setupError = "no operations to draw"
            return result
        }
        let search = SequenceSearch(runner: runner, runs: runs, steps: steps, maxShrinkAttempts: maxShrinkAttempts)
        let (runsMade, ending) = await search.explore(firstSeed: firstSeed)
        result.runs = runsMade
        switch ending {
        case .passed: break
        case .setupFailed(let error): result.setupError = "making the model or the subject threw \(describe(error))"
        case .found(let found): result.failure = failure(found)
        }
        return result
    }

    /// What the search found, as the report gives it: the smallest failing run's steps and divergence.
    private static func failure<System>(_ found: SequenceSearch<ProtocolRun<System>>.Finding) -> ProtocolModelCheckResult.Failure {
        let divergence = found.outcome.divergence!
        return ProtocolModelCheckResult.Failure(
            seed: found.seed, run: found.run, originalStepCount: found.originalOutcome.steps.count,
            steps: found.outcome.reportedSteps,
            divergence: .init(
                step: divergence.step + 1, operation: divergence.operation, isObservation: divergence.isObservation,
                model: divergence.model.text, subject: divergence.subject.text, hung: divergence.hung,
                sideThatHung: divergence.sideThatHung),
            shrinkAttempts: found.shrinkAttempts)
    }
}
