import RecordReplayMessages
import Foundation
import Testing

@_spi(Benchmarks) @testable import RecordReplay
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private typealias Support = PlaybackTestSupport
private typealias Tenant = TenantRedaction

/// Issue 42: a request that could not be recorded, a loaded fixture's secret scan and a drift finding
/// show requests and responses as the scope's configured redaction leaves them.
@Suite("Recording and drift messages: the scope's configured redaction")
struct ConfiguredRedactionRecordingTests {
    @Test("a request that could not be recorded is named, and the URL it went to, redacted as configured")
    func failedRecording() async throws {
        let server = StubServer(StubServer.Configuration(redaction: Tenant.redaction))
        server.playback.recordUnmatched(
            through: UpstreamForwarder(upstream: UpstreamForwarderTests.unreachable, timeout: .seconds(5)))
        let request = Tenant.request("GET", "/todos", query: "page=2")
        #expect(Tenant.defaultsKeep(request))
        let response = try #require(await Support.response(of: server.playback.plan(for: request)))
        #expect(response.status == 502)
        let texts = [String(decoding: response.body, as: UTF8.self)] + server.report.findings.map(\.message)
        for text in texts {
            #expect(!text.contains(Tenant.value), "\(text)")
            #expect(
                text.hasPrefix(
                    "Request #1 GET /todos?tenant=REDACTED&page=2 could not be recorded: "
                        + "upstream http://127.0.0.1:1/todos?tenant=REDACTED&page=2: "))
        }
    }

    @Test("a fixture holding a value under a name the scope added is scanned for it, and the fix names it")
    func loadedFixtureScan() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tenant-scan-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("todos.json")
        try Support.fixture([(Tenant.request("GET", "/todos"), Support.response("[]"))]).write(to: file)
        // Loaded first by a scope with the default redaction: clean for it.
        let plain = StubServer()
        try plain.loadFixture(at: file)
        let leaks = { (server: StubServer) in
            server.report.findings.map(\.message).filter { $0.contains("a recording would have redacted") }
        }
        #expect(leaks(plain).isEmpty)
        let configured = StubServer(StubServer.Configuration(redaction: Tenant.redaction))
        try configured.loadFixture(at: file)
        let message = try #require(leaks(configured).first)
        #expect(!message.contains(Tenant.value), "\(message)")
        #expect(message.hasPrefix("\(file.path) holds 2 secrets that a recording would have redacted:"))
        #expect(message.contains("request.header X-Tenant"))
        #expect(message.contains("request.query tenant"))
        #expect(
            message.contains(
                "Redact it before it is committed: swift run repo-contracts redact \(file.path) "
                    + "--redact X-Tenant --redact tenant --redact tenantCode\n"))
    }

    @Test("drift: with no redaction of its own, the check redacts with the scope's; the request and values shown redacted")
    func drift() async throws {
        let upstream = StubServer()
        upstream.playback.stub(
            .get("/todos"),
            with: StubResponse(
                headers: ["Content-Type": "application/json"],
                body: Data(#"{"tenantCode":"\#(Tenant.value)","title":"b","echo":"\#(Tenant.value)"}"#.utf8)))
        try await upstream.start()
        let playback = Playback(redaction: Tenant.redaction)
        let request = Tenant.request("GET", "/todos")
        playback.load(
            Fixture(interactions: [
                Interaction(
                    request: request,
                    response: StubResponse(
                        headers: ["Content-Type": "application/json"],
                        body: Data(#"{"tenantCode":"\#(Tenant.value)","title":"a"}"#.utf8)))
            ]), source: "todos.json")
        playback.checkDrift(against: UpstreamForwarder.patient(upstream.baseURL), options: DriftCheckOptions())
        let sent = await Support.response(of: playback.plan(for: request))
        await upstream.stop()
        #expect(sent?.status == 200)
        #expect(upstream.journal.first?.request.query.first?.value == Tenant.value)
        let report = playback.report
        let drift = try #require(report.drifts.first)
        #expect(drift.request.query.first == QueryItem(name: "tenant", value: "REDACTED"))
        #expect(drift.outcome == .differs([#"$.title: recorded "a", live "b""#, #"$.echo: added in the live response (live "REDACTED")"#]))
        let messages = ([drift.message] + report.findings.map(\.message)).joined(separator: "\n")
        #expect(!messages.contains(Tenant.value), "\(messages)")
        #expect(drift.message.hasPrefix("Drift: request #1 GET /todos?tenant=REDACTED was answered from todos.json"))
        #expect(messages.contains("\n  request #1 GET /todos?tenant=REDACTED, interaction #1 (interactions[0]):\n"))
    }

    @Test("a drift check's own redaction, when given, is kept over the scope's")
    func givenDriftRedactionWins() {
        var own = Redaction()
        own.queryNames.append("account")
        let options = DriftCheckOptions(redaction: own).redacting(withScope: Tenant.redaction)
        #expect(options.redaction.queryNames.contains("account"))
        #expect(!options.redaction.queryNames.contains(Tenant.queryItem))
        #expect(DriftCheckOptions().redacting(withScope: Tenant.redaction).redaction.queryNames.contains(Tenant.queryItem))
    }
}
