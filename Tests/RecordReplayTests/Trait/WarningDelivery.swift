import RepositoryContractsPrimitives
import Testing

/// Whether this run delivers warnings to issue handlers at all. Swift Testing drops a warning before
/// any handler sees it when the runner asks for an event stream older than 6.3
/// (`--event-stream-version 0` or `1`, both checked by the test below), so a test that checks a
/// warning's text can check it only in a run that delivers warnings. What does not depend on the
/// warning (the fixture left unwritten, the error passed through) is checked in every run.
enum WarningDelivery {
    /// Records one warning inside a handler that swallows it, and tells whether the handler saw it.
    static func isOn() async throws -> Bool {
        #if compiler(>=6.3)
            let test = try #require(Test.current)
            let marker = "probe: is this warning delivered?"
            let seen = Protected(false)
            let swallowing: IssueHandlingTrait = .compactMapIssues { issue in
                if issue.comments.contains(where: { $0.rawValue == marker }) { seen.withLock { $0 = true } }
                return nil
            }
            try await swallowing.provideScope(for: test, testCase: nil) {
                Issue.record(Comment(rawValue: marker), severity: .warning)
            }
            return seen.withLock { $0 }
        #else
            return false
        #endif
    }
}

@Suite("Warning delivery in this run")
struct WarningDeliveryTests {
    /// The version of the event stream this run's command line asks for, if it names one.
    private static var requestedEventStreamVersion: String? {
        let arguments = CommandLine.arguments
        let names: Set<String> = ["--event-stream-version", "--experimental-event-stream-version"]
        guard let index = arguments.firstIndex(where: names.contains), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    @Test("the probe sees warnings unless the command line asks for an event stream older than 6.3")
    func probeMatchesTheCommandLine() async throws {
        #if compiler(>=6.3)
            let version = Self.requestedEventStreamVersion
            let older = version.map { ["0", "1", "6.0", "6.1", "6.2"].contains($0) } ?? false
            #expect(try await WarningDelivery.isOn() == !older, "event stream version: \(version ?? "none")")
        #endif
    }
}
