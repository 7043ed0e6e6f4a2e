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
        /// The Swift lines the snippet declares before the steps.
        package var preamble: [String] = []
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
    /// What the parallel runs found, when they ran.
    package var parallel: ParallelReport?

    /// Whether every run agreed with the model.
    public var passed: Bool { failure == nil && setupError == nil && parallel?.failure == nil }

    /// The seed that replays the falsified run, shrinking included (`REPOSITORY_CONTRACTS_SEED` or
    /// `seed:`); `nil` when no sequential run failed.
    public var failingSeed: UInt64? { failure?.seed }

    /// The minimal failing sequence, one step per element as Swift source (`.create(ordinal: 1)`,
    /// `.pageThrough(limit: 1)`); `nil` when no sequential run failed.
    public var minimalSteps: [String]? { failure?.shrunk.map(\.swiftSource) }

    /// The check the minimal sequence failed, named by its step: `fetch.value`, `pageThrough.contents`,
    /// `updateStale.stale` (`anomaly` for a completion handler called twice); `nil` when no sequential run
    /// failed.
    public var failedCheck: String? { failure?.divergence.signature }

    /// What the failing step did against what the model expected, in words; `nil` when no sequential run
    /// failed.
    public var divergence: String? {
        failure.map { "\($0.divergence.message): expected \($0.divergence.expected), actual \($0.divergence.actual)" }
    }

    /// The minimal failing sequence as the body of an `async throws` test on a fresh repository, with the
    /// divergence as a comment. It compiles against the public API where `conformance` is your CRUD
    /// ``Conformance`` and `factory` your ``EntityFactory``: entities are rebuilt through the factory
    /// (ordinals, twins, edge cases by name), and `sent[k]` is what was last sent for entity `#k`.
    public var swiftSnippet: String? {
        guard let failure else { return nil }
        var lines = ["let repo = try await conformance.makeRepository()"]
        let usesSent = failure.trace.contains { $0.swiftSource?.contains("sent") == true }
        if usesSent { lines += failure.preamble }
        for (index, step) in failure.trace.enumerated() {
            guard let source = step.swiftSource else { continue }
            lines.append(source)
            if index == failure.divergence.step {
                lines += "✗ expected \(failure.divergence.expected)".split(separator: "\n").map { "// " + $0 }
                lines += "  actual   \(failure.divergence.actual)".split(separator: "\n").map { "// " + $0 }
            }
        }
        if usesSent { lines.append("_ = sent") }
        return lines.joined(separator: "\n")
    }

    /// The whole report: the failing sequence as pasteable Swift, the seed and what was assumed; or how many runs passed.
    public var description: String {
        if let setupError { return "Model-based check of \(subject) could not run: \(setupError)" }
        if let parallelFailure = parallel?.failure { return parallelDescription(parallelFailure) }
        guard let failure else {
            return "Model-based check of \(subject) passed \(runs) runs of \(steps) steps"
                + (parallel.map { " and \($0.summary)" } ?? "") + " (seed \(hex(seed)))"
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
        lines.append("As Swift (the body of an async throwing test; `conformance` and `factory` are yours):")
        lines.append(contentsOf: (swiftSnippet ?? "").split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 })
        lines.append(
            "Replay the \(failure.shrinkingSkipped ? "whole sequence" : "minimal case"): paste the Swift above into a test")
        lines.append("Replay this run: \(EnvironmentVariable.seed)=\(hex(failure.seed)) (or seed: \(hex(failure.seed)))")
        lines.append("Assumed: \(assumptions)")
        return lines.joined(separator: "\n")
    }
}

extension ModelCheckResult {
    /// The report of a failing parallel plan: the shrunk plan, how often it failed, its history as a
    /// timeline and why no linearization explains it.
    func parallelDescription(_ failure: ParallelFailure) -> String {
        guard let report = parallel else { return "" }
        var lines = [
            "Model-based check of \(subject) passed \(runs) sequential runs, but parallel plan \(failure.plan) of at most "
                + "\(report.budget) failed in \(failure.failedRepetitions) of \(report.repetitions) runs "
                + "(seed \(hex(failure.seed)); \(failure.original.callCount) calls shrunk to \(failure.shrunk.callCount) "
                + "in \(failure.shrinkAttempts) tries; the shrunk plan failed in \(failure.shrunkFailures.failed) of "
                + "\(failure.shrunkFailures.made) runs):",
            "  Plan: \(failure.shrunk)",
            "  A failing run (→ invocation, ← response; vN is the N-th value the plan sends"
                + (failure.shrunk.makesConditionalUpdates ? "; @vN: the token of vN, which a conditional update carried" : "") + "):",
        ]
        lines += failure.timeline.map { "  " + $0 }
        lines += failure.explanation.map { "  " + $0 }
        if !failure.outcome.versions.isEmpty {
            lines.append("  Values: " + failure.outcome.versions.map { "v\($0.version) = \($0.entity)" }.joined(separator: "; "))
        }
        lines.append("  Keys: \(failure.outcome.keys)")
        lines.append(ParallelFailure.replayLine(schedule: failure.outcome.schedule, replays: failure.replays, uncontrolled: report.uncontrolled))
        lines.append("Replay this plan first: \(EnvironmentVariable.seed)=\(hex(failure.seed)) (or seed: \(hex(failure.seed)))")
        lines.append("Assumed: \(assumptions)")
        return lines.joined(separator: "\n")
    }
}

/// `0x0123456789abcdef`.
func hex(_ value: UInt64) -> String {
    EnvironmentVariable.text(ofSeed: value)
}
