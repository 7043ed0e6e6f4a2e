import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private typealias Support = PlaybackTestSupport

/// A recording redacts credentials; the client under test still sends real ones. A value the fixture
/// holds as the placeholder matches any value; nothing else is loosened.
@Suite("Playback matching: redacted values")
struct RedactedMatchingTests {
    private static let secret = "sk_live_" + "Q2x9pL7vN4mK8rT1wZ6yB3cD"

    private func answer(_ received: StubRequest, recorded: [(StubRequest, String)]) -> String? {
        let playback = Playback()
        playback.load(Support.fixture(recorded.map { ($0.0, Support.response($0.1)) }), source: "fixture.json")
        return Support.bodyText(of: playback.plan(for: received))
    }

    @Test("a redacted query item matches the real value, but not a missing item")
    func queryItem() {
        let recorded = [(Support.request("GET", "/todos?api_key=REDACTED&page=1"), "hit")]
        #expect(answer(Support.request("GET", "/todos?page=1&api_key=\(Self.secret)"), recorded: recorded) == "hit")
        #expect(answer(Support.request("GET", "/todos?page=1"), recorded: recorded) != "hit")
        #expect(answer(Support.request("GET", "/todos?page=2&api_key=\(Self.secret)"), recorded: recorded) != "hit")
    }

    @Test("a redacted path segment matches the real one at its place, other segments still compared")
    func pathSegment() {
        let recorded = [(Support.request("POST", "/hooks/REDACTED/run"), "hit")]
        #expect(answer(Support.request("POST", "/hooks/\(Self.secret)/run"), recorded: recorded) == "hit")
        #expect(answer(Support.request("POST", "/hooks/\(Self.secret)/stop"), recorded: recorded) != "hit")
        #expect(answer(Support.request("POST", "/hooks/\(Self.secret)/run/again"), recorded: recorded) != "hit")
        #expect(answer(Support.request("POST", "/other/\(Self.secret)/run"), recorded: recorded) != "hit")
    }

    @Test("redacted JSON members match at any depth, other members still compared")
    func jsonMembers() {
        let recorded = [
            (Support.json("POST", "/login", #"{"user":"ann","password":"REDACTED","auth":{"tokens":["REDACTED"]}}"#), "hit")
        ]
        let real = #"{"auth":{"tokens":["\#(Self.secret)"]},"password":"hunter2","user":"ann"}"#
        #expect(answer(Support.json("POST", "/login", real), recorded: recorded) == "hit")
        let otherUser = #"{"auth":{"tokens":["\#(Self.secret)"]},"password":"hunter2","user":"bob"}"#
        #expect(answer(Support.json("POST", "/login", otherUser), recorded: recorded) != "hit")
    }

    @Test("a redacted form field matches the real value")
    func formField() {
        let form: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        let recorded = [(Support.request("POST", "/token", headers: form, body: "grant=password&password=REDACTED"), "hit")]
        #expect(
            answer(Support.request("POST", "/token", headers: form, body: "password=s3cret&grant=password"), recorded: recorded)
                == "hit")
    }

    @Test("values a fixture did not redact keep telling requests apart")
    func handWrittenValuesCompared() {
        let recorded = [
            (Support.json("POST", "/login", #"{"password":"wrong"}"#), "denied"),
            (Support.json("POST", "/login", #"{"password":"right"}"#), "welcome"),
        ]
        #expect(answer(Support.json("POST", "/login", #"{"password":"right"}"#), recorded: recorded) == "welcome")
    }

    @Test("an exact match wins over a redacted one")
    func exactFirst() {
        let recorded = [
            (Support.request("GET", "/t?token=REDACTED"), "redacted"), (Support.request("GET", "/t?token=public"), "exact"),
        ]
        #expect(answer(Support.request("GET", "/t?token=public"), recorded: recorded) == "exact")
        #expect(answer(Support.request("GET", "/t?token=other"), recorded: recorded) == "redacted")
    }

    @Test("the unmatched diagnostic never shows the credentials the client sent")
    func diagnosticRedacted() {
        let playback = Playback()
        playback.load(Support.fixture([(Support.request("GET", "/todos"), Support.response("hit"))]), source: "fixture.json")
        let request = Support.request(
            "GET", "/other?api_key=\(Self.secret)", headers: ["Authorization": "Bearer \(Self.secret)"])
        let text = Support.bodyText(of: playback.plan(for: request)) ?? ""
        #expect(text.contains("/other"))
        #expect(!text.contains(Self.secret))
        #expect(playback.report.findings.allSatisfy { !$0.message.contains(Self.secret) })
    }

    @Test("recorded with real credentials, redacted, replayed with the same real credentials: every request matches")
    func recordThenReplay() async throws {
        let upstream = StubServer()
        upstream.playback.stub(.any) { request in
            StubResponse(headers: ["Content-Type": "application/json"], body: Data(#"{"path":"\#(request.path)"}"#.utf8))
        }
        try await upstream.start()
        let recorder = StubServer()
        recorder.playback.recordUnmatched(through: UpstreamForwarder.patient(upstream.baseURL))
        try await recorder.start()
        try await Self.sendRequests(to: recorder.baseURL)
        await recorder.stop()
        await upstream.stop()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("redacted-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try recorder.saveRecording(to: file)
        #expect(!(try String(contentsOf: file, encoding: .utf8)).contains(Self.secret))

        let replayer = StubServer()
        try replayer.loadFixture(at: file)
        try await replayer.start()
        try await Self.sendRequests(to: replayer.baseURL)
        await replayer.stop()
        #expect(replayer.report.findings.map(\.message) == [])
        #expect(replayer.journal.unmatched.isEmpty)
    }

    private static func sendRequests(to base: URL) async throws {
        let session = URLSession(configuration: .patient)
        var query = URLRequest(url: URL(string: "\(base.absoluteString)/todos?api_key=\(secret)")!)
        query.setValue("Bearer \(secret)", forHTTPHeaderField: "Authorization")
        _ = try await session.data(for: query)
        var login = URLRequest(url: URL(string: "\(base.absoluteString)/login")!)
        login.httpMethod = "POST"
        login.setValue("application/json", forHTTPHeaderField: "Content-Type")
        login.httpBody = Data(#"{"user":"ann","password":"\#(secret)"}"#.utf8)
        _ = try await session.data(for: login)
    }
}
