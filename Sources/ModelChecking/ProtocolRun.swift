import ContractEngine
import RepositoryContractsPrimitives

/// One step of a run as a recipe: which operation, the seed of its random draws, and the seen values it
/// drew. `id` is its place in the sequence as generated; a seen value names the step that produced it by
/// this id, so dropping other steps does not change what a step means.
struct PlannedStep: Sendable, Hashable {
    var id: Int
    var operation: Int
    var seed: UInt64
    var picks: [SeenReference]
}

/// A step as it ran: its recipe, its Swift, and both sides' results.
struct RanStep: Sendable {
    var step: PlannedStep
    var operation: String
    var swift: SwiftStep
    var model: StepResult
    var subject: StepResult
}

/// Where a run's model and subject first disagreed: the step's result, or the observation after it.
struct RunDivergence: Sendable, Equatable {
    var step: Int
    var operation: String
    var isObservation: Bool
    var model: StepResult
    var subject: StepResult

    /// What shrinking keeps: the same operation disagreeing the same way.
    var signature: String { "\(operation)\(isObservation ? ".observation" : ".result")" }

    /// Whether a side's call did not return: such a run is reported as it ran, never shrunk (every
    /// candidate would wait for the watchdog again).
    var hung: Bool { model.hung || subject.hung }
}

/// A run's steps (those that ran; skipped ones are not there) and its divergence, if any.
struct RunOutcome: Sendable {
    var steps: [RanStep] = []
    var divergence: RunDivergence?
}

/// Runs sequences of a protocol's operations on a fresh model and a fresh subject, comparing each step.
struct ProtocolRun<System>: Sendable {
    var operations: [ProtocolOperation<System>]
    var makeModel: @Sendable () async throws -> System
    var makeSubject: @Sendable () async throws -> System
    var observe: (@Sendable (System) async -> StepResult)?
    /// How long a call may go without any sign of progress before it is reported as hung.
    var callTimeout: Duration = ProtocolModelCheck.defaultCallTimeout

    /// What a run does: draw `count` steps from `seed`, or replay `steps`.
    enum Plan {
        case generate(seed: UInt64, count: Int)
        case replay([PlannedStep])
    }

    /// Runs `plan`; throws only when making the model or the subject throws.
    func run(_ plan: Plan) async throws -> RunOutcome {
        let model = SystemHandle(try await makeModel()), subject = SystemHandle(try await makeSubject())
        let monitor = ProgressMonitor()
        var pool = SeenPool(), outcome = RunOutcome()
        var generator = SplitMix64(seed: 0)
        let count: Int
        switch plan {
        case .generate(let seed, let steps): (generator, count) = (SplitMix64(seed: seed), steps)
        case .replay(let steps): count = steps.count
        }
        for index in 0..<count {
            let drawn: (PlannedStep, PreparedCall<System>)?
            switch plan {
            case .generate: drawn = draw(id: index, from: &generator, pool: pool)
            case .replay(let steps): drawn = prepare(steps[index], pool: pool)
            }
            guard let (step, call) = drawn else { continue }
            let name = operations[step.operation].name
            let modelResult = await watched(name, monitor) { await call.call(model.system) }
            let subjectResult = modelResult.hung ? modelResult : await watched(name, monitor) { await call.call(subject.system) }
            outcome.steps.append(RanStep(step: step, operation: name, swift: call.swift, model: modelResult, subject: subjectResult))
            let position = outcome.steps.count - 1
            guard call.agree(modelResult, subjectResult), !modelResult.hung else {
                outcome.divergence = RunDivergence(
                    step: position, operation: name, isObservation: false, model: modelResult, subject: subjectResult)
                return outcome
            }
            if case .returned(let value) = modelResult { pool.add(call.produces(value), by: step.id) }
            if let observe {
                let seenInModel = await watched("observe", monitor) { await observe(model.system) }
                let seenInSubject = seenInModel.hung ? seenInModel : await watched("observe", monitor) { await observe(subject.system) }
                if seenInModel != seenInSubject || seenInModel.hung {
                    outcome.divergence = RunDivergence(
                        step: position, operation: name, isObservation: true, model: seenInModel, subject: seenInSubject)
                    return outcome
                }
            }
        }
        return outcome
    }

    /// What `body` gave, or ``StepResult/hung(_:)`` when it went ``callTimeout`` without any sign of
    /// progress; the hung call is abandoned (its system is never used again).
    private func watched(
        _ operation: String, _ monitor: ProgressMonitor, _ body: @escaping @Sendable () async -> StepResult
    ) async -> StepResult {
        do {
            return try await withWatchdog(callTimeout, operation: operation, monitor: monitor, body)
        } catch let failure as OperationFailure {
            return .hung(failure.reason.stall.map(String.init(describing:)) ?? "\(failure)")
        } catch {
            return .threw(ErrorIdentity(error), description: describe(error))
        }
    }

    /// A new step: an operation whose arguments can be drawn and pass its precondition, tried a few
    /// times; `nil` when none could be (the step is left out).
    private func draw(id: Int, from generator: inout SplitMix64, pool: SeenPool) -> (PlannedStep, PreparedCall<System>)? {
        for _ in 0..<max(4, operations.count * 2) {
            let operation = generator.bounded(operations.count)
            let seed = generator.next(), pickSeed = generator.next()
            var draw = Draw(seed: seed, picks: .choosing(SplitMix64(seed: pickSeed)), pool: pool)
            if let call = try? operations[operation].prepare(&draw) {
                return (PlannedStep(id: id, operation: operation, seed: seed, picks: draw.used), call)
            }
        }
        return nil
    }

    /// The call `step` makes, drawn again; `nil` when a value it drew is gone or its precondition fails.
    private func prepare(_ step: PlannedStep, pool: SeenPool) -> (PlannedStep, PreparedCall<System>)? {
        var draw = Draw(seed: step.seed, picks: .replaying(step.picks), pool: pool)
        guard let call = try? operations[step.operation].prepare(&draw) else { return nil }
        return (step, call)
    }
}

/// A model or a subject, handed to the watchdog's task for one call at a time: a run never calls one
/// system from two tasks at once, and a system whose call hung is abandoned with it.
struct SystemHandle<System>: @unchecked Sendable {
    let system: System

    init(_ system: System) {
        self.system = system
    }
}
