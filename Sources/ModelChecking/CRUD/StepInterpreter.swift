/// What interpreting one request of a step gave: the observation as the trace shows it, whether the
/// subject's call returned (a repro writes `try?` where it did not), and the divergence, if any.
struct InterpretedPart: Sendable {
    var observed: DeferredText
    var returned: Bool
    var failure: StepFailure?
}

/// Interprets a CRUD step's requests one at a time: builds each side's request, makes it, observes what
/// happened and judges it (against the reference model, or against a second conformer), and moves its
/// tables on. The sequential and differential runs are its two implementations; ``drive(_:outcome:)``
/// is the loop they share.
protocol StepInterpreter {
    /// Interprets one part of a step (a create-many step has several), `partReference` its new reference.
    mutating func interpret(_ part: ModelOperation, _ partReference: Int) async -> InterpretedPart

    /// The step as Swift on `repo`, given whether a call of it threw.
    func swiftSource(for operation: ModelOperation, newReference: Int, threw: Bool) -> String?
}

extension StepInterpreter {
    /// Interprets `place`'s parts in order and records the step in `outcome`; `true` when a part diverged
    /// (the step is recorded with the divergence).
    mutating func drive(_ place: StepPlace, outcome: inout ModelRunOutcome) async -> Bool {
        var observations: [DeferredText] = []
        var threw = false
        for (part, partReference) in place.operation.parts(newReference: place.newReference) {
            let interpreted = await interpret(part, partReference)
            threw = threw || !interpreted.returned
            observations.append(interpreted.observed)
            if let failure = interpreted.failure {
                outcome.trace.append(TraceStep(
                    operation: place.operation, swiftSource: swiftSource(for: place.operation, newReference: place.newReference, threw: threw),
                    observed: interpreted.observed))
                outcome.divergence = Divergence(
                    step: place.index, operation: place.operation, check: failure.check, message: failure.message,
                    expected: failure.expected, actual: failure.actual ?? interpreted.observed.description)
                return true
            }
        }
        outcome.trace.append(TraceStep(
            operation: place.operation, swiftSource: swiftSource(for: place.operation, newReference: place.newReference, threw: threw),
            observed: observations.count == 1 ? observations[0] : Self.manyCreates(observations)))
        return false
    }

    /// What a create-many step observed: how many creates, and what the last did.
    private static func manyCreates(_ observations: [DeferredText]) -> DeferredText {
        DeferredText { "\(observations.count) creates, the last \(observations.last.map(\.description) ?? "")" }
    }
}
