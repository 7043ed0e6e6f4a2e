import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplay
import RepositoryContractsPrimitives
import StubServerTesting
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every message the "Troubleshooting" article quotes is produced here by the code that reports it, and
/// must appear in the article as produced (temporary folders shown as `Fixtures/…`, ports as `8080`).
@Suite("Documentation: troubleshooting messages")
struct TroubleshootingExamples {
    /// The article's text.
    private static func article() throws -> String { try ArticleText.article("Troubleshooting") }

    /// `message` with the variable parts the article cannot know replaced: `folder` by `Fixtures`, and
    /// the port of every loopback URL by 8080.
    private static func normalized(_ message: String, folder: URL? = nil) -> String {
        var text = message
        if let folder { text = text.replacingOccurrences(of: folder.path, with: "Fixtures") }
        return text.replacingOccurrences(
            of: #"127\.0\.0\.1:[0-9]+"#, with: "127.0.0.1:8080", options: .regularExpression)
    }

    /// Checks that the article quotes `message` as a whole, each line indented alike.
    private static func expectQuoted(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let article = try article()
        let message = message.trimmingCharacters(in: .newlines)
        let quoted = ArticleText.blocks("text", in: article).contains { $0.contains(message) }
        #expect(quoted, "the article does not quote this message:\n\(message)", sourceLocation: sourceLocation)
    }

    /// A fresh folder with `Todos/` inside, removed by the caller.
    private static func fixturesFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docs-\(UUID())")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Todos"), withIntermediateDirectories: true)
        return folder
    }

    private static func todosFixture() -> Fixture {
        Fixture(interactions: [
            Interaction(
                request: StubRequest(method: "GET", path: "/todos", query: [QueryItem(name: "page", value: "1")]),
                response: StubResponse(
                    headers: ["Content-Type": "application/json"], body: Data(#"[{"id":1,"title":"Buy milk"}]"#.utf8)))
        ])
    }

    @Test("an unmatched request: the request, the closest recorded one, a field-by-field diff and a hint")
    func unmatchedRequest() throws {
        let playback = Playback(options: PlaybackOptions())
        playback.load(Self.todosFixture(), source: "Fixtures/Todos/list.json")
        let request = StubRequest(
            method: "GET", path: "/todos", query: [QueryItem(name: "page", value: "2")],
            headers: ["Accept": "application/json", "User-Agent": "TodoApp/1.0"])
        let response = try #require(PlaybackTestSupport.immediateResponse(of: playback.plan(for: request)))
        #expect(response.status == 599)
        let message = String(decoding: response.body, as: UTF8.self)
        #expect(playback.report.unmatchedRequests.first?.diagnostic == message)
        try Self.expectQuoted(message)
    }

    @Test("a JSON body that differs is diffed path by path")
    func unmatchedJSONBody() throws {
        let playback = Playback(options: PlaybackOptions())
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        playback.load(
            Fixture(interactions: [
                Interaction(
                    request: StubRequest(
                        method: "POST", path: "/todos", headers: json, body: Data(#"{"title":"Buy milk","done":false}"#.utf8)),
                    response: StubResponse(status: 201))
            ]), source: "Fixtures/Todos/create.json")
        let request = StubRequest(
            method: "POST", path: "/todos", headers: json, body: Data(#"{"done":false,"title":"Buy oat milk"}"#.utf8))
        let response = try #require(PlaybackTestSupport.immediateResponse(of: playback.plan(for: request)))
        #expect(response.status == 599)
        try Self.expectQuoted(String(decoding: response.body, as: UTF8.self))
    }

    @Test("an interaction no request used is a warning naming the fixture and the interaction")
    func unusedInteraction() throws {
        let playback = Playback(options: PlaybackOptions())
        playback.load(Self.todosFixture(), source: "Fixtures/Todos/list.json")
        let finding = try #require(playback.report.findings.first)
        #expect(finding.severity == .warning)
        try Self.expectQuoted(finding.message)
    }

    @Test("a fixture that does not decode names the file, the JSON path and the reason")
    func brokenFixture() throws {
        let text = #"""
            {"format": "swift-repository-contracts/fixture", "version": 1, "interactions": [
              {"request": {"method": "GET", "path": "/todos"}, "response": {"status": "OK"}}
            ]}
            """#
        let error = try #require(throws: FixtureError.self) {
            try Fixture(decoding: Data(text.utf8), format: .native, source: "Fixtures/Todos/list.json")
        }
        try Self.expectQuoted("\(error)")
    }

    @Test("a misspelt field is named, not ignored")
    func misspeltField() throws {
        let text = #"""
            {"format": "swift-repository-contracts/fixture", "version": 1, "interactions": [
              {"request": {"method": "GET", "path": "/todos"}, "response": {"staus": 200}}
            ]}
            """#
        let error = try #require(throws: FixtureError.self) {
            try Fixture(decoding: Data(text.utf8), format: .native, source: "Fixtures/Todos/list.json")
        }
        try Self.expectQuoted("\(error)")
    }

    @Test("a fixture that still holds a credential fails the test that loads it, naming the field and the fix")
    func leakingFixture() async throws {
        let folder = try Self.fixturesFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Todos/list.json")
        let token = ["ghp", "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Jh1Gf0EdCbA"].joined(separator: "_")
        try Fixture(interactions: [
            Interaction(
                request: StubRequest(method: "GET", path: "/todos", headers: ["Authorization": "token \(token)"]),
                response: StubResponse(status: 200))
        ]).write(to: file)
        let server = StubServer()
        try server.loadFixture(at: file)
        let finding = try #require(server.report.findings.first { $0.severity == .error })
        #expect(!finding.message.contains(token))
        try Self.expectQuoted(Self.normalized(finding.message, folder: folder))
    }

    @Test("a recording the redaction cannot clean is refused, naming the field")
    func secretRefusedWhenRecording() async throws {
        let folder = try Self.fixturesFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let token = ["ghp", "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Jh1Gf0EdCbA"].joined(separator: "_")
        let live = StubServer()
        live.playback.stub(
            .get("/export"),
            with: StubResponse(
                headers: ["Content-Type": "application/octet-stream"],
                body: Data([0xFF, 0xFE, 0x00]) + Data(" \(token) ".utf8) + Data([0x00, 0xFF])))
        try await live.start()
        let recorder = StubServer(StubServer.Configuration(
            fixtureDirectory: folder.appendingPathComponent("Todos"), recording: Recording(mode: .once, upstream: live.baseURL)))
        try recorder.loadFixture(named: "export")
        try await recorder.start()
        _ = try await URLSession.patient.data(from: recorder.baseURL.appendingPathComponent("export"))
        await recorder.stop()
        await live.stop()
        let error = try #require(throws: RecordingError.self) { try recorder.finishRecording() }
        #expect(!"\(error)".contains(token))
        #expect(error.file.hasSuffix("Todos/export.json") && !error.findings.isEmpty)
        #expect(error == .secretsFound(file: error.file, findings: error.findings))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Todos/export.json").path))
        try Self.expectQuoted(Self.normalized("\(error)", folder: folder))
    }

    @Test("an unknown record mode in the environment is refused with the modes it could be")
    func unknownRecordMode() throws {
        let error = try #require(throws: RecordModeError.self) {
            try RecordMode.fromEnvironment.resolved(environment: ["REPOSITORY_CONTRACTS_RECORD": "always"])
        }
        try Self.expectQuoted("\(error)")
    }

    @Test("a missing fixture names the files looked for and how to record it")
    func missingFixture() throws {
        let folder = try Self.fixturesFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = StubServer.Configuration(fixtureDirectory: folder.appendingPathComponent("Todos"), recording: .never)
        configuration.test = .init(moduleName: "TodoClientTests", nameComponents: ["TodoTests", "list()"])
        let server = StubServer(configuration)
        let error = try #require(throws: StubServerError.self) { try server.loadFixture(named: "list") }
        #expect("\(error)".hasSuffix("swift test --filter 'TodoTests/list'"))
        try Self.expectQuoted(Self.normalized("\(error)", folder: folder))
    }

    @Test("recording or checking drift without an upstream names the variable to set")
    func noUpstream() throws {
        let folder = try Self.fixturesFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = StubServer(StubServer.Configuration(
            fixtureDirectory: folder.appendingPathComponent("Todos"), recording: Recording(mode: .once)))
        let error = try #require(throws: StubServerError.self) { try server.loadFixture(named: "list") }
        try Self.expectQuoted(Self.normalized("\(error)", folder: folder))
    }

    @Test("two scopes recording into one fixture: the second is refused")
    func fixtureAlreadyRecording() throws {
        let folder = try Self.fixturesFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = StubServer.Configuration(
            fixtureDirectory: folder.appendingPathComponent("Todos"), recording: Recording(mode: .once, upstream: URL(string: "https://api.example.com")))
        let first = StubServer(configuration)
        try first.loadFixture(named: "list")
        let second = StubServer(configuration)
        let error = try #require(throws: StubServerError.self) { try second.loadFixture(named: "list") }
        withExtendedLifetime(first) {}
        try Self.expectQuoted(Self.normalized("\(error)", folder: folder))
    }

    @Test("a shared session created before interception was prepared is refused, saying what to do")
    func sharedSessionCreatedFirst() throws {
        try Self.expectQuoted("\(URLSessionInterceptionError.sharedSessionCreatedFirst(protocolClasses: ["_HTTPURLProtocol"]))")
    }

    @Test("a second interception from one task is refused")
    func alreadyIntercepting() async throws {
        URLSessionInterception.prepare()
        let first = try await StubServer().interceptURLSession()
        let error = await #expect(throws: URLSessionInterceptionError.self) { _ = try await StubServer().interceptURLSession() }
        await first.end()
        try Self.expectQuoted("\(try #require(error))")
    }

    @Test("a drift-writes setting that does not exist is refused with the values it takes")
    func unknownDriftWrites() throws {
        let error = try #require(throws: DriftWritesError.self) {
            try DriftCheckOptions().resolved(environment: ["REPOSITORY_CONTRACTS_DRIFT_WRITES": "yes"])
        }
        try Self.expectQuoted("\(error)")
    }

    @Test("a scope that recorded says so as an issue: it verified nothing")
    func listsTodos() async throws {
        let folder = try Self.fixturesFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let live = try await StubServer.liveTodosAPI()
        let trait: StubServerTrait = .stubServer(
            fixtures: "Todos", recording: Recording(mode: .once, upstream: live.baseURL), options: .init(fixturesRoot: folder))
        let test = try #require(Test.current)
        let messages = Protected<[String]>([])
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: nil) {
                _ = try await TodoClient(baseURL: StubServer.current.baseURL).titles()
            }
        } matching: { issue in
            messages.withLock { $0 += issue.comments.map(\.rawValue) }
            return true
        }
        await live.stop()
        let message = try #require(messages.withLock { $0 }.first)
        try Self.expectQuoted(Self.normalized(message, folder: folder))
    }

    @Test("a request that could not be recorded: the request, the URL and what broke")
    func requestNotRecorded() async throws {
        let live = StubServer()
        live.playback.inject(
            .malformedResponse(
                Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 120\r\n\r\n[{\"id\":1".utf8)),
            when: .get("/todos"))
        try await live.start()
        let server = StubServer()
        server.playback.recordUnmatched(through: UpstreamForwarder.patient(live.baseURL))
        try await server.start()
        let (_, response) = try await URLSession.patient.data(from: server.url("/todos"))
        await server.stop()
        await live.stop()
        #expect((response as? HTTPURLResponse)?.statusCode == 502)
        let finding = try #require(server.report.findings.first { $0.message.contains("could not be recorded") })
        try Self.expectQuoted(Self.normalized(finding.message))
    }

    @Test("a drift finding: the counts, where the live API differs, and the first requests in full")
    func driftFinding() async throws {
        let folder = try Self.fixturesFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.todosFixture().write(to: folder.appendingPathComponent("Todos/list.json"))
        let live = StubServer()
        live.playback.stub(
            .get("/todos"),
            with: StubResponse(
                headers: ["Content-Type": "application/json"],
                body: Data(#"[{"id":1,"title":"Buy oat milk","dueDate":"2026-12-01"}]"#.utf8)))
        try await live.start()
        let server = StubServer(StubServer.Configuration(
            fixtureDirectory: folder.appendingPathComponent("Todos"), recording: Recording(mode: .drift, upstream: live.baseURL)))
        try server.loadFixture(named: "list")
        try await server.start()
        let url = try #require(URL(string: "\(server.baseURL.absoluteString)/todos?page=1"))
        _ = try await URLSession.patient.data(from: url)
        await server.stop()
        await live.stop()
        let finding = try #require(server.report.findings.first { $0.message.hasPrefix("Drift") })
        try Self.expectQuoted(Self.normalized(finding.message, folder: folder))
    }

    @Test("a port already in use is named with the address")
    func portInUse() async throws {
        let first = StubServer()
        try await first.start()
        let second = StubServer(StubServer.Configuration(server: ServerOptions(port: first.port)))
        var failure: ServerStartError?
        do {
            try await second.start()
            await second.stop()
        } catch {
            failure = error as? ServerStartError
        }
        await first.stop()
        let error = try #require(failure)
        try Self.expectQuoted(Self.normalized("\(error)"))
    }

    #if compiler(>=6.3)
        @Test("a failed test's recording is not written, and a warning says why")
        func failedRecording() async throws {
            let folder = try Self.fixturesFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let live = StubServer()
            live.playback.stub(.get("/todos"), with: StubResponse(status: 500))
            try await live.start()
            let trait: StubServerTrait = .stubServer(fixtures: "Todos", recording: Recording(mode: .once, upstream: live.baseURL), options: .init(fixturesRoot: folder))
            let test = try #require(Test.current)
            let warnings = Protected<[String]>([])
            let swallowing: IssueHandlingTrait = .compactMapIssues { issue in
                if issue.severity == .warning { warnings.withLock { $0 += issue.comments.map(\.rawValue) } }
                return nil
            }
            try await swallowing.provideScope(for: test, testCase: nil) {
                try await trait.provideScope(for: test, testCase: nil) {
                    for _ in 1...2 {
                        let (_, response) = try await URLSession.patient.data(
                            from: StubServer.current.baseURL.appendingPathComponent("todos"))
                        #expect((response as? HTTPURLResponse)?.statusCode == 200)
                    }
                }
            }
            await live.stop()
            let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Todos").path)
            #expect(written.isEmpty, "the failed test's recording was written: \(written)")
            guard try await WarningDelivery.isOn() else { return }
            let warning = try #require(warnings.withLock { $0 }.first { $0.hasPrefix("did not write") })
            try Self.expectQuoted(Self.normalized(warning, folder: folder))
        }
    #endif
}
