import Foundation
import Testing
@testable import RecordReplay
@_spi(Benchmarks) import RecordReplayWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fixtures with origins replayed to `URLSession.shared` through interception: a capture of three
/// hosts answers each host its own way; a fixture recorded through the socket (no origins) answers any.
@Suite struct InterceptedOriginFixtureTests {
    init() {
        URLSessionInterception.prepare()
    }

    /// A browser-style HAR of three hosts, `GET /me` on two of them with different answers.
    static let capture = """
        {"log": {"version": "1.2", "entries": [
          {"request": {"method": "GET", "url": "https://api.example.com/me"},
           "response": {"status": 200, "content": {"mimeType": "text/plain", "text": "api me"}}},
          {"request": {"method": "GET", "url": "https://auth.example.com/me"},
           "response": {"status": 200, "content": {"mimeType": "text/plain", "text": "auth me"}}},
          {"request": {"method": "GET", "url": "https://cdn.example.com/logo.svg"},
           "response": {"status": 200, "content": {"mimeType": "image/svg+xml", "text": "<svg/>"}}}
        ]}}
        """

    @Test func aCaptureOfThreeHostsAnswersEachHostItsOwnWay() async throws {
        let fixture = try HARCodec.decode(Data(Self.capture.utf8), source: "page.har").fixture
        let server = interceptionServer()
        server.load(fixture, source: "page.har")
        let answers = try await server.interceptingURLSession {
            [
                await SharedSessionAnswer.get("https://auth.example.com/me"),
                await SharedSessionAnswer.get("https://cdn.example.com/logo.svg"),
                await SharedSessionAnswer.get("https://api.example.com/me"),
                await SharedSessionAnswer.get("https://www.example.com/me"),
            ]
        }
        #expect(answers.map(\.text).prefix(3) == ["auth me", "<svg/>", "api me"])
        #expect(answers.map(\.status) == [200, 200, 200, 599])
        let unmatched = try #require(server.report.unmatchedRequests.first)
        #expect(unmatched.diagnostic.hasPrefix("Unmatched request #4: GET https://www.example.com/me\n"))
        #expect(unmatched.diagnostic.contains("✗ origin   recorded https://api.example.com, received https://www.example.com"))
    }

    @Test func aFixtureWithoutOriginsAnswersAnyHost() async throws {
        let server = interceptionServer([textInteraction("/me", "first"), textInteraction("/me", "second")])
        let answers = try await server.interceptingURLSession {
            [
                await SharedSessionAnswer.get("https://auth.example.com/me"),
                await SharedSessionAnswer.get("http://todos.example.org:8080/me"),
            ]
        }
        #expect(answers.map(\.text) == ["first", "second"])
        #expect(server.report.findings.isEmpty)
    }
}
