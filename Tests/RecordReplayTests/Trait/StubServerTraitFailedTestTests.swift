import RecordReplayMessages
import Foundation
import RecordReplay
import RepositoryContractsPrimitives
@testable import StubServerTesting
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A test that fails while it records writes no fixture: the recording of a broken run (a 500 from a
/// half-deployed API, a test that threw halfway) must not become what later runs replay.
@Suite("The .stubServer trait: a failed test's recording")
struct StubServerTraitFailedTestTests {
    /// A live API on loopback answering `GET /todos`, and a fresh fixtures root; stopped and removed by
    /// `body`'s end.
    private static func withLiveAPI(_ body: (URL, URL) async throws -> Void) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("failed-\(UUID())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let live = StubServer()
        live.playback.stub(.get("/todos")) { _ in
            StubResponse(headers: ["Content-Type": "application/json"], body: Data(#"[{"id":1}]"#.utf8))
        }
        try await live.start()
        defer { Task { await live.stop() } }
        try await body(root, live.baseURL)
    }

    /// Runs `scope` inside `trait` for the current test, and returns every issue recorded meanwhile
    /// (inside the scope and by the trait at its end) without letting them fail this test, and the
    /// error the scope threw, if any.
    private static func issues(
        of trait: StubServerTrait, _ scope: @escaping @Sendable () async throws -> Void
    ) async throws -> (issues: [Issue], thrown: (any Error)?) {
        let test = try #require(Test.current)
        let seen = Protected<[Issue]>([])
        // The trait's own watch is the inner handler: it sees each issue before this one swallows it.
        let swallowing: IssueHandlingTrait = .compactMapIssues { issue in
            seen.withLock { $0.append(issue) }
            return nil
        }
        var thrown: (any Error)?
        do {
            try await swallowing.provideScope(for: test, testCase: nil) {
                try await trait.provideScope(for: test, testCase: nil, performing: scope)
            }
        } catch {
            thrown = error
        }
        return (seen.withLock { $0 }, thrown)
    }

    private static func fetchTodos() async throws {
        _ = try await URLSession.patient.data(from: StubServer.current.baseURL.appendingPathComponent("todos"))
    }

    private static func fixture(in root: URL) throws -> URL {
        let test = try #require(Test.current)
        return root.appendingPathComponent("Todos/\(StubServerTrait.fixtureName(forTestNamed: test.name)).json")
    }

    private static func text(_ issues: [Issue]) -> [String] {
        issues.map { $0.comments.map(\.rawValue).joined(separator: "\n") }
    }

    @Test("an issue recorded in the scope: nothing is written, and a warning names the file and the reason")
    func issueKeepsTheFixtureUnwritten() async throws {
        try await Self.withLiveAPI { root, upstream in
            let file = try Self.fixture(in: root)
            let trait: StubServerTrait = .stubServer(fixtures: "Todos", recording: Recording(mode: .once, upstream: upstream), options: .init(fixturesRoot: root))
            let (issues, _) = try await Self.issues(of: trait) {
                try await Self.fetchTodos()
                Issue.record("the API answered something the test did not expect")
            }
            #expect(!FileManager.default.fileExists(atPath: file.path))
            let messages = Self.text(issues)
            #expect(messages.contains("the API answered something the test did not expect"))
            #expect(!messages.contains { $0.contains("recorded 1 interaction into") }, "\(messages)")
            #if compiler(>=6.3)
            guard try await WarningDelivery.isOn() else { return }
            let warning = try #require(issues.first { $0.comments.contains { $0.rawValue.hasPrefix("did not write") } })
            #expect(warning.severity == .warning)
            #expect(
                Self.text([warning]).first?.hasPrefix(
                    "did not write the 1 interaction recorded for \(file.path): 1 issue was recorded in the test") == true)
            #endif
        }
    }

    @Test("an error thrown in the scope: nothing is written, the error passes through, and the warning says it threw")
    func thrownErrorKeepsTheFixtureUnwritten() async throws {
        struct HalfwayFailure: Error {}
        try await Self.withLiveAPI { root, upstream in
            let file = try Self.fixture(in: root)
            let trait: StubServerTrait = .stubServer(fixtures: "Todos", recording: Recording(mode: .once, upstream: upstream), options: .init(fixturesRoot: root))
            let (issues, thrown) = try await Self.issues(of: trait) {
                try await Self.fetchTodos()
                throw HalfwayFailure()
            }
            #expect(thrown is HalfwayFailure)
            #expect(!FileManager.default.fileExists(atPath: file.path))
            #if compiler(>=6.3)
            guard try await WarningDelivery.isOn() else { return }
            #expect(Self.text(issues).contains { $0.contains("recorded for \(file.path): the test threw HalfwayFailure()") })
            #endif
        }
    }

    @Test("newEpisodes in a failed test leaves the existing fixture byte for byte")
    func existingFixtureStaysAsItWas() async throws {
        try await Self.withLiveAPI { root, upstream in
            let file = try Self.fixture(in: root)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let before = Fixture(interactions: [
                Interaction(request: StubRequest(method: "GET", path: "/health"), response: StubResponse(status: 204))
            ])
            try before.write(to: file)
            let bytes = try Data(contentsOf: file)
            let trait: StubServerTrait = .stubServer(
                fixtures: "Todos", recording: Recording(mode: .newEpisodes, upstream: upstream), options: .init(fixturesRoot: root))
            _ = try await Self.issues(of: trait) {
                try await Self.fetchTodos()
                Issue.record("failed after the new episode was recorded")
            }
            #expect(try Data(contentsOf: file) == bytes)
        }
    }

    @Test("writesRecordingWhenTestFails: true writes what a failed test recorded")
    func optionKeepsTheRecording() async throws {
        try await Self.withLiveAPI { root, upstream in
            let file = try Self.fixture(in: root)
            let trait: StubServerTrait = .stubServer(
                fixtures: "Todos", recording: Recording(mode: .once, upstream: upstream, writesWhenTestFails: true), options: .init(fixturesRoot: root))
            let (issues, _) = try await Self.issues(of: trait) {
                try await Self.fetchTodos()
                Issue.record("failed, but the recording is wanted")
            }
            #expect(try Fixture(contentsOf: file).interactions.count == 1)
            #expect(Self.text(issues).contains { $0.contains("recorded 1 interaction into \(file.path)") })
        }
    }

    #if compiler(>=6.3)
        @Test("a known issue or a warning in the scope is not a failure: the recording is written")
        func knownIssuesAndWarningsDoNotCount() async throws {
            try await Self.withLiveAPI { root, upstream in
                let file = try Self.fixture(in: root)
                let trait: StubServerTrait = .stubServer(fixtures: "Todos", recording: Recording(mode: .once, upstream: upstream), options: .init(fixturesRoot: root))
                _ = try await Self.issues(of: trait) {
                    try await Self.fetchTodos()
                    withKnownIssue { Issue.record("known") }
                    Issue.record("only a warning", severity: .warning)
                }
                #expect(FileManager.default.fileExists(atPath: file.path))
            }
        }
    #endif

    @Test("a test whose fixture is missing fails each request with the command that records that test")
    func missingFixtureHintGivesTheCommand() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = try Self.fixture(in: root)
        let trait: StubServerTrait = .stubServer(fixtures: "Todos", options: .init(fixturesRoot: root))
        let (issues, _) = try await Self.issues(of: trait) {
            _ = try? await Self.fetchTodos()
        }
        let messages = Self.text(issues)
        let expected = """
            Hint: \(file.path) does not exist; record it with: REPOSITORY_CONTRACTS_RECORD=once \
            REPOSITORY_CONTRACTS_UPSTREAM=<base URL of the live API> swift test \
            --filter 'StubServerTraitFailedTestTests/missingFixtureHintGivesTheCommand', or add a stub.
            """
        #expect(messages.contains { $0.contains(expected) }, "\(messages)")
    }
}
