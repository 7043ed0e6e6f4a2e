import RepositoryContractsPrimitives

/// What a model-based check of your own protocol found: whether every run agreed with the model, and
/// for a falsified run the shrunk sequence, where it diverged, the Swift that replays it and the seed.
public struct ProtocolModelCheckResult: Sendable, CustomStringConvertible {
    /// One step of the shrunk sequence as it ran.
    public struct Step: Sendable, Hashable {
        /// The operation's name.
        public let operation: String
        /// The call as the operation's `swift:` writes it.
        public let swift: String
        /// What the model's call returned or threw: `returned [a, b]`, `returned`, `threw …`.
        public let model: String
        /// What the subject's call returned or threw, written as ``model`` is.
        public let subject: String
        /// Whether the model's call threw (the Swift repro marks it `try?`).
        public let modelThrew: Bool
        /// Whether ``swift`` is a whole statement the repro prints as it is (a time step), rather than a
        /// call it prints as `_ = try await` and the call.
        public let isStatement: Bool
        /// The name the repro binds this step's result to (`v1`), when a later step passes on a value
        /// it produced that the model and the subject assigned differently (an id, a token); ``swift`` of
        /// those steps reads it from there (`v1.id`).
        public let binding: String?
        /// Whether the step drew a value an earlier result produced that the subject's results had not
        /// produced (the model's produced more values of that kind): the subject was given the model's
        /// value, and the report says so at the step.
        public let subjectGivenModelValues: Bool
    }

    /// Where the model and the subject first disagreed.
    public struct Divergence: Sendable, Hashable {
        /// The step, counted from 1 in the shrunk sequence.
        public let step: Int
        /// The step's operation.
        public let operation: String
        /// `true` when the results agreed but the observation after the step did not.
        public let isObservation: Bool
        /// The model's result, or its observation.
        public let model: String
        /// The subject's result, or its observation.
        public let subject: String
        /// `true` when a side's call (or observation) did not return: the watchdog gave up on it.
        public let hung: Bool
        /// Which side's call (or observation) did not return, when one did not: the model's is made
        /// first, and a run stops at the first that hangs.
        public let sideThatHung: Side?
    }

    /// One of the two systems a check compares.
    public enum Side: String, Sendable, Hashable {
        /// The model: your fake, or the model you wrote.
        case model
        /// The conformer checked against the model.
        case subject
    }

    /// A falsified run, shrunk.
    public struct Failure: Sendable {
        /// The seed of the falsified run: as `seed:` or `REPOSITORY_CONTRACTS_SEED`, it replays that run
        /// first, its shrinking included.
        public let seed: UInt64
        /// Which run failed, counted from 1.
        public let run: Int
        /// How many steps the run had made when it diverged, before shrinking.
        public let originalStepCount: Int
        /// The shrunk sequence, up to and including the divergence.
        public let steps: [Step]
        /// Where the shrunk sequence diverged.
        public let divergence: Divergence
        /// How many candidates shrinking ran.
        public let shrinkAttempts: Int
    }

    /// The first run's seed.
    public let seed: UInt64
    /// How many runs were made, the failing one included.
    public internal(set) var runs: Int
    /// How many runs the check would have made had every run passed.
    public let budget: Int
    /// Steps drawn per run.
    public let stepsPerRun: Int
    /// The falsified run, if any.
    public internal(set) var failure: Failure?
    /// Why the check could not run (making the model or the subject threw); a failure too.
    public internal(set) var setupError: String?

    /// Whether every run agreed with the model.
    public var passed: Bool { failure == nil && setupError == nil }

    /// The shrunk sequence as the body of an `async throws` test on a fresh subject: one line per step
    /// (`_ = try await` and the step's `swift:`, `try?` where the model threw), the divergence as
    /// comments; `nil` when the check passed.
    public var swiftLines: [String]? {
        guard let failure else { return nil }
        var lines: [String] = []
        for (index, step) in failure.steps.enumerated() {
            let trying = step.modelThrew && index + 1 != failure.divergence.step ? "try?" : "try"
            if step.isStatement {
                lines.append(step.swift)
            } else if let binding = step.binding {
                lines.append("let \(binding) = \(trying) await \(step.swift)")
            } else {
                lines.append("_ = \(trying) await \(step.swift)")
            }
        }
        let what = failure.divergence.isObservation ? "observed after this step: " : ""
        lines.append("// ✗ model \(what)\(failure.divergence.model)")
        lines.append("//   subject \(what)\(failure.divergence.subject)")
        return lines
    }

    /// The whole report: the numbered trace, the divergence, the Swift repro and the seed; or how many
    /// runs passed.
    public var description: String {
        if let setupError { return "Model-based check could not run: \(setupError)" }
        guard let failure else { return "Model-based check passed \(runs) runs of \(stepsPerRun) steps (seed \(hex(seed)))" }
        let divergence = failure.divergence
        var lines = [
            "Model-based check falsified (seed \(hex(failure.seed)); run \(failure.run) of at most \(budget); "
                + "\(failure.originalStepCount) steps shrunk to \(failure.steps.count) in \(failure.shrinkAttempts) re-runs):"
        ]
        for (index, step) in failure.steps.enumerated() {
            let mark = index + 1 == divergence.step ? "✗" : " "
            let result = step.model == step.subject ? step.model : "model \(step.model), subject \(step.subject)"
            lines.append("  \(mark) \(index + 1). \(step.binding.map { "let \($0) = " } ?? "")\(step.swift) → \(result)")
            if step.subjectGivenModelValues {
                lines.append("       (the subject's results had not produced a value this step drew: it was given the model's)")
            }
        }
        lines.append("  step \(divergence.step), \(divergence.operation): " + divergence.summary)
        lines.append("    model:   \(divergence.model)")
        lines.append("    subject: \(divergence.subject)")
        lines.append("As Swift (the body of an async throwing test, on a fresh subject):")
        lines += (swiftLines ?? []).map { "    " + $0 }
        lines.append("Replay this run: \(EnvironmentVariable.seed)=\(hex(failure.seed)) (or seed: \(hex(failure.seed)))")
        return lines.joined(separator: "\n")
    }
}

extension ProtocolModelCheckResult.Divergence {
    /// What went wrong at the step, in words.
    var summary: String {
        let what = isObservation ? "the observation after the step" : "its call"
        if let sideThatHung { return "\(what) on the \(sideThatHung.rawValue) did not return" }
        return isObservation ? "the observation after the step differs" : "the subject's result differs from the model's"
    }
}
