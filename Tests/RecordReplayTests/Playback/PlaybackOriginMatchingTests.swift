import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

private typealias Support = PlaybackTestSupport

/// One fixture can hold an API host, an auth host and a CDN: a request with an origin (intercepted in
/// process) matches the interactions recorded from that origin and those recorded without one; a
/// request without one (received on the socket) matches any interaction.
@Suite("Playback matching: origins")
struct PlaybackOriginMatchingTests {
    static let api = HTTPOrigin("https://api.example.com")!
    static let auth = HTTPOrigin("https://auth.example.com")!
    static let cdn = HTTPOrigin("https://cdn.example.com")!

    static func request(_ method: String, _ target: String, from origin: HTTPOrigin?, body: String? = nil) -> StubRequest {
        var request = Support.request(method, target, body: body)
        request.origin = origin
        return request
    }

    static func playback(
        _ recorded: [(HTTPOrigin?, String, String)], method: String = "GET", options: PlaybackOptions = .init()
    ) -> Playback {
        let playback = Playback(options: options)
        playback.load(
            Support.fixture(recorded.map { (request(method, $0.1, from: $0.0), Support.response($0.2)) }),
            source: "hosts.json")
        return playback
    }

    /// `GET /me` from the API host and from the auth host, with different bodies.
    static func twoHosts(options: PlaybackOptions = .init()) -> Playback {
        playback([(api, "/me", "api me"), (auth, "/me", "auth me")], options: options)
    }

    @Test("each origin gets its own answer, whichever asks first")
    func eachOriginGetsItsOwnAnswer() {
        let apiFirst = Self.twoHosts()
        #expect(Support.bodyText(of: apiFirst.plan(for: Self.request("GET", "/me", from: Self.api))) == "api me")
        #expect(Support.bodyText(of: apiFirst.plan(for: Self.request("GET", "/me", from: Self.auth))) == "auth me")

        let authFirst = Self.twoHosts()
        #expect(Support.bodyText(of: authFirst.plan(for: Self.request("GET", "/me", from: Self.auth))) == "auth me")
        #expect(Support.bodyText(of: authFirst.plan(for: Self.request("GET", "/me", from: Self.api))) == "api me")
    }

    @Test("a request from an origin nothing was recorded from is unmatched, once its origin's interaction is used too")
    func otherOriginIsUnmatched() {
        let playback = Self.twoHosts()
        #expect(Support.immediateResponse(of: playback.plan(for: Self.request("GET", "/me", from: Self.cdn)))?.status == 599)
        #expect(Support.bodyText(of: playback.plan(for: Self.request("GET", "/me", from: Self.auth))) == "auth me")
        #expect(Support.immediateResponse(of: playback.plan(for: Self.request("GET", "/me", from: Self.auth)))?.status == 599)
        #expect(Support.bodyText(of: playback.plan(for: Self.request("GET", "/me", from: Self.api))) == "api me")
    }

    @Test("a request received on the socket (no origin) matches any interaction, in recorded order")
    func socketRequestMatchesAny() {
        let playback = Self.twoHosts()
        #expect(Support.bodyText(of: playback.plan(for: Self.request("GET", "/me", from: nil))) == "api me")
        #expect(Support.bodyText(of: playback.plan(for: Self.request("GET", "/me", from: nil))) == "auth me")
        #expect(Support.immediateResponse(of: playback.plan(for: Self.request("GET", "/me", from: nil)))?.status == 599)
    }

    @Test("an interaction recorded without an origin matches a request from any origin")
    func interactionWithoutOriginMatchesAny() {
        let old = Self.playback([(nil, "/me", "one"), (nil, "/me", "two")])
        #expect(Support.bodyText(of: old.plan(for: Self.request("GET", "/me", from: Self.api))) == "one")
        #expect(Support.bodyText(of: old.plan(for: Self.request("GET", "/me", from: Self.cdn))) == "two")

        // Beside interactions with origins: recorded order across both kinds.
        let mixed = Self.playback([(nil, "/me", "socket 1"), (Self.auth, "/me", "auth"), (nil, "/me", "socket 2")])
        #expect(Support.bodyText(of: mixed.plan(for: Self.request("GET", "/me", from: Self.api))) == "socket 1")
        #expect(Support.bodyText(of: mixed.plan(for: Self.request("GET", "/me", from: Self.api))) == "socket 2")
        #expect(Support.immediateResponse(of: mixed.plan(for: Self.request("GET", "/me", from: Self.api)))?.status == 599)
        #expect(Support.bodyText(of: mixed.plan(for: Self.request("GET", "/me", from: Self.auth))) == "auth")
    }

    @Test("an old fixture loaded before one with origins still answers any origin, in recorded order")
    func fixturesLoadedOneAfterTheOther() {
        let playback = Playback()
        playback.load(Support.fixture([(Self.request("GET", "/me", from: nil), Support.response("old"))]), source: "old.json")
        playback.load(
            Support.fixture([(Self.request("GET", "/me", from: Self.auth), Support.response("auth"))]), source: "new.json")
        #expect(Support.bodyText(of: playback.plan(for: Self.request("GET", "/me", from: Self.api))) == "old")
        #expect(Support.immediateResponse(of: playback.plan(for: Self.request("GET", "/me", from: Self.api)))?.status == 599)
        #expect(Support.bodyText(of: playback.plan(for: Self.request("GET", "/me", from: Self.auth))) == "auth")
    }

    @Test("repeated identical requests replay in recorded order per origin")
    func repeatedRequestsPerOrigin() {
        let playback = Self.playback([
            (Self.api, "/count", "api 1"), (Self.auth, "/count", "auth 1"),
            (Self.api, "/count", "api 2"), (Self.auth, "/count", "auth 2"),
        ])
        let answers = [Self.auth, Self.auth, Self.api, Self.api].map { origin in
            Support.bodyText(of: playback.plan(for: Self.request("GET", "/count", from: origin)))
        }
        #expect(answers == ["auth 1", "auth 2", "api 1", "api 2"])
        #expect(Support.immediateResponse(of: playback.plan(for: Self.request("GET", "/count", from: Self.auth)))?.status == 599)
    }

    @Test("with repeatLast, a used-up origin repeats its own last answer, not another origin's")
    func repeatLastPerOrigin() {
        let playback = Self.playback(
            [(Self.api, "/me", "api"), (Self.auth, "/me", "auth")],
            options: PlaybackOptions(exhaustion: .repeatLast))
        let answers = [Self.api, Self.api, Self.api].map { origin in
            Support.bodyText(of: playback.plan(for: Self.request("GET", "/me", from: origin)))
        }
        #expect(answers == ["api", "api", "api"])
    }

    @Test("HEAD falls back to the GET recorded from the same origin, and only from it")
    func headFallbackWithOrigin() {
        let playback = Self.twoHosts()
        #expect(Support.bodyText(of: playback.plan(for: Self.request("HEAD", "/me", from: Self.auth))) == "auth me")
        #expect(Support.immediateResponse(of: playback.plan(for: Self.request("HEAD", "/me", from: Self.cdn)))?.status == 599)
        #expect(Support.bodyText(of: playback.plan(for: Self.request("HEAD", "/me", from: Self.api))) == "api me")
    }

    @Test("a closure matcher sees only the interactions of the request's origin (and those without one)")
    func closureMatcherWithOrigins() {
        let matcher = RequestMatcher(name: "any path", replacing: [.path]) { _, _ in true }
        let playback = Self.playback(
            [(Self.api, "/a", "api"), (Self.auth, "/b", "auth"), (nil, "/c", "socket")],
            options: PlaybackOptions(customMatchers: [matcher]))
        #expect(Support.bodyText(of: playback.plan(for: Self.request("GET", "/x", from: Self.auth))) == "auth")
        #expect(Support.bodyText(of: playback.plan(for: Self.request("GET", "/x", from: Self.auth))) == "socket")
        #expect(Support.immediateResponse(of: playback.plan(for: Self.request("GET", "/x", from: Self.auth)))?.status == 599)
        #expect(Support.bodyText(of: playback.plan(for: Self.request("GET", "/x", from: Self.api))) == "api")
    }

    @Test("origin is a field: listed first, named in the Compared line; a closure replacing it decides instead of the origin")
    func originIsAField() throws {
        #expect(RequestMatcher.Field.allCases.map(\.description) == ["origin", "method", "path", "query", "headers", "body"])

        let strict = Self.twoHosts()
        let unmatched = try #require(Support.immediateResponse(of: strict.plan(for: Self.request("GET", "/me", from: Self.cdn))))
        #expect(String(decoding: unmatched.body, as: UTF8.self).contains("Compared: origin; method; path; query; body"))

        // Replacing the origin: the closure sees every interaction of the key, whatever its origin.
        let anyHost = RequestMatcher(name: "any host", replacing: [.origin]) { recorded, _ in recorded.origin == Self.auth }
        let lenient = Self.twoHosts(options: PlaybackOptions(customMatchers: [anyHost]))
        #expect(Support.bodyText(of: lenient.plan(for: Self.request("GET", "/me", from: Self.cdn))) == "auth me")
        #expect(Support.immediateResponse(of: lenient.plan(for: Self.request("GET", "/me", from: Self.cdn)))?.status == 599)
        let refused = try #require(Support.immediateResponse(of: lenient.plan(for: Self.request("GET", "/you", from: Self.cdn))))
        #expect(refused.status == 599)
        let text = String(decoding: refused.body, as: UTF8.self)
        #expect(text.contains("Compared: method; path; query; body; matcher “any host”"), "\(text)")
        #expect(text.contains("· origin   compared by custom matchers"), "\(text)")
    }

    @Test("a redacted value matches the real one only at the recorded origin")
    func redactedSlotsWithOrigins() {
        let secret = "sk_live_" + "Q2x9pL7vN4mK8rT1wZ6yB3cD"
        let playback = Self.playback([
            (Self.auth, "/token?api_key=REDACTED", "auth token"), (Self.api, "/token?api_key=REDACTED", "api token"),
        ])
        let target = "/token?api_key=\(secret)"
        #expect(Support.bodyText(of: playback.plan(for: Self.request("GET", target, from: Self.api))) == "api token")
        #expect(Support.immediateResponse(of: playback.plan(for: Self.request("GET", target, from: Self.cdn)))?.status == 599)
        #expect(Support.bodyText(of: playback.plan(for: Self.request("GET", target, from: Self.auth))) == "auth token")
    }

    @Test("origins compare in canonical form: case and the default port do not matter")
    func canonicalOrigins() throws {
        let playback = Self.twoHosts()
        let spelled = try #require(HTTPOrigin("HTTPS://Auth.Example.com:443"))
        #expect(Support.bodyText(of: playback.plan(for: Self.request("GET", "/me", from: spelled))) == "auth me")
        let otherPort = try #require(HTTPOrigin("https://api.example.com:8443"))
        #expect(Support.immediateResponse(of: playback.plan(for: Self.request("GET", "/me", from: otherPort)))?.status == 599)
    }
}
