import ContractEngine

/// Where a call of a concurrent run was made: in the prefix, in task `n` (from 1), or after the tasks
/// (the observation).
enum CallPlace: Sendable, Hashable {
    case prefix
    case task(Int)
    case afterTasks
}

/// One call of a concurrent run as the subject answered it, between two ticks of the run's logical clock.
struct RecordedCall<System>: Sendable {
    var place: CallPlace
    /// The step's recipe; `nil` for the observation.
    var step: PlannedStep?
    var operation: String
    /// The subject's call as Swift (with the seen values the subject produced).
    var swift: SwiftStep
    /// The same call, to make on a model (with the seen values the model produced), and whether a model's
    /// result agrees with the subject's.
    var model: ModelCall<System, StepResult>
    var invocation: Int
    var response: Int
    /// The seen values the call passed that the two sides assigned differently: the repro reads them
    /// from the prefix step that produced them.
    var renames: [SeenRename] = []

    /// What the subject answered.
    var result: StepResult { model.response }
}

/// What one concurrent run showed: the plan as it ran (steps whose seen values were gone left out), every
/// call in invocation order, and the search's verdict on them.
struct ConcurrentOutcome<System>: Sendable {
    var plan: ConcurrentPlan
    var calls: [RecordedCall<System>]
    var verdict: ModelLinearizabilityVerdict<StepResult>
    /// The schedule seed every job of the tasks was picked by, or `nil` when they interleaved freely.
    var schedule: UInt64?

    /// Whether no order of the calls explains the subject's answers.
    var failed: Bool {
        if case .notLinearizable = verdict { true } else { false }
    }

    /// Whether the search gave up.
    var inconclusive: Bool {
        if case .inconclusive = verdict { true } else { false }
    }

    /// Whether a subject's call did not return: such a run is reported as it ran, never shrunk (every
    /// candidate would wait for the watchdog again).
    var hung: Bool { calls.contains { $0.result.hung } }
}

/// Runs concurrent plans on a fresh subject: the prefix in order, then the tasks released together by a
/// start gate (child tasks of a task group), then the observation, if any. Every call is recorded with
/// logical-clock ticks taken just before it is made and just after it returns, and the history goes to
/// `linearize`, which checks it against the model. The subject's calls run under the sequential run's
/// watchdog: one that hangs gives ``StepResult/hung(_:)``, which agrees with nothing. The model's calls
/// (the prefix's, and the search's replays) are made directly.
struct ConcurrentRun<System: Sendable>: Sendable {
    /// The operations, the factories, the observation and the draws of the sequential run.
    var steps: ProtocolRun<System>
    var shape: ConcurrentShape
    var linearize: @Sendable ([TimedCall<ModelCall<System, StepResult>>]) async throws -> ModelLinearizabilityVerdict<StepResult>
    /// Whether the runs' tasks are still in a seeded scheduler's hands.
    let scheduling = ParallelScheduling()

    /// How a run gets its plan: drawn from `seed`, or replayed.
    enum Mode: Sendable {
        case generate(seed: UInt64)
        case replay(ConcurrentPlan)
    }

    /// A step drawn or prepared, with the call it makes on each side.
    private typealias Prepared = (step: PlannedStep, call: SidedCall<System>)

    /// Runs `plan` once, its tasks on a scheduler seeded `schedule` while ``scheduling`` can; throws only
    /// what making the model or the subject throws.
    func run(_ mode: Mode, schedule: UInt64) async throws -> ConcurrentOutcome<System> {
        let subject = try await steps.makeSubject(), model = try await steps.makeModel()
        let clock = LogicalClock(), monitor = ProgressMonitor()
        var generator = SplitMix64(seed: 0)
        if case .generate(let seed) = mode { generator = SplitMix64(seed: seed) }
        let (prefix, pools) = await runPrefix(mode, generator: &generator, subject: subject, model: model, clock: clock, monitor: monitor)
        let tasks = prepareTasks(mode, firstID: (prefix.compactMap { $0.step?.id }.max() ?? -1) + 1, generator: &generator, pools: pools)
        let (tasksCalls, ranOn) = await scheduling.run(seed: schedule) { [self] in
            await runTasks(tasks, pools: pools, on: subject, clock: clock, monitor: monitor)
        }
        var calls = prefix + tasksCalls
        if let observe = steps.observe {
            let invocation = clock.tick()
            let seen = await steps.watched("observe", monitor) { await observe(subject) }
            calls.append(RecordedCall(
                place: .afterTasks, step: nil, operation: "observation", swift: .statement(""),
                model: ModelCall(make: observe, response: seen), invocation: invocation, response: clock.tick()))
        }
        calls.sort { $0.invocation < $1.invocation }
        let verdict = try await linearize(calls.map { TimedCall($0.model, invocation: $0.invocation, response: $0.response) })
        let ran = ConcurrentPlan(prefix: prefix.compactMap { $0.step }, tasks: tasks.map { $0.map { $0.step } })
        return ConcurrentOutcome(plan: ran, calls: calls, verdict: verdict, schedule: ranOn)
    }

    /// Draws (or prepares) and makes the prefix's steps on the subject, and on a model, for the values each
    /// side's results produce (each side's calls draw their seen values from its own, as in the sequential
    /// run).
    private func runPrefix(
        _ mode: Mode, generator: inout SplitMix64, subject: System, model: System, clock: LogicalClock, monitor: ProgressMonitor
    ) async -> ([RecordedCall<System>], SeenPools) {
        var pools = SeenPools(), recorded: [RecordedCall<System>] = []
        let count: Int
        switch mode {
        case .generate: count = ConcurrentShape.count(in: shape.prefixSteps, using: &generator)
        case .replay(let planned): count = planned.prefix.count
        }
        for index in 0..<count {
            let prepared: Prepared?
            switch mode {
            case .generate: prepared = steps.draw(id: index, from: &generator, pools: pools)
            case .replay(let planned): prepared = steps.prepare(planned.prefix[index], pools: pools)
            }
            guard let prepared else { continue }
            let call = await record(prepared, place: .prefix, pools: pools, on: subject, clock: clock, monitor: monitor)
            recorded.append(call)
            let onModel = await call.model.make(model)
            pools.add(prepared.step.id, prepared.call, model: onModel, subject: call.result)
        }
        return (recorded, pools)
    }

    /// Draws (or prepares) each task's steps from the values the prefix produced; a drawn step's id
    /// follows the ones before it.
    private func prepareTasks(_ mode: Mode, firstID: Int, generator: inout SplitMix64, pools: SeenPools) -> [[Prepared]] {
        switch mode {
        case .replay(let planned):
            return planned.tasks.map { task in task.compactMap { steps.prepare($0, pools: pools) } }
        case .generate:
            var nextID = firstID
            return (0..<shape.tasks).map { _ in
                let count = ConcurrentShape.count(in: shape.taskSteps, using: &generator)
                return (0..<count).compactMap { _ in
                    defer { nextID += 1 }
                    return steps.draw(id: nextID, from: &generator, pools: pools)
                }
            }
        }
    }

    /// Makes each task's calls in a child task of its own, all released together by a start gate.
    private func runTasks(
        _ tasks: [[Prepared]], pools: SeenPools, on subject: System, clock: LogicalClock, monitor: ProgressMonitor
    ) async -> [RecordedCall<System>] {
        let busy = tasks.enumerated().filter { !$0.element.isEmpty }
        let gate = TaskGate(tasks: busy.count)
        return await withTaskGroup(of: [RecordedCall<System>].self) { group in
            for (index, calls) in busy {
                group.addTask {
                    await gate.arriveAndWait()
                    var recorded: [RecordedCall<System>] = []
                    for prepared in calls {
                        recorded.append(await record(
                            prepared, place: .task(index + 1), pools: pools, on: subject, clock: clock, monitor: monitor))
                    }
                    return recorded
                }
            }
            var all: [RecordedCall<System>] = []
            for await recorded in group { all += recorded }
            return all
        }
    }

    /// Makes `prepared`'s call on the subject between two ticks, under the watchdog; `pools` are the seen
    /// values it was drawn from.
    private func record(
        _ prepared: Prepared, place: CallPlace, pools: SeenPools, on subject: System, clock: LogicalClock, monitor: ProgressMonitor
    ) async -> RecordedCall<System> {
        let name = steps.operations[prepared.step.operation].name
        let invocation = clock.tick()
        let result = await steps.watched(name, monitor) { await prepared.call.subject.call(subject) }
        let response = clock.tick()
        let modelCall = prepared.call.model
        return RecordedCall(
            place: place, step: prepared.step, operation: name, swift: prepared.call.subject.swift,
            model: ModelCall(make: modelCall.call, response: result, agree: modelCall.agree), invocation: invocation, response: response,
            renames: pools.renames(prepared.step.picks, writtenBy: .subject))
    }
}
