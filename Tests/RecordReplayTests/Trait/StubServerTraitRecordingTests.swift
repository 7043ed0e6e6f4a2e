import RecordReplayMessages
import Foundation
@testable import StubServerTesting
import RecordReplay
import RepositoryContractsPrimitives
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The trait records a missing fixture from the live API (a stub server on loopback here), says so
/// as an issue, and replays the file on the next run.
@Suite("The .stubServer trait: recording")
struct StubServerTraitRecordingTests {
    @Test("once: records the missing fixture and reports it; none: replays it")
    func recordThenReplay() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let upstream = try await Self.startedLiveAPI()
        let test = try #require(Test.current)
        let file = root.appendingPathComponent("Todos/\(StubServerTrait.fixtureName(forTestNamed: test.name)).json")

        let recording: StubServerTrait = .stubServer(
            fixtures: "Todos", recording: Recording(mode: .once, upstream: upstream.baseURL), options: .init(fixturesRoot: root))
        try await withKnownIssue {
            try await recording.provideScope(for: test, testCase: nil) {
                let (body, _) = try await URLSession.patient.data(from: Self.url("/todos"))
                #expect(String(decoding: body, as: UTF8.self) == #"[{"id":1}]"#)
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("recorded 1 interaction into \(file.path)") }
        }
        await upstream.stop()
        #expect(FileManager.default.fileExists(atPath: file.path))

        let replaying: StubServerTrait = .stubServer(fixtures: "Todos", recording: .never, options: .init(fixturesRoot: root))
        try await replaying.provideScope(for: test, testCase: nil) {
            let (body, _) = try await URLSession.patient.data(from: Self.url("/todos"))
            #expect(String(decoding: body, as: UTF8.self) == #"[{"id":1}]"#)
            #expect(StubServer.current.journal.first?.responder.description.hasPrefix(file.path) == true)
        }
    }

    @Test("re-recording traffic that did not change says the file is unchanged, and leaves it byte for byte")
    func rerecordUnchanged() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let upstream = try await Self.startedLiveAPI()
        let test = try #require(Test.current)
        let file = root.appendingPathComponent("Todos/\(StubServerTrait.fixtureName(forTestNamed: test.name)).json")
        let recording: StubServerTrait = .stubServer(fixtures: "Todos", recording: Recording(mode: .all, upstream: upstream.baseURL), options: .init(fixturesRoot: root))
        let seen = Protected<[String]>([])
        var bytes: [Data] = []
        for _ in 1...2 {
            try await withKnownIssue {
                try await recording.provideScope(for: test, testCase: nil) {
                    _ = try await URLSession.patient.data(from: Self.url("/todos"))
                }
            } matching: { issue in
                seen.withLock { $0 += issue.comments.map(\.rawValue) }
                return true
            }
            bytes.append(try Data(contentsOf: file))
        }
        await upstream.stop()
        let messages = seen.withLock { $0 }
        #expect(messages.count == 2)
        #expect(!messages[0].contains("unchanged"))
        #expect(messages[1].contains("the file is unchanged: the live API answered as recorded"), "\(messages)")
        #expect(bytes[0] == bytes[1])
    }

    @Test("a mode that records without an upstream fails naming the variable")
    func recordingNeedsUpstream() throws {
        let server = StubServer(StubServer.Configuration(
            fixtureDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("none-\(UUID())"), recording: Recording(mode: .once)))
        #expect {
            try server.loadFixture(named: "todos")
        } throws: { error in
            String(describing: error).contains("REPOSITORY_CONTRACTS_UPSTREAM")
        }
    }

    /// A started stub server standing for the live API: `GET /todos` answers `[{"id":1}]`.
    private static func startedLiveAPI() async throws -> StubServer {
        let upstream = StubServer()
        upstream.playback.stub(.get("/todos")) { _ in
            StubResponse(headers: ["Content-Type": "application/json"], body: Data(#"[{"id":1}]"#.utf8))
        }
        try await upstream.start()
        return upstream
    }

    private static func url(_ path: String) -> URL {
        URL(string: StubServer.current.baseURL.absoluteString + path)!
    }

    @Test("record: .never is a mode chosen in code, never read as 'nothing chosen'; none is still read from the environment")
    func neverIsChosenInCode() throws {
        #expect(RecordMode.never != .fromEnvironment)
        #expect(!RecordMode.allCases.contains(.fromEnvironment))
        let everything = ["REPOSITORY_CONTRACTS_RECORD": "all"]
        #expect(try RecordMode.never.resolved(environment: everything) == .never)
        #expect(try RecordMode.fromEnvironment.resolved(environment: everything) == .all)
        let trait: StubServerTrait = .stubServer(fixtures: "Todos", recording: .never)
        #expect(trait.configuration.recording.mode == .never)
    }
}
