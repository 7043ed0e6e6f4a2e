import RecordReplayMessages
import Foundation
@testable import StubServerTesting
import RecordReplay
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `.stubServer` trait: one running server per test case, fixtures by naming convention, and the
/// playback report turned into issues of the owning test.
@Suite("The .stubServer trait")
struct StubServerTraitTests {
    @Test(.stubServer(fixtures: "Examples"))
    func listsTodos() async throws {
        let (body, response) = try await URLSession.patient.data(from: Self.url("/todos"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self) == #"[{"id":1,"title":"Buy milk","done":false}]"#)
        #expect(StubServer.current.journal.count(of: .get("/todos")) == 1)
    }

    @Test("parallel test cases each get their own server and port", .stubServer(), arguments: 1...4)
    func ownServerPerCase(_ number: Int) async throws {
        StubServer.current.playback.stub(.get("/number"), with: StubResponse(body: Data("\(number)".utf8)))
        let (body, _) = try await URLSession.patient.data(from: Self.url("/number"))
        #expect(String(decoding: body, as: UTF8.self) == "\(number)")
        #expect(StubServer.current.port != 0)
    }

    @Test("a request nothing matches fails the test even when the client ignores the answer")
    func unmatchedRequestFailsTheTest() async throws {
        let trait: StubServerTrait = .stubServer()
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: nil) {
                _ = try? await URLSession.patient.data(from: Self.url("/not-recorded"))
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("Unmatched request #1: GET /not-recorded") }
        }
    }

    @Test("a recorded interaction the test never used is reported")
    func unusedInteractionIsReported() async throws {
        let trait: StubServerTrait = .stubServer(fixture: "Examples/listsTodos.json")
        let test = try #require(Test.current)
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: nil) {}
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("listsTodos.json") }
        }
    }

    @Test("a missing fixture file is named with the paths searched and the command that records it")
    func missingFixture() async throws {
        let server = StubServer(StubServer.Configuration(fixtureDirectory: URL(fileURLWithPath: "/nonexistent")))
        #expect(throws: StubServerError.missingFixture(
            name: "absent", searched: ["/nonexistent/absent.json", "/nonexistent/absent.har"],
            command: "REPOSITORY_CONTRACTS_RECORD=once REPOSITORY_CONTRACTS_UPSTREAM=<base URL of the live API> swift test")
        ) {
            try server.loadFixture(named: "absent")
        }
    }

    @Test("a test function's fixture name drops its parameter list")
    func fixtureNames() {
        #expect(StubServerTrait.fixtureName(forTestNamed: "listsTodos()") == "listsTodos")
        #expect(StubServerTrait.fixtureName(forTestNamed: "fetch(id:)") == "fetch")
    }

    private static func url(_ path: String) -> URL {
        URL(string: StubServer.current.baseURL.absoluteString + path)!
    }
}
