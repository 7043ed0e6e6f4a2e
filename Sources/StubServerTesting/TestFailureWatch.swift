import RepositoryContractsPrimitives
import Testing

/// Watches one test case's scope for the failures that keep its recording from being written: the
/// issues recorded in it (not warnings, not known issues) and the error it throws.
final class TestFailureWatch: Sendable {
    private let failingIssues = Protected(0)

    /// Runs `body` for `test`, counting the failing issues recorded while it runs.
    func watching(
        _ test: Test, _ testCase: Test.Case?, _ body: @Sendable () async throws -> Void
    ) async throws {
        let counter = failingIssues
        let handler: IssueHandlingTrait = .compactMapIssues { issue in
            if Self.fails(issue) { counter.withLock { $0 += 1 } }
            return issue
        }
        try await handler.provideScope(for: test, testCase: testCase, performing: body)
    }

    /// Why the test failed ("the test threw …", "2 issues were recorded in the test"), or nil when it
    /// did not.
    func reason(thrown error: (any Error)?) -> String? {
        if let error { return "the test threw \(error)" }
        let count = failingIssues.withLock { $0 }
        guard count > 0 else { return nil }
        return "\(count) issue\(count == 1 ? " was" : "s were") recorded in the test"
    }

    /// Whether `issue` fails the test: below Swift 6.3, where issues have no severity and the handler
    /// cannot tell a known issue, every issue counts (the safe side: a recording is dropped, not kept).
    private static func fails(_ issue: Issue) -> Bool {
        #if compiler(>=6.3)
        issue.isFailure
        #else
        true
        #endif
    }
}
