import ContractEngine
import RepositoryContractsPrimitives

/// One step of a run as a recipe: which operation, the random choices of its draws, and the seen values
/// it drew. `id` is its place in the sequence as generated; a seen value names the step that produced it
/// by this id, so dropping other steps does not change what a step means.
struct PlannedStep: Sendable, Hashable {
    var id: Int
    var operation: Int
    var choices: [Int]
    var picks: [SeenReference]
}

/// A step as it ran: its recipe, its Swift, both sides' results, and the seen values it passed that the two
/// sides assigned differently (the repro names those by the step that produced them).
struct RanStep: Sendable {
    var step: PlannedStep
    var operation: String
    var swift: SwiftStep
    var model: StepResult
    var subject: StepResult
    var renames: [SeenRename] = []
    /// Whether the subject had no value of its own for a seen value the step drew, and got the model's.
    var subjectGivenModelValues = false
}

/// A seen value the model and the subject assigned differently: the model's value as the step's Swift
/// writes it, and where the repro reads the subject's (the producing step's result, through `accessor`).
struct SeenRename: Sendable, Hashable {
    var literal: String
    var producer: Int
    var accessor: String
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

    /// The side whose call did not return, if one did not (the model's call is made first).
    var sideThatHung: ProtocolModelCheckResult.Side? {
        model.hung ? .model : subject.hung ? .subject : nil
    }
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
        var pools = SeenPools(), outcome = RunOutcome()
        var generator = SplitMix64(seed: 0)
        let count: Int
        switch plan {
        case .generate(let seed, let steps): (generator, count) = (SplitMix64(seed: seed), steps)
        case .replay(let steps): count = steps.count
        }
        for index in 0..<count {
            let drawn: (PlannedStep, SidedCall<System>)?
            switch plan {
            case .generate: drawn = draw(id: index, from: &generator, pools: pools)
            case .replay(let steps): drawn = prepare(steps[index], pools: pools)
            }
            guard let (step, call) = drawn else { continue }
            let name = operations[step.operation].name
            let modelResult = await watched(name, monitor) { await call.model.call(model.system) }
            let subjectResult = modelResult.hung ? modelResult : await watched(name, monitor) { await call.subject.call(subject.system) }
            outcome.steps.append(
                RanStep(
                    step: step, operation: name, swift: call.model.swift, model: modelResult, subject: subjectResult,
                    renames: pools.renames(step.picks), subjectGivenModelValues: call.subjectGivenModelValues))
            let position = outcome.steps.count - 1
            guard call.model.agree(modelResult, subjectResult), !modelResult.hung else {
                outcome.divergence = RunDivergence(
                    step: position, operation: name, isObservation: false, model: modelResult, subject: subjectResult)
                return outcome
            }
            pools.add(step.id, call, model: modelResult, subject: subjectResult)
            if let observe, let divergence = await observed(observe, model, subject, monitor, after: position, name) {
                outcome.divergence = divergence
                return outcome
            }
        }
        return outcome
    }

    /// The divergence of what `observe` reads of each side after step `position`, if any.
    private func observed(
        _ observe: @escaping @Sendable (System) async -> StepResult, _ model: SystemHandle<System>, _ subject: SystemHandle<System>,
        _ monitor: ProgressMonitor, after position: Int, _ name: String
    ) async -> RunDivergence? {
        let seenInModel = await watched("observe", monitor) { await observe(model.system) }
        let seenInSubject = seenInModel.hung ? seenInModel : await watched("observe", monitor) { await observe(subject.system) }
        guard seenInModel != seenInSubject || seenInModel.hung else { return nil }
        return RunDivergence(step: position, operation: name, isObservation: true, model: seenInModel, subject: seenInSubject)
    }

    /// What `body` gave, or ``StepResult/hung(_:)`` when it went ``callTimeout`` without any sign of
    /// progress; the hung call is abandoned (its system is never used again).
    func watched(
        _ operation: String, _ monitor: ProgressMonitor, _ body: @escaping @Sendable () async -> StepResult
    ) async -> StepResult {
        switch await watchedResult(callTimeout, operation: operation, monitor: monitor, body) {
        case .success(let result): return result
        case .failure(let failure as OperationFailure):
            return .hung(failure.reason.stall.map(String.init(describing:)) ?? "\(failure)")
        case .failure(let error): return .threw(ErrorIdentity(error), description: DeferredText(describingError: error))
        }
    }

    /// A new step: an operation whose arguments can be drawn and pass its precondition, tried a few
    /// times; `nil` when none could be (the step is left out).
    func draw(id: Int, from generator: inout SplitMix64, pools: SeenPools) -> (PlannedStep, SidedCall<System>)? {
        for _ in 0..<max(4, operations.count * 2) {
            let operation = generator.bounded(operations.count)
            let seed = generator.next(), pickSeed = generator.next()
            var draw = Draw(seed: seed, picks: .choosing(SplitMix64(seed: pickSeed)), pool: pools.model)
            if let call = try? operations[operation].prepare(&draw) {
                let step = PlannedStep(id: id, operation: operation, choices: draw.choices, picks: draw.used)
                return (step, SidedCall(model: call, subject: step.picks.isEmpty ? call : subjectCall(step, pools)))
            }
        }
        return nil
    }

    /// The call `step` makes, drawn again; `nil` when a value it drew is gone or its precondition fails.
    func prepare(_ step: PlannedStep, pools: SeenPools) -> (PlannedStep, SidedCall<System>)? {
        var draw = Draw(choices: step.choices, picks: .replaying(step.picks), pool: pools.model)
        guard let call = try? operations[step.operation].prepare(&draw) else { return nil }
        var made = step
        made.choices = draw.choices
        return (made, SidedCall(model: call, subject: made.picks.isEmpty ? call : subjectCall(made, pools)))
    }

    /// `step`'s call drawn from the subject's seen values: the same operation, random draws and picks,
    /// so that each side gets the value it assigned itself; `nil` when the subject has no such value.
    private func subjectCall(_ step: PlannedStep, _ pools: SeenPools) -> PreparedCall<System>? {
        var draw = Draw(choices: step.choices, picks: .replaying(step.picks), pool: pools.subject)
        return try? operations[step.operation].prepare(&draw)
    }
}

/// One step's call on each side: the model's drawn from the model's seen values, the subject's from the
/// subject's.
struct SidedCall<System>: Sendable {
    var model: PreparedCall<System>
    var subject: PreparedCall<System>
    /// Whether the subject had no value for a seen value the step drew, so it was given the model's (its
    /// results produced fewer values of that kind, or none): the report says so at the step.
    var subjectGivenModelValues = false

    /// The model's call, and the subject's drawn from its own seen values (`nil`: it has none for a value
    /// the step drew, and gets the model's call).
    init(model: PreparedCall<System>, subject: PreparedCall<System>?) {
        self.model = model
        self.subject = subject ?? model
        subjectGivenModelValues = subject == nil
    }
}

/// The seen values of both sides of a run.
struct SeenPools: Sendable {
    var model = SeenPool()
    var subject = SeenPool()

    /// Adds what step `id` produced on each side.
    mutating func add(_ id: Int, _ call: SidedCall<some Any>, model modelResult: StepResult, subject subjectResult: StepResult) {
        if case .returned(let value) = modelResult { model.add(call.model.produces(value), by: id, from: value) }
        if case .returned(let value) = subjectResult { subject.add(call.subject.produces(value), by: id, from: value) }
    }

    /// The values of `picks` the two sides hold differently, where the subject's can be named; each
    /// rename's literal is the value as `side`'s Swift writes it (the sequential repro prints the model's
    /// calls, the concurrent one the subject's).
    func renames(_ picks: [SeenReference], writtenBy side: ProtocolModelCheckResult.Side = .model) -> [SeenRename] {
        picks.compactMap { reference in
            guard let mine = model.seen(at: reference), let theirs = subject.seen(at: reference), let accessor = theirs.accessor
            else { return nil }
            let (modelLiteral, subjectLiteral) = (swiftLiteral(of: mine.value), swiftLiteral(of: theirs.value))
            guard modelLiteral != subjectLiteral else { return nil }
            return SeenRename(literal: side == .model ? modelLiteral : subjectLiteral, producer: reference.step, accessor: accessor)
        }
    }
}

/// `value` as Swift: its literal when it has one, else its description.
func swiftLiteral(of value: any Sendable) -> String {
    (value as? any SwiftLiteralRepresentable)?.swiftLiteral ?? String(describing: value)
}

/// A model or a subject, handed to the watchdog's task for one call at a time: a run never calls one
/// system from two tasks at once, and a system whose call hung is abandoned with it.
struct SystemHandle<System>: @unchecked Sendable {
    let system: System

    init(_ system: System) {
        self.system = system
    }
}
