@_exported public import ContractEngine
@_exported public import StandardContracts
@_exported public import StubServerTesting
@_exported public import MockTimeTesting
public import Testing
import Foundation
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
    /// `<fixtures>/<clause id>.json` (or `.har`), so each clause replays its own recording.
    ///
    /// - Returns: The clause's result, for tests that assert on it further.
    @discardableResult
    public func verify(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> ClauseResult {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        loadClauseFixture(sourceLocation: location)
        let result = await watchingStubServers { await run() }
        for issue in result.issueMessages(label: label) {
            Issue.record(Comment(rawValue: issue), sourceLocation: location)
        }
        return result
    }
}

extension ContractCase {
    /// Loads this clause's fixture into the scope's stub server, if the scope has a fixture folder;
    /// a missing or invalid fixture is recorded as an issue (the clause still runs, and its unmatched
    /// requests are reported too).
    private func loadClauseFixture(sourceLocation: SourceLocation) {
        guard let server = StubServer.currentIfAny, server.configuration.fixtureDirectory != nil else { return }
        do {
            try server.loadFixture(named: clauseID)
        } catch {
            Issue.record(Comment(rawValue: "\(label) \(error)"), sourceLocation: sourceLocation)
        }
    }
}

extension Contract {
    /// Runs every applicable clause on `conformance` inside one test and records each failure as an issue
    /// at the caller's line. Prefer one parameterized case per clause (``ContractCase/verify(fileID:filePath:line:column:)``);
    /// use this where one test per conformer is wanted.
    @discardableResult
    public func verify(
        _ conformance: Conformance<Terms>,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> ConformanceReport {
        let report = await watchingStubServers { await self.report(on: conformance) }
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        for result in report.clauses {
            for issue in result.issueMessages(label: label(of: result.id)) {
                Issue.record(Comment(rawValue: issue), sourceLocation: location)
            }
        }
        return report
    }
}
