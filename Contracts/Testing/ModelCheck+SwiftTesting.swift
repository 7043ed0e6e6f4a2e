public import ContractEngine
import ModelChecking
import Testing

extension Conformance {
    /// Runs a model-based check of this conformer (``ModelCheck/check(_:factory:runs:steps:seed:maxShrinkAttempts:shrinks:parallelRuns:)``)
    /// and, if it is falsified, records one Swift Testing issue at the caller's file and line: the minimal
    /// failing sequence step by step, pasteable Swift, the seed and the `REPOSITORY_CONTRACTS_SEED=…` line
    /// that replays it. The full report (the sequence as generated too) is attached to the test. A
    /// conformer that declares `.concurrentAccess` also gets parallel runs checked for linearizability
    /// (`parallelRuns`, see ``ModelCheck/defaultParallelRuns``); a failing one is reported with its timeline.
    ///
    /// ```swift
    /// @Test func inMemoryMatchesTheModel() async {
    ///     await ExampleContracts.inMemory.verifyModel(factory: ExampleContracts.todoFactory)
    /// }
    /// ```
    ///
    /// A subject that cannot be made (`makeSubject()` throws) is an issue too.
    ///
    /// - Returns: The check's result, for tests that assert on it further.
    @discardableResult
    public func verifyModel<Entity>(
        factory: EntityFactory<Entity>, runs: Int = ModelCheck.defaultRuns, steps: Int = ModelCheck.defaultSteps,
        seed: UInt64? = nil, maxShrinkAttempts: Int = ModelCheck.defaultShrinkAttempts, shrinks: Bool = true,
        parallelRuns: Int? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> ModelCheckResult where Terms == CRUD<Entity> {
        let result = await ModelCheck.check(
            self, factory: factory, runs: runs, steps: steps, seed: seed, maxShrinkAttempts: maxShrinkAttempts, shrinks: shrinks,
            parallelRuns: parallelRuns)
        result.recordIssue(at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return result.reported(as: .modelCheck)
    }

    /// Differential model-based check: runs the same random sequences on this conformer and on `other`
    /// (``ModelCheck/check(_:against:factory:runs:steps:seed:maxShrinkAttempts:shrinks:)``) and, at the first
    /// observable difference, records one issue at the caller's line with both outcomes, the minimal
    /// sequence and its seed.
    ///
    /// ```swift
    /// @Test func restBehavesLikeInMemory() async {
    ///     await ExampleContracts.inMemory.verifyModel(against: rest, factory: ExampleContracts.todoFactory)
    /// }
    /// ```
    @discardableResult
    public func verifyModel<Entity>(
        against other: Self, factory: EntityFactory<Entity>, runs: Int = ModelCheck.defaultRuns,
        steps: Int = ModelCheck.defaultSteps, seed: UInt64? = nil,
        maxShrinkAttempts: Int = ModelCheck.defaultShrinkAttempts, shrinks: Bool = true,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> ModelCheckResult where Terms == CRUD<Entity> {
        let result = await ModelCheck.check(
            self, against: other, factory: factory, runs: runs, steps: steps, seed: seed,
            maxShrinkAttempts: maxShrinkAttempts, shrinks: shrinks)
        result.recordIssue(at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return result.reported(as: .differential)
    }
}

extension Conformance where Terms: RepositoryTerms {
    /// Runs a model-based check of this conformer under `terms` (each run in a fresh environment of the
    /// terms: a caching conformer gets its own stub server and clock) and, if it is falsified, records one
    /// issue at the caller's line; see ``verifyModel(factory:runs:steps:seed:maxShrinkAttempts:shrinks:parallelRuns:fileID:filePath:line:column:)``.
    ///
    /// ```swift
    /// @Test func cachedMatchesTheModel() async {
    ///     await cachedTodos.verifyModel(under: Contract.caching(factory: todoFactory).terms)
    /// }
    /// ```
    @discardableResult
    public func verifyModel(
        under terms: Terms, runs: Int = ModelCheck.defaultRuns, steps: Int = ModelCheck.defaultSteps,
        seed: UInt64? = nil, maxShrinkAttempts: Int = ModelCheck.defaultShrinkAttempts, shrinks: Bool = true,
        parallelRuns: Int? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> ModelCheckResult {
        let result = await ModelCheck.check(
            self, under: terms, runs: runs, steps: steps, seed: seed, maxShrinkAttempts: maxShrinkAttempts, shrinks: shrinks,
            parallelRuns: parallelRuns)
        result.recordIssue(at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return result.reported(as: .modelCheck)
    }
}

extension ModelCheckResult {
    /// Records nothing if the check passed; otherwise one issue (the report) and, where the toolchain has
    /// attachments, the full report as a text attachment.
    func recordIssue(at location: SourceLocation) {
        guard !passed else { return }
        Issue.record(Comment(rawValue: description), sourceLocation: location)
        guard failure != nil || parallel?.failure != nil else { return }
        FailureAttachment(text: fullReport, named: attachmentStem + ".txt").record(at: location)
        if let chart = timelineChart {
            FailureAttachment(chart: chart, named: attachmentStem + " timeline.svg").record(at: location)
        }
    }
}

extension ModelCheckResult {
    /// The report, followed by the sequence as generated and where it diverged before shrinking.
    var fullReport: String {
        guard let failure else { return description }
        var lines = [description, "", "The run as generated (\(failure.original.count) steps):"]
        for (index, operation) in failure.original.enumerated() {
            let mark = index == failure.originalDivergence.step ? "✗" : " "
            lines.append("  \(mark) \(index + 1). \(operation)")
        }
        lines.append("  \(failure.originalDivergence)")
        lines.append("As generated: \(failure.original.swiftSource)")
        return lines.joined(separator: "\n")
    }

    /// `model-check in-memory 0x…`: the attachments' names, before `.txt` or ` timeline.svg`.
    var attachmentStem: String {
        let seed = failure?.seed ?? parallel?.failure?.seed ?? self.seed
        let digits = String(seed, radix: 16)
        let name = subject.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
        return "model-check \(String(name)) 0x\(String(repeating: "0", count: 16 - digits.count))\(digits)"
    }
}
