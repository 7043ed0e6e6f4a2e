import ContractEngine

extension ProtocolModelCheck {
    /// Concurrent plans per check by default.
    public static var defaultConcurrentRuns: Int { 100 }

    /// Checks that `subject`'s operations are linearizable with respect to `model`: run concurrently,
    /// every call's result (and what `observe` sees after the tasks) is explained by the model making the
    /// same calls one at a time, each at some moment between its call and its return.
    ///
    /// Each plan makes a few steps one after another (the prefix), then starts ``ConcurrentCheckOptions/tasks``
    /// tasks together, each making a few steps; the steps are drawn as the sequential check draws them (a
    /// task's ``Draw/seen(_:)`` values come from the prefix). Every call is recorded between two ticks of a
    /// logical clock, and a search over the orders those ticks allow replays each candidate order on fresh
    /// models. A failing plan is shrunk by dropping steps, each candidate run several times.
    ///
    /// ```swift
    /// let result = await ProtocolModelCheck.checkConcurrently(
    ///     model: { InMemoryBookmarks() }, subject: { SQLiteBookmarks.temporary() },
    ///     operations: BookmarkOperations.all, observe: { try await $0.all() })
    /// #expect(result.passed, "\(result)")
    /// ```
    ///
    /// The model must be deterministic (the same calls give the same results) and, since the search makes
    /// many models, cheap to make. With a `Hashable` observation, the search remembers the (calls placed,
    /// observation) pairs it has explored, so the observation should show all of the model's state that
    /// later results depend on; one that shows less (a count) costs time, not a false failure: a history
    /// that search rejects is searched again by order before the check fails.
    ///
    /// - Parameters:
    ///   - model: makes a fresh model (many per run: the search replays orders on fresh models).
    ///   - subject: makes a fresh subject (one per run), which the tasks share.
    ///   - operations: the protocol's operations; each step draws one whose arguments can be drawn.
    ///   - observe: reads the state of a system; the subject is observed once, after the tasks.
    ///   - runs: how many plans to draw; the check stops at the first plan that fails.
    ///   - seed: the first plan's seed; when `nil`, `REPOSITORY_CONTRACTS_SEED` if set, else a random one.
    ///   - options: the plans' shape, the runs per plan, shrinking's re-runs and the search's bound.
    public static func checkConcurrently<System: Sendable, Observation: Hashable & Sendable>(
        model: @escaping @Sendable () async throws -> System, subject: @escaping @Sendable () async throws -> System,
        operations: [ProtocolOperation<System>], observe: @escaping @Sendable (System) async throws -> Observation,
        runs: Int = defaultConcurrentRuns, seed: UInt64? = nil, options: ConcurrentCheckOptions = .init()
    ) async -> ConcurrentModelCheckResult {
        let steps = observedRun(operations, model: model, subject: subject, observe: observe, options: options)
        let byOrder = orderKeyedSearch(model, options)
        return await exploreConcurrently(steps, runs: runs, seed: seed, options: options) { calls in
            let verdict = try await ModelLinearizabilitySearch(calls, stepLimit: options.searchStepLimit, makeModel: model) { system, order in
                guard let seen = try? await observe(system) else { return SearchKey<Observation>.order(order) }
                return SearchKey.observed(seen)
            }.check()
            // An observation that misses some state (a count) can make two different models look alike and
            // prune the order that works: a failure is confirmed by the search that remembers orders.
            guard case .notLinearizable = verdict else { return verdict }
            return try await byOrder(calls)
        }
    }

    /// Checks concurrent runs of `subject` against `model`, observing the subject after the tasks; see
    /// the `Hashable` observation's variant of `checkConcurrently(model:subject:operations:observe:runs:seed:options:)`.
    /// The observation is not `Hashable`, so the search remembers orders, not states: it explores more.
    public static func checkConcurrently<System: Sendable, Observation: Equatable & Sendable>(
        model: @escaping @Sendable () async throws -> System, subject: @escaping @Sendable () async throws -> System,
        operations: [ProtocolOperation<System>], observe: @escaping @Sendable (System) async throws -> Observation,
        runs: Int = defaultConcurrentRuns, seed: UInt64? = nil, options: ConcurrentCheckOptions = .init()
    ) async -> ConcurrentModelCheckResult {
        let steps = observedRun(operations, model: model, subject: subject, observe: observe, options: options)
        return await exploreConcurrently(steps, runs: runs, seed: seed, options: options, linearize: orderKeyedSearch(model, options))
    }

    /// Checks concurrent runs of `subject` against `model`, comparing the calls' results only; see
    /// the `Hashable` observation's variant of `checkConcurrently(model:subject:operations:observe:runs:seed:options:)`.
    public static func checkConcurrently<System: Sendable>(
        model: @escaping @Sendable () async throws -> System, subject: @escaping @Sendable () async throws -> System,
        operations: [ProtocolOperation<System>], runs: Int = defaultConcurrentRuns, seed: UInt64? = nil,
        options: ConcurrentCheckOptions = .init()
    ) async -> ConcurrentModelCheckResult {
        let steps = ProtocolRun(
            operations: operations, makeModel: model, makeSubject: subject, observe: nil, callTimeout: options.callTimeout)
        return await exploreConcurrently(steps, runs: runs, seed: seed, options: options, linearize: orderKeyedSearch(model, options))
    }

    /// The run of `operations` with `observe` read after the tasks.
    private static func observedRun<System: Sendable, Observation: Equatable & Sendable>(
        _ operations: [ProtocolOperation<System>], model: @escaping @Sendable () async throws -> System,
        subject: @escaping @Sendable () async throws -> System, observe: @escaping @Sendable (System) async throws -> Observation,
        options: ConcurrentCheckOptions
    ) -> ProtocolRun<System> {
        ProtocolRun(
            operations: operations, makeModel: model, makeSubject: subject,
            observe: { system in await StepResult.of { try await observe(system) } }, callTimeout: options.callTimeout)
    }

    /// The search that remembers the orders it explored (no observation to key its states by).
    private static func orderKeyedSearch<System: Sendable>(
        _ model: @escaping @Sendable () async throws -> System, _ options: ConcurrentCheckOptions
    ) -> @Sendable ([TimedCall<ModelCall<System, StepResult>>]) async throws -> ModelLinearizabilityVerdict<StepResult> {
        { calls in try await ModelLinearizabilitySearch(calls, stepLimit: options.searchStepLimit, makeModel: model) { _, order in order }.check() }
    }

    private static func exploreConcurrently<System: Sendable>(
        _ steps: ProtocolRun<System>, runs: Int, seed: UInt64?, options: ConcurrentCheckOptions,
        linearize: @escaping @Sendable ([TimedCall<ModelCall<System, StepResult>>]) async throws -> ModelLinearizabilityVerdict<StepResult>
    ) async -> ConcurrentModelCheckResult {
        let firstSeed = seed ?? ModelCheck.seedFromEnvironment() ?? UInt64.random(in: 1...UInt64.max)
        guard !steps.operations.isEmpty else {
            var result = ConcurrentModelCheckResult(seed: firstSeed, budget: max(1, runs), repetitions: options.repetitions)
            result.setupError = "no operations to draw"
            return result
        }
        let run = ConcurrentRun(steps: steps, shape: options.shape, linearize: linearize)
        let search = PlanSearch(
            runner: run, plans: max(1, runs), repetitions: options.repetitions, candidateRuns: options.shrinkReruns,
            measuringRuns: options.shrinkReruns, maxShrinkAttempts: options.maxShrinkAttempts)
        let budget = max(1, runs), repetitions = max(1, options.repetitions)
        do {
            return ConcurrentModelCheckResult(try await search.explore(firstSeed: firstSeed), seed: firstSeed, budget: budget, repetitions: repetitions)
        } catch {
            var result = ConcurrentModelCheckResult(seed: firstSeed, budget: budget, repetitions: repetitions)
            result.setupError = "making the model or the subject threw \(describe(error))"
            return result
        }
    }
}

/// What the search remembers a node by: the model's observation, or the order when observing it threw.
enum SearchKey<Observation: Hashable>: Hashable {
    case observed(Observation)
    case order([Int])
}
