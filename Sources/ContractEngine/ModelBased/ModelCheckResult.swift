import RepositoryContractsPrimitives

/// What a model-based (or differential) check found.
public struct ModelCheckResult: Sendable, CustomStringConvertible {
    /// A falsified run: the sequence as generated, the minimal sequence, and where it diverged.
    package struct Failure: Sendable {
        /// The run's seed: `REPOSITORY_CONTRACTS_SEED` (or `seed:`) with this value replays the run and
        /// its shrinking.
        package var seed: UInt64
        /// Which run failed (1-based).
        package var run: Int
        /// The sequence as generated.
        package var original: [ModelOperation]
        /// Where the generated sequence diverged.
        package var originalDivergence: Divergence
        /// The minimal failing sequence.
        package var shrunk: [ModelOperation]
        /// Where the minimal sequence diverged.
        package var divergence: Divergence
        /// The minimal sequence's run, step by step.
        package var trace: [TraceStep]
        /// How many candidates shrinking ran.
        package var shrinkAttempts: Int
        /// Whether shrinking was skipped because the subject only replays recorded requests (then
        /// `shrunk` is the whole generated sequence).
        package var shrinkingSkipped = false
    }

    /// What was checked: "in-memory" or "REST against in-memory".
    public var subject: String
    /// The first run's seed.
    public var seed: UInt64
    /// How many runs were made (the failing one included).
    public var runs: Int
    /// How many runs the check would have made had every run passed.
    package var budget: Int
    /// Steps per generated run.
    package var steps: Int
    /// The falsified run, if any.
    package var failure: Failure?
    /// Why the check could not run (`makeSubject()` threw); a failure too.
    public var setupError: String?
    /// What the conformer declared, shown with failures.
    package var assumptions: String

    /// Whether every run agreed with the model.
    public var passed: Bool { failure == nil && setupError == nil }

    /// The minimal failing sequence as a Swift test body on a fresh subject, with the divergence as a comment.
    public var swiftSnippet: String? {
        guard let failure else { return nil }
        var lines = ["let repo = try await conformance.makeSubject()"]
        for (index, step) in failure.trace.enumerated() {
            guard let source = step.swiftSource else { continue }
            lines.append(source)
            if index == failure.divergence.step {
                lines.append("// ✗ expected \(failure.divergence.expected)")
                lines.append("//   actual   \(failure.divergence.actual)")
            }
        }
        return lines.joined(separator: "\n")
    }

    public var description: String {
        if let setupError { return "Model-based check of \(subject) could not run: \(setupError)" }
        guard let failure else {
            return "Model-based check of \(subject) passed \(runs) runs of \(steps) steps (seed \(hex(seed)))"
        }
        var lines = [
            "Model-based check of \(subject) falsified (seed \(hex(failure.seed)); run \(failure.run) of at most \(budget); "
                + (failure.shrinkingSkipped
                    ? "\(failure.original.count) steps, not shrunk: a replay-only subject answers only the recorded requests):"
                    : "\(failure.original.count) steps shrunk to \(failure.shrunk.count) in \(failure.shrinkAttempts) re-runs):")
        ]
        for (index, step) in failure.trace.enumerated() {
            let mark = index == failure.divergence.step ? "✗" : " "
            lines.append("  \(mark) \(index + 1). \(step.operation) → \(step.observed)")
        }
        lines.append("  \(failure.divergence)")
        lines.append("As Swift:")
        lines.append(contentsOf: (swiftSnippet ?? "").split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 })
        lines.append(
            failure.shrinkingSkipped
                ? "The full sequence: \(failure.original.swiftSource)"
                : "Replay the minimal case: ModelCheck.replay(\(failure.shrunk.swiftSource), …)")
        lines.append("Replay this run: \(EnvironmentVariable.seed)=\(hex(failure.seed)) (or seed: \(hex(failure.seed)))")
        lines.append("Assumed: \(assumptions)")
        return lines.joined(separator: "\n")
    }
}

/// `0x0123456789abcdef`.
func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: 16 - digits.count) + digits
}
