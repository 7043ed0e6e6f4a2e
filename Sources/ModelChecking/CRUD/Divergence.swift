/// The first step at which the subject did something the reference model (or the other conformer) did not.
package struct Divergence: Hashable, Sendable, CustomStringConvertible {
    /// The step's index in the sequence that ran.
    package var step: Int
    /// The step.
    package var operation: ModelOperation
    /// What was compared: "outcome", "value", "contents", "order", "policy", "duplicateID", "broken".
    package var check: String
    /// What was wrong, for people.
    package var message: String
    /// What the model (or the first conformer, in differential mode) did.
    package var expected: String
    /// What the subject (or the second conformer) did.
    package var actual: String

    /// What shrinking preserves: a smaller sequence is kept only if it fails the same way
    /// (`"fetchAll.contents"`), so shrinking never slides to a different bug.
    package var signature: String { check == "anomaly" ? check : "\(operation.kind).\(check)" }

    package var description: String {
        "step \(step + 1), \(operation): \(message)\n    expected: \(expected)\n    actual:   \(actual)"
    }
}

/// One executed step of a run, as the final report shows it.
package struct TraceStep: Hashable, Sendable {
    /// The step.
    package var operation: ModelOperation
    /// The call as Swift source on a witness named `repo`; `nil` for a skipped step.
    package var swiftSource: String?
    /// What the subject did.
    package var observed: DeferredText
}

/// What running one sequence found.
struct ModelRunOutcome: Sendable {
    /// The Swift lines before the steps' (`var sent: [Todo] = []`).
    var preamble: [String] = []
    var trace: [TraceStep] = []
    var divergence: Divergence?
    /// Indices of steps that were skipped because a reference they name was never created.
    var skipped: [Int] = []

    /// Admits step `index` of a run that has created `created` entities so far: `nil` (and the step
    /// traced as skipped) when it names an entity never created; else the reference a create would
    /// get, with `created` counted on.
    mutating func admit(_ operation: ModelOperation, at index: Int, created: inout Int) -> Int? {
        guard operation.isValid(createdCount: created) else {
            skipped.append(index)
            trace.append(TraceStep(operation: operation, swiftSource: nil, observed: "skipped: names an entity never created"))
            return nil
        }
        let newReference = created
        created += operation.createdCount
        return newReference
    }
}
