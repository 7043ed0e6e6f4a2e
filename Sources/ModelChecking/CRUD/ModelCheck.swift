public import ContractEngine
import RepositoryContractsPrimitives
import Foundation

/// Model-based checks: random operation sequences, generated from a conformer's declared capabilities and
/// families (pages, versioned updates, soft delete, batches, queries), run on a fresh subject next to a
/// reference model of the CRUD laws and the families' (or next to a second conformer, CRUD steps only),
/// compared after every step, and shrunk to a minimal failing sequence.
///
/// ```swift
/// let result = await ModelCheck.check(ExampleContracts.inMemory, factory: ExampleContracts.todoFactory)
/// #expect(result.passed, "\(result)")
/// ```
///
/// A seed determines a run completely. The check prints the failing run's seed; setting
/// `REPOSITORY_CONTRACTS_SEED` to it (or passing it as `seed:`) replays that run, its shrinking included,
/// as the first run.
public enum ModelCheck {
    /// Runs per check by default.
    public static var defaultRuns: Int { 100 }
    /// Steps per run by default.
    public static var defaultSteps: Int { 25 }
    /// Shrinking re-runs at most this many candidates by default.
    public static var defaultShrinkAttempts: Int { 400 }
    /// Parallel plans per check by default, for a conformance that declares `.concurrentAccess`.
    public static var defaultParallelRuns: Int { 40 }
    /// How many times each parallel plan runs: interleavings differ from run to run.
    public static var defaultRepetitions: Int { 5 }
    /// Shrinking a failing parallel plan tries at most this many smaller plans by default.
    static var defaultParallelShrinkAttempts: Int { 60 }

    /// The seed in `REPOSITORY_CONTRACTS_SEED`, if it is set and parses.
    package static func seedFromEnvironment() -> UInt64? {
        EnvironmentVariable.seed(in: ProcessInfo.processInfo.environment)
    }

    /// Checks `conformance` against the reference model: `runs` sequences of `steps` steps, each on a fresh
    /// subject in a fresh environment of `terms` (a caching conformance gets its stub server and clock).
    /// Stops at the first divergence and shrinks it.
    ///
    /// - Parameters:
    ///   - seed: the first run's seed; when `nil`, `REPOSITORY_CONTRACTS_SEED` if set, else a random one.
    ///     A seed given in code wins, so fixed-seed checks (such as those replaying recorded fixtures)
    ///     stay fixed. Later runs' seeds follow from it.
    ///   - shrinks: `false` for a subject that only replays recorded requests (a stub server replaying
    ///     fixtures): a shorter sequence would send requests nothing recorded, so the failure reports the
    ///     whole sequence and says why it was not shrunk. Such a subject gets no parallel runs by default.
    ///   - parallelRuns: how many parallel plans to run after the sequential runs pass (each
    ///     ``defaultRepetitions`` times): a short sequential prefix, then two to four tasks released
    ///     together, their history checked for linearizability against the model. `nil` (the default)
    ///     means ``defaultParallelRuns`` for a conformance that declares `.concurrentAccess` (and that
    ///     `shrinks`), else none. With server-assigned ids, a plan's keys are the ids its creates returned:
    ///     no key is created twice, tasks race creates for new ids and work on the keys created before
    ///     them. Its calls are CRUD's, plus conditional updates when optimistic concurrency is declared
    ///     (writers racing from one token: exactly one may win, the others are rejected as declared); a
    ///     soft-deleting conformer's plans make no deletes. Pages, batches and queries run sequentially only.
    public static func check<Terms: RepositoryTerms>(
        _ conformance: Conformance<Terms>, under terms: Terms, runs: Int = defaultRuns,
        steps: Int = defaultSteps, seed: UInt64? = nil, maxShrinkAttempts: Int = defaultShrinkAttempts,
        shrinks: Bool = true, parallelRuns: Int? = nil
    ) async -> ModelCheckResult {
        let subject = ModelSubject(conformance, terms: terms)
        let runner = ModelRun(conformance: subject, factory: terms.factory)
        var result = await explore(
            subject: subject.name, assumptions: subject.assumptions, capabilities: subject.capabilities,
            families: ModelFamilies(subject.promises), runs: runs,
            steps: steps, seed: seed, maxShrinkAttempts: shrinks ? maxShrinkAttempts : nil
        ) { operations in
            try await subject.withFreshSubject { witness in await runner.run(operations, on: witness) }
        }
        let capabilities = subject.capabilities
        let plans = parallelRuns ?? (capabilities.contains(.concurrentAccess) && shrinks ? defaultParallelRuns : 0)
        // With server-assigned ids a plan's keys come from its creates.
        guard result.passed, plans > 0, capabilities.contains(.create) || !capabilities.contains(.serverAssignedIDs) else { return result }
        let parallelRunner = ParallelRun(conformance: subject, factory: terms.factory)
        // The parallel plans' specification is CRUD's with conditional updates: a soft delete (the id
        // stays taken) is not in it, so a soft-deleting conformer's plans do not delete.
        let generator = ParallelPlanGenerator(
            capabilities: capabilities, conditionalUpdates: subject.promises.optimisticConcurrency != nil,
            deletes: subject.promises.softDeletion == nil)
        let planRunner = CRUDPlanRunner(generator: generator) { plan, schedule, scheduling in
            try await subject.withFreshSubject { witness in
                await parallelRunner.run(plan, on: witness, schedule: schedule, scheduling: scheduling)
            }
        }
        let search = PlanSearch(
            runner: planRunner, plans: plans, repetitions: defaultRepetitions, candidateRuns: 2 * defaultRepetitions,
            measuringRuns: nil, maxShrinkAttempts: shrinks ? defaultParallelShrinkAttempts : 0, seedSalt: 0x9e37_79b9_7f4a_7c15)
        do {
            let searched = try await search.explore(firstSeed: result.seed)
            result.parallel = ParallelReport(searched, budget: max(0, plans), repetitions: defaultRepetitions)
        } catch {
            result.setupError = "makeSubject() threw \(describe(error))"
        }
        return result
    }

    /// Runs a parallel `plan` `repetitions` times on fresh subjects and returns every run's outcome: the
    /// replay of a plan a failure printed. With `schedule`, every run's tasks run on a scheduler of that
    /// seed (the failing run's interleaving, again); without, each run on a seed of its own.
    package static func replayParallel<Entity>(
        _ plan: ParallelPlan, on conformance: Conformance<CRUD<Entity>>, factory: EntityFactory<Entity>, repetitions: Int,
        schedule: UInt64? = nil
    ) async throws -> [ParallelOutcome] {
        let terms = CRUD(factory: factory)
        let subject = ModelSubject(conformance, terms: terms)
        let runner = ParallelRun(conformance: subject, factory: factory)
        let scheduling = ParallelScheduling()
        var schedules = SplitMix64(seed: 0x5ced)
        var outcomes: [ParallelOutcome] = []
        for _ in 0..<repetitions {
            let seed = schedule ?? schedules.next()
            outcomes.append(try await subject.withFreshSubject { witness in
                await runner.run(plan, on: witness, schedule: seed, scheduling: scheduling)
            })
        }
        return outcomes
    }

    /// Checks a CRUD conformer against the reference model, over entities made by `factory`; see
    /// ``check(_:under:runs:steps:seed:maxShrinkAttempts:shrinks:parallelRuns:)``.
    public static func check<Entity>(
        _ conformance: Conformance<CRUD<Entity>>, factory: EntityFactory<Entity>, runs: Int = defaultRuns,
        steps: Int = defaultSteps, seed: UInt64? = nil, maxShrinkAttempts: Int = defaultShrinkAttempts,
        shrinks: Bool = true, parallelRuns: Int? = nil
    ) async -> ModelCheckResult {
        await check(
            conformance, under: CRUD(factory: factory), runs: runs, steps: steps, seed: seed,
            maxShrinkAttempts: maxShrinkAttempts, shrinks: shrinks, parallelRuns: parallelRuns)
    }

    /// Differential mode: runs the same sequences on `first` and `second` (fresh subjects of each, in fresh
    /// environments of their terms) and reports the first observable difference, with both outcomes.
    /// Entities come from `firstTerms`' factory. The generator uses the capabilities both declare.
    /// `shrinks: false` when either side only replays recorded requests (see the other overload).
    public static func check<First: RepositoryTerms, Second: RepositoryTerms>(
        _ first: Conformance<First>, under firstTerms: First, against second: Conformance<Second>,
        under secondTerms: Second, runs: Int = defaultRuns, steps: Int = defaultSteps, seed: UInt64? = nil,
        maxShrinkAttempts: Int = defaultShrinkAttempts, shrinks: Bool = true
    ) async -> ModelCheckResult where First.Entity == Second.Entity {
        let a = ModelSubject(first, terms: firstTerms), b = ModelSubject(second, terms: secondTerms)
        let runner = DifferentialRun(first: a, second: b, factory: firstTerms.factory)
        let capabilities = a.capabilities.intersection(b.capabilities)
            .union(a.capabilities.union(b.capabilities).intersection(.serverAssignedIDs))
        return await explore(
            subject: "\(a.name) against \(b.name)", assumptions: a.assumptions, capabilities: capabilities, runs: runs,
            steps: steps, seed: seed, maxShrinkAttempts: shrinks ? maxShrinkAttempts : nil
        ) { operations in
            try await a.withFreshSubject { witnessA in
                try await b.withFreshSubject { witnessB in await runner.run(operations, on: witnessA, and: witnessB) }
            }
        }
    }

    /// Differential mode over two CRUD conformers and one entity factory; see
    /// ``check(_:under:against:under:runs:steps:seed:maxShrinkAttempts:shrinks:)``.
    public static func check<Entity>(
        _ first: Conformance<CRUD<Entity>>, against second: Conformance<CRUD<Entity>>, factory: EntityFactory<Entity>,
        runs: Int = defaultRuns, steps: Int = defaultSteps, seed: UInt64? = nil,
        maxShrinkAttempts: Int = defaultShrinkAttempts, shrinks: Bool = true
    ) async -> ModelCheckResult {
        let terms = CRUD(factory: factory)
        return await check(
            first, under: terms, against: second, under: terms, runs: runs, steps: steps, seed: seed,
            maxShrinkAttempts: maxShrinkAttempts, shrinks: shrinks)
    }

    /// Runs exactly `operations` once against the reference model, without generating or shrinking: the
    /// replay of a minimal case a failure printed.
    package static func replay<Terms: RepositoryTerms>(
        _ operations: [ModelOperation], on conformance: Conformance<Terms>, under terms: Terms
    ) async -> ModelCheckResult {
        let subject = ModelSubject(conformance, terms: terms)
        var result = ModelCheckResult(
            subject: subject.name, seed: 0, runs: 1, budget: 1, steps: operations.count, assumptions: subject.assumptions)
        do {
            let outcome = try await subject.withFreshSubject { witness in
                await ModelRun(conformance: subject, factory: terms.factory).run(operations, on: witness)
            }
            if let divergence = outcome.divergence {
                result.failure = .init(
                    seed: 0, run: 1, original: operations, originalDivergence: divergence, shrunk: operations,
                    divergence: divergence, trace: outcome.trace, shrinkAttempts: 0, preamble: outcome.preamble)
            }
        } catch {
            result.setupError = "makeSubject() threw \(describe(error))"
        }
        return result
    }

    /// Replays `operations` on a CRUD conformer over entities made by `factory`; see
    /// ``replay(_:on:under:)``.
    package static func replay<Entity>(
        _ operations: [ModelOperation], on conformance: Conformance<CRUD<Entity>>, factory: EntityFactory<Entity>
    ) async -> ModelCheckResult {
        await replay(operations, on: conformance, under: CRUD(factory: factory))
    }

    /// The operations run `seed` generates for a conformer with `capabilities` and `families`.
    package static func operations(
        seed: UInt64, steps: Int = defaultSteps, capabilities: Capabilities, families: ModelFamilies = .none
    ) -> [ModelOperation] {
        var random = SplitMix64(seed: seed)
        return OperationGenerator(capabilities: capabilities, families: families).sequence(steps, using: &random)
    }

    private static func explore(
        subject: String, assumptions: String, capabilities: Capabilities, families: ModelFamilies = .none, runs: Int, steps: Int,
        seed: UInt64?, maxShrinkAttempts: Int?,
        run: @escaping @Sendable ([ModelOperation]) async throws -> ModelRunOutcome
    ) async -> ModelCheckResult {
        let firstSeed = seed ?? seedFromEnvironment() ?? UInt64.random(in: 1...UInt64.max)
        var result = ModelCheckResult(
            subject: subject, seed: firstSeed, runs: 0, budget: max(1, runs), steps: steps, assumptions: assumptions)
        let runner = CRUDSequenceRunner(
            capabilities: capabilities, families: families, shrinks: maxShrinkAttempts != nil, runSteps: run)
        let search = SequenceSearch(runner: runner, runs: runs, steps: steps, maxShrinkAttempts: maxShrinkAttempts ?? 0)
        let (runsMade, ending) = await search.explore(firstSeed: firstSeed)
        result.runs = runsMade
        switch ending {
        case .passed: break
        case .setupFailed(let error): result.setupError = "makeSubject() threw \(describe(error))"
        case .found(let found):
            result.failure = .init(
                seed: found.seed, run: found.run, original: found.original, originalDivergence: found.originalOutcome.divergence!,
                shrunk: found.shrunk, divergence: found.outcome.divergence!, trace: found.outcome.trace,
                shrinkAttempts: found.shrinkAttempts, shrinkingSkipped: found.shrinkingSkipped,
                preamble: found.originalOutcome.preamble)
        }
        return result
    }
}
