import Foundation
import RecordReplay
import RepositoryContractsPrimitives
import RepositoryContractsTestSupport
@testable import StubServerTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Expecting unmatched requests inside a `.stubServer` test: `expectUnmatchedRequests(_:)` and
/// `recordUnmatchedRequests()` take them out of what the trait reports when the test ends, inside the
/// body, so `withKnownIssue` works; every other finding is still the trait's to report.
@Suite("The .stubServer trait: expected unmatched requests")
struct StubServerTraitExpectedUnmatchedTests {
    @Test("an expected unmatched request does not fail the test", .stubServer())
    func expectedRequestPasses() async throws {
        let (_, response) = try await URLSession.patient.data(from: Self.url("/not-recorded"))
        #expect((response as? HTTPURLResponse)?.statusCode == 599)
        StubServer.current.expectUnmatchedRequests()
    }

    @Test("requests from a Task, async let and a task group count once awaited", .stubServer())
    func requestsFromChildAndUnstructuredTasks() async throws {
        let task = Task { _ = try? await URLSession.patient.data(from: Self.url("/from-task")) }
        async let child: Void = Self.get("/from-async-let")
        await withTaskGroup(of: Void.self) { group in
            for number in 1...2 { group.addTask { await Self.get("/from-group/\(number)") } }
        }
        await task.value
        await child
        StubServer.current.expectUnmatchedRequests(4)
    }

    @Test("a request sent by a task nobody awaits counts once the server has received it", .stubServer())
    func requestNobodyAwaits() async throws {
        let url = Self.url("/fire-and-forget")
        Task.detached { _ = try? await URLSession.patient.data(from: url) }
        await StubServer.current.playback.waitForRequests(count: 1)
        StubServer.current.expectUnmatchedRequests(1)
    }

    @Test("fewer unmatched requests than expected: one issue naming both counts, with the diagnostic")
    func fewerThanExpected() async throws {
        let messages = try await Self.issues {
            await Self.get("/not-recorded")
            StubServer.current.expectUnmatchedRequests(2)
        }
        #expect(messages.count == 1)
        let message = try #require(messages.first)
        #expect(message.hasPrefix("expected 2 requests that nothing answered, but the server received 1\n\n"))
        #expect(message.contains("Unmatched request #1: GET /not-recorded"))
    }

    @Test("more unmatched requests than expected: one issue naming both counts, with each diagnostic")
    func moreThanExpected() async throws {
        let messages = try await Self.issues {
            await Self.get("/first")
            await Self.get("/second")
            StubServer.current.expectUnmatchedRequests()
        }
        #expect(messages.count == 1)
        let message = try #require(messages.first)
        #expect(message.hasPrefix("expected 1 request that nothing answered, but the server received 2\n\n"))
        #expect(message.contains("Unmatched request #1: GET /first"))
        #expect(message.contains("Unmatched request #2: GET /second"))
    }

    @Test("none expected while one came: the issue shows it; a negative count is a clear error")
    func zeroAndNegativeCounts() async throws {
        let none = try await Self.issues {
            await Self.get("/surprise")
            StubServer.current.expectUnmatchedRequests(0)
        }
        #expect(none.count == 1)
        #expect(none.first?.contains("expected 0 requests that nothing answered, but the server received 1") == true)
        #expect(none.first?.contains("Unmatched request #1: GET /surprise") == true)
        let negative = try await Self.issues { StubServer.current.expectUnmatchedRequests(-1) }
        #expect(negative == ["expectUnmatchedRequests(-1): the expected count must be 0 or more"])
    }

    @Test("a wrong count inside withKnownIssue is the known issue, and the trait adds nothing", .stubServer())
    func wrongCountUnderKnownIssue() async throws {
        await withKnownIssue {
            await Self.get("/not-recorded")
            StubServer.current.expectUnmatchedRequests(2)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("expected 2 requests that nothing answered") }
        }
    }

    @Test("recordUnmatchedRequests() makes the unmatched request a known issue inside the body", .stubServer())
    func recordedUnderKnownIssue() async throws {
        await withKnownIssue {
            await Self.get("/retired-endpoint")
            StubServer.current.recordUnmatchedRequests()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Unmatched request #1: GET /retired-endpoint") }
        }
    }

    @Test("expecting unmatched requests swallows no other finding: a stub that threw, an unused interaction")
    func otherFindingsStillReported() async throws {
        let messages = try await Self.issues(trait: .stubServer(fixture: "Examples/listsTodos.json")) {
            StubServer.current.playback.stub(.get("/boom")) { _ in throw StubFailure() }
            await Self.get("/boom")
            await Self.get("/not-recorded")
            StubServer.current.expectUnmatchedRequests(1)
        }
        #expect(messages.count == 2)
        #expect(messages.contains { $0.contains("threw while answering request #1 GET /boom") })
        #expect(messages.contains { $0.contains("listsTodos.json") && $0.contains("never used") })
        #expect(!messages.contains { $0.contains("/not-recorded") })
    }

    @Test("an unmatched request after the expectation is still reported by the trait")
    func laterRequestStillReported() async throws {
        let messages = try await Self.issues {
            await Self.get("/expected")
            StubServer.current.expectUnmatchedRequests(1)
            await Self.get("/unexpected")
        }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("GET /unexpected") == true)
        #expect(messages.first?.contains("GET /expected") == false)
    }

    // MARK: Helpers

    private struct StubFailure: Error {}

    /// The messages of the issues recorded while `body` runs in `trait`'s scope, the trait's own report
    /// at the end included; each is expected as a known issue.
    private static func issues(
        trait: StubServerTrait = .stubServer(), _ body: @escaping @Sendable () async throws -> Void
    ) async throws -> [String] {
        let test = try #require(Test.current)
        let messages = Protected<[String]>([])
        try await withKnownIssue(isIntermittent: true) {
            try await trait.provideScope(for: test, testCase: nil, performing: body)
        } matching: { issue in
            let message = issue.comments.map(\.rawValue).joined(separator: "\n")
            messages.withLock { $0.append(message) }
            return true
        }
        return messages.withLock { $0 }
    }

    /// Sends `GET path` to the current server, ignoring the answer.
    private static func get(_ path: String) async {
        _ = try? await URLSession.patient.data(from: url(path))
    }

    private static func url(_ path: String) -> URL {
        URL(string: StubServer.current.baseURL.absoluteString + path)!
    }
}
