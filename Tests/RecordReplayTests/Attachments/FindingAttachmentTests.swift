import Foundation
@_spi(Benchmarks) import RecordReplay
import RepositoryContractsTestSupport
import StubServerTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a stub-server scope attaches when the server found something: the unmatched requests'
/// diagnostics and the journal as HAR, redacted; nothing when it found nothing.
@Suite("Attachments of a stub-server scope")
struct FindingAttachmentTests {
    static let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ"

    /// A server answering `GET /todos` from a recording, after `paths` were requested with a bearer token.
    static func server(after paths: [String]) async throws -> StubServer {
        let server = StubServer()
        server.playback.load(Fixture(interactions: [
            Interaction(request: StubRequest(method: "GET", path: "/todos"),
                        response: StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"[{"id":1}]"#.utf8))),
        ]), source: "todos.json")
        try await server.start()
        for path in paths {
            var request = URLRequest(url: try #require(URL(string: server.baseURL.absoluteString + path)))
            request.setValue("Bearer \(jwt)", forHTTPHeaderField: "Authorization")
            _ = try await URLSession.patient.data(for: request)
        }
        await server.stop()
        return server
    }

    @Test("an unmatched request attaches its diagnostic and the journal as HAR: every request with its response, no credential")
    func unmatched() async throws {
        let server = try await Self.server(after: ["/todos", "/todoz?token=\(Self.jwt)"])
        let attachments = StubServerTrait.findingAttachments(of: server.playback, report: server.report)
        #expect(attachments.map(\.name) == ["unmatched requests.txt", "journal.har"])
        let diagnostics = try #require(attachments.first?.text)
        #expect(diagnostics.hasPrefix("Request #2 (in the journal): GET /todoz"), "\(diagnostics)")
        #expect(diagnostics.contains("/todos"), "the closest recorded request is named: \(diagnostics)")
        let har = try #require(attachments.last)
        let log = try #require((try JSONSerialization.jsonObject(with: Data(har.bytes)) as? [String: Any])?["log"] as? [String: Any])
        let entries = try #require(log["entries"] as? [[String: Any]])
        let statuses = entries.compactMap { ($0["response"] as? [String: Any])?["status"] as? Int }
        #expect(statuses == [200, 599])
        for attachment in attachments {
            #expect(!attachment.text.contains(Self.jwt) && !attachment.text.contains("c2lnbmF0dXJlLXNpZ25hdHVyZQ"), "\(attachment.name)")
        }
        #expect(har.text.contains("Bearer REDACTED"))
    }

    @Test("a scope whose requests all matched attaches nothing")
    func allMatched() async throws {
        let server = try await Self.server(after: ["/todos"])
        #expect(StubServerTrait.findingAttachments(of: server.playback, report: server.report).isEmpty)
    }

    @Test("drift attaches the drift report, redacted with the scope's redaction")
    func drift() async throws {
        let upstream = StubServer()
        upstream.playback.stub(.method("GET", "/me"), with: StubResponse(
            status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"name":"ann","apiKey":"live-key-0042"}"#.utf8)))
        try await upstream.start()
        let playback = Playback()
        playback.load(Fixture(interactions: [
            Interaction(request: StubRequest(method: "GET", path: "/me"),
                        response: StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"name":"ann"}"#.utf8))),
        ]), source: "me.json")
        playback.checkDrift(against: UpstreamForwarder.patient(upstream.baseURL), options: DriftCheckOptions())
        _ = await PlaybackTestSupport.response(of: playback.plan(for: StubRequest(method: "GET", path: "/me")))
        await upstream.stop()
        let report = playback.report
        try #require(!report.driftFindings.isEmpty, "\(report)")
        let attachments = StubServerTrait.findingAttachments(of: playback, report: report)
        #expect(attachments.map(\.name) == ["drift report.txt"])
        let text = try #require(attachments.first?.text)
        #expect(text.contains("me.json") && text.contains("apiKey"), "\(text)")
        #expect(!text.contains("live-key-0042"), "\(text)")
    }
}
