public import ContractEngine
import ModelChecking
import XCTest

extension Conformance {
    /// Runs a model-based check of this conformer (``ModelCheck/check(_:factory:runs:steps:seed:maxShrinkAttempts:shrinks:parallelRuns:)``)
    /// and, if it is falsified, reports one `XCTFail` at the caller's file and line: the minimal failing
    /// sequence step by step, pasteable Swift, the seed and the `REPOSITORY_CONTRACTS_SEED=…` line that
    /// replays it, followed by the sequence as generated. A conformer that declares `.concurrentAccess` also
    /// gets parallel runs checked for linearizability (`parallelRuns`, see ``ModelCheck/defaultParallelRuns``).
    ///
    /// swift-corelibs-xctest has no `XCTAttachment`, so the whole report is in the message, on every platform.
    ///
    /// ```swift
    /// func testInMemoryMatchesTheModel() async {
    ///     await ExampleContracts.inMemory.assertModelCheck(factory: ExampleContracts.todoFactory)
    /// }
    /// ```
    @discardableResult
    public func assertModelCheck<Entity>(
        factory: EntityFactory<Entity>, runs: Int = ModelCheck.defaultRuns, steps: Int = ModelCheck.defaultSteps,
        seed: UInt64? = nil, maxShrinkAttempts: Int = ModelCheck.defaultShrinkAttempts, shrinks: Bool = true,
        parallelRuns: Int? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) async -> ModelCheckResult where Terms == CRUD<Entity> {
        let result = await ModelCheck.check(
            self, factory: factory, runs: runs, steps: steps, seed: seed, maxShrinkAttempts: maxShrinkAttempts, shrinks: shrinks,
            parallelRuns: parallelRuns)
        if let message = result.xctFailureMessage { XCTFail(message, file: file, line: line) }
        return result.reported(as: .modelCheck)
    }

    /// Differential model-based check: the same random sequences on this conformer and on `other`; the first
    /// observable difference is one `XCTFail` at the caller's line, with both outcomes and the minimal sequence.
    @discardableResult
    public func assertModelCheck<Entity>(
        against other: Self, factory: EntityFactory<Entity>, runs: Int = ModelCheck.defaultRuns,
        steps: Int = ModelCheck.defaultSteps, seed: UInt64? = nil,
        maxShrinkAttempts: Int = ModelCheck.defaultShrinkAttempts, shrinks: Bool = true,
        file: StaticString = #filePath, line: UInt = #line
    ) async -> ModelCheckResult where Terms == CRUD<Entity> {
        let result = await ModelCheck.check(
            self, against: other, factory: factory, runs: runs, steps: steps, seed: seed,
            maxShrinkAttempts: maxShrinkAttempts, shrinks: shrinks)
        if let message = result.xctFailureMessage { XCTFail(message, file: file, line: line) }
        return result.reported(as: .differential)
    }
}

extension Conformance where Terms: RepositoryTerms {
    /// Runs a model-based check of this conformer under `terms` (each run in a fresh environment of the
    /// terms) and reports a falsification with one `XCTFail` at the caller's line.
    @discardableResult
    public func assertModelCheck(
        under terms: Terms, runs: Int = ModelCheck.defaultRuns, steps: Int = ModelCheck.defaultSteps,
        seed: UInt64? = nil, maxShrinkAttempts: Int = ModelCheck.defaultShrinkAttempts, shrinks: Bool = true,
        parallelRuns: Int? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) async -> ModelCheckResult {
        let result = await ModelCheck.check(
            self, under: terms, runs: runs, steps: steps, seed: seed, maxShrinkAttempts: maxShrinkAttempts, shrinks: shrinks,
            parallelRuns: parallelRuns)
        if let message = result.xctFailureMessage { XCTFail(message, file: file, line: line) }
        return result.reported(as: .modelCheck)
    }
}

extension ModelCheckResult {
    /// At most this many characters of the generated sequence follow the report in a failure message.
    static var xctGeneratedRunLimit: Int { 8_000 }

    /// `nil` when the check passed; else the report, then the sequence as generated (truncated).
    var xctFailureMessage: String? {
        guard !passed else { return nil }
        guard let failure else { return description }
        var lines = ["The run as generated (\(failure.original.count) steps):"]
        for (index, operation) in failure.original.enumerated() {
            let mark = index == failure.originalDivergence.step ? "✗" : " "
            lines.append("  \(mark) \(index + 1). \(operation)")
        }
        lines.append("  \(failure.originalDivergence)")
        var generated = lines.joined(separator: "\n")
        if generated.count > Self.xctGeneratedRunLimit {
            generated = String(generated.prefix(Self.xctGeneratedRunLimit)) + "\n  … (truncated)"
        }
        return description + "\n\n" + generated
    }
}
