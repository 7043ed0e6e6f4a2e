@_exported public import ContractEngine
@_exported public import ModelChecking
@_exported public import StandardContracts
@_exported public import StubServerTesting
@_exported public import MockTimeTesting
public import Testing
import Foundation
import RepositoryContractsPrimitives
import RecordReplay

extension ContractCase: CustomTestStringConvertible {
    /// The clause's summary, so each test case reads as the law it checks.
    public var testDescription: String { summary }
}

extension ContractCase {
    /// Runs the clause on a fresh subject and records each failure as a Swift Testing issue at the
    /// caller's file and line, prefixed with the case's label (`[CRUD › delete.removesFromFetch]`).
    ///
    /// ```swift
    /// @Test(arguments: todos.cases(for: .inMemory))
    /// func inMemory(_ check: ContractCase<CRUD<Todo>>) async { await check.verify() }
    /// ```
    ///
    /// Inside a `.stubServer(fixtures:)` scope, the server first loads the clause's fixture,
    /// `<fixtures>/<clause id>.json` (or `.har`), so each clause replays its own recording. A fixture that
    /// is missing (and cannot be recorded) or invalid is one issue naming the file and what to do, and
    /// the clause does not run: it would only pile up unanswered requests.
    ///
    /// A conformance that shares a backend (``Conformance/sharedBackend``) has it reset before the
    /// clause unless the scope only replays fixtures (no live backend is involved then) or checks drift
    /// read-only (the reset would change live data): then a warning says so, once per backend.
    ///
    /// A failure a check in your own clause found is recorded at that check's line, with this line
    /// named in the message; one found by a built-in clause, at this line.
    ///
    /// A clause that does not apply to the conformer, or that the conformance leaves out, runs nothing: it
    /// records a warning with the reason and cancels its test case (Swift Testing's "skipped"), so every
    /// clause shows in the output. A value the clause leaves out on the conformance's word (a derived
    /// edge case it excludes) is a warning with its reason too.
    ///
    /// - Returns: The clause's result, for tests that assert on it further.
    @discardableResult
    public func verify(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> ClauseResult {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        if let skipReason {
            recordIssue("\(label) skipped: \(skipReason)", isWarning: true, at: location)
            cancelTestCase(because: skipReason, at: location)
            return reported(ClauseResult(id: clauseID, summary: summary, status: .skipped, reason: skipReason))
        }
        if let unloaded = loadClauseFixture() {
            Issue.record(Comment(rawValue: "\(label) \(unloaded)"), sourceLocation: location)
            return reported(ClauseResult(id: clauseID, summary: summary, status: .failed, failures: [ContractFailure(message: unloaded)]))
        }
        let result = await inStubServerScope(announce: Self.warning(at: location)) {
            let result = await run()
            result.failureAttachment(label: label, conformance: conformanceName, verifiedAt: location)?.record(at: location)
            return result
        }
        result.recordIssues(label: label, verifiedAt: location)
        for note in result.notes {
            recordIssue("\(label) \(note)", isWarning: true, at: location)
        }
        return reported(result)
    }

    /// Marks the running test case cancelled, which Swift Testing's reports and Xcode show as skipped.
    private func cancelTestCase(because reason: String, at location: SourceLocation) {
        #if compiler(>=6.3)
        try? Test.cancel(Comment(rawValue: "\(label) \(reason)"), sourceLocation: location)
        #endif
    }
}

extension ClauseResult {
    /// Records one Swift Testing issue per failure: at the failing check's line when the check is the
    /// user's own (naming the `verify()` line), else at `location`.
    func recordIssues(label: String, verifiedAt location: SourceLocation) {
        for issue in locatedIssues(label: label) {
            if let check = issue.location {
                Issue.record(
                    Comment(rawValue: "\(issue.message)\n  verified at: \(location.fileID):\(location.line)"),
                    sourceLocation: SourceLocation(
                        fileID: check.fileID, filePath: check.filePath, line: check.line, column: check.column))
            } else {
                Issue.record(Comment(rawValue: issue.message), sourceLocation: location)
            }
        }
    }
}

extension ContractCase {
    /// Loads this clause's fixture into the scope's stub server, if the scope has a fixture folder, and
    /// returns why it could not (with the command that records a missing one), or `nil`.
    private func loadClauseFixture() -> String? {
        guard let server = StubServer.currentIfAny, server.configuration.fixtureDirectory != nil else { return nil }
        do {
            try server.loadFixture(named: clauseID)
            return nil
        } catch let error as StubServerError {
            // A scope of the trait knows its test; a server made by hand is told the running one here.
            let command = server.recordingCommand(for: server.configuration.test ?? Test.current.map(RecordingCommand.TestIdentity.init))
            switch error.kind {
            case .missingFixture(let name, let searched, _) where !searched.isEmpty:
                return "\(StubServerError.missingFixture(name: name, searched: searched, command: command.text))"
            case .noUpstream:
                return "\(error); then record with: \(command.text)"
            default:
                return "\(error)"
            }
        } catch {
            return "\(error)"
        }
    }

    /// Records a notice as a warning issue at `location`: it does not fail the test.
    static func warning(at location: SourceLocation) -> @Sendable (String) -> Void {
        { notice in recordIssue(notice, isWarning: true, at: location) }
    }
}

extension Contract {
    /// Runs every applicable clause on `conformance` inside one test and records each failure as an issue
    /// at the caller's line (or at the failing check's line in a clause of your own), one warning
    /// listing the clauses skipped with their reasons, and one listing the values left out with theirs. Prefer one parameterized case per clause (``ContractCase/verify(fileID:filePath:line:column:)``);
    /// use this where one test per conformer is wanted.
    @discardableResult
    public func verify(
        _ conformance: Conformance<Terms>,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> ConformanceReport {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let report = await inStubServerScope(announce: ContractCase<Terms>.warning(at: location)) {
            await self.report(on: conformance)
        }
        for result in report.clauses {
            result.recordIssues(label: label(of: result.id), verifiedAt: location)
            result.failureAttachment(label: label(of: result.id), conformance: conformance.name, verifiedAt: location)?.record(at: location)
        }
        if let skipped = report.skippedList(contract: name) {
            recordIssue(skipped, isWarning: true, at: location)
        }
        if let leftOut = report.leftOutList(contract: name) {
            recordIssue(leftOut, isWarning: true, at: location)
        }
        return reported(report)
    }
}
