@testable import RecordReplayMessages
import Foundation
import Testing

@_spi(Benchmarks) @testable import RecordReplay
@_spi(Benchmarks) @testable import RecordReplayFixtures
@_spi(Benchmarks) @testable import RecordReplayRedaction
@_spi(Benchmarks) @testable import RecordReplayWire
import RepositoryContractsTestSupport

private typealias Hosts = PlaybackOriginMatchingTests

/// The unmatched-request text names origins where they matter: the request line of a request with
/// one, and an origin line in the closest-match diff when both sides have one.
@Suite("Playback unmatched-request diagnostics: origins")
struct PlaybackOriginDiagnosticsTests {
    private func diagnostic(_ playback: Playback, for request: StubRequest) throws -> String {
        let response = try #require(PlaybackTestSupport.immediateResponse(of: playback.plan(for: request)))
        #expect(response.status == 599)
        return String(decoding: response.body, as: UTF8.self)
    }

    @Test("a request from another origin: its line shows the origin, the diff names both origins, the hint says so")
    func otherOrigin() throws {
        let text = try diagnostic(Hosts.twoHosts(), for: Hosts.request("GET", "/me", from: Hosts.cdn))
        #expect(text.hasPrefix("Unmatched request #1: GET https://cdn.example.com/me\n"), "\(text)")
        #expect(text.contains("Compared: origin; method; path; query; body\n"), "\(text)")
        #expect(text.contains("1. hosts.json, interaction #1 (interactions[0]): GET https://api.example.com/me\n"), "\(text)")
        #expect(text.contains("   ✗ origin   recorded https://api.example.com, received https://cdn.example.com\n"))
        #expect(text.contains("2. hosts.json, interaction #2 (interactions[1]): GET https://auth.example.com/me\n"))
        #expect(text.contains("   ✗ origin   recorded https://auth.example.com, received https://cdn.example.com\n"))
        #expect(text.contains("   ✓ path     /me\n"))
        #expect(text.contains(
            "Hint: only the origin differs: this request was recorded from https://api.example.com, not "
                + "https://cdn.example.com; if the client sends it to the wrong host fix its URL"), "\(text)")
    }

    @Test("the closest interaction is the one from the request's origin; its origin line is ticked")
    func sameOriginRanksFirst() throws {
        let text = try diagnostic(Hosts.twoHosts(), for: Hosts.request("GET", "/you", from: Hosts.auth))
        let sameOrigin = try #require(text.range(of: "1. hosts.json, interaction #2 (interactions[1]): GET https://auth.example.com/me"))
        let otherOrigin = try #require(text.range(of: "2. hosts.json, interaction #1 (interactions[0]): GET https://api.example.com/me"))
        #expect(sameOrigin.lowerBound < otherOrigin.lowerBound)
        #expect(text.contains("   ✓ origin   https://auth.example.com\n"))
        #expect(text.contains("Hint: only the path differs"))
    }

    @Test("used up: the exhaustion sentence is given for the request's own origin")
    func exhaustedPerOrigin() throws {
        let playback = Hosts.twoHosts()
        _ = playback.plan(for: Hosts.request("GET", "/me", from: Hosts.auth))
        let text = try diagnostic(playback, for: Hosts.request("GET", "/me", from: Hosts.auth))
        #expect(text.contains(
            "Matched recorded interaction #2 (hosts.json, interactions[1]) but it was already used (1 of 1 used)."), "\(text)")
    }

    @Test("a socket request and interactions without origins: no origin anywhere in the text")
    func noOriginNoMention() throws {
        let playback = Hosts.playback([(nil, "/me", "me")])
        let fromSocket = try diagnostic(playback, for: Hosts.request("GET", "/you", from: nil))
        #expect(fromSocket.hasPrefix("Unmatched request #1: GET /you\n"))
        #expect(fromSocket.contains("Compared: method; path; query; body\n"))
        #expect(!fromSocket.contains("origin"))
        #expect(!fromSocket.contains("https://"))

        // An intercepted request against an interaction without an origin: its own line shows the
        // origin, but there is nothing to compare it with.
        let intercepted = try diagnostic(playback, for: Hosts.request("GET", "/you", from: Hosts.api))
        #expect(intercepted.hasPrefix("Unmatched request #2: GET https://api.example.com/you\n"))
        #expect(intercepted.contains("1. hosts.json, interaction #1 (interactions[0]): GET /me\n"))
        #expect(!intercepted.contains("✗ origin") && !intercepted.contains("✓ origin"))
    }

    @Test("an unused interaction is listed with its origin, one recorded without one as before")
    func unusedInteractionsNameTheirOrigin() throws {
        let playback = Hosts.playback([(Hosts.api, "/me", "api me"), (Hosts.auth, "/me", "auth me"), (nil, "/health", "ok")])
        _ = playback.plan(for: Hosts.request("GET", "/me", from: Hosts.api))
        let unused = try #require(playback.report.findings.first { $0.message.contains("never used") })
        #expect(unused.message == """
            2 recorded interactions were never used:
              hosts.json, interaction #2 (interactions[1]): GET https://auth.example.com/me
              hosts.json, interaction #3 (interactions[2]): GET /health
            """)
    }

    @Test("the request line: the origin only when the request has one, before the path and query")
    func requestLine() {
        var request = StubRequest(method: "GET", path: "/todos/1", query: [QueryItem(name: "a", value: "b c")])
        #expect(DiagnosticText.requestLine(request) == "GET /todos/1?a=b%20c")
        request.origin = HTTPOrigin("http://LOCALHOST:8080")
        #expect(DiagnosticText.requestLine(request) == "GET http://localhost:8080/todos/1?a=b%20c")
    }
}
