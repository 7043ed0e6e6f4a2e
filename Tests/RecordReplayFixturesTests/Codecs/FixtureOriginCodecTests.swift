@testable import RecordReplayMessages
@testable import RepositoryContractsJSON
import Foundation
import Testing

@testable import RecordReplayFixtures

/// An interaction's `origin` in the native format and in HAR: written when the interaction has one,
/// read back the same, refused with its JSON path when malformed; fixtures without origins unchanged.
@Suite("Fixtures: interaction origins")
struct FixtureOriginCodecTests {
    private static let api = HTTPOrigin("https://api.example.com")!
    private static let auth = HTTPOrigin("https://auth.example.com")!
    private static let cdn = HTTPOrigin("http://cdn.example.com:8080")!

    private static func interaction(
        _ method: String, _ path: String, origin: HTTPOrigin?, query: [QueryItem] = [], answer: String
    ) -> Interaction {
        Interaction(
            request: StubRequest(method: method, path: path, query: query, origin: origin),
            response: StubResponse(
                status: 200, headers: ["Content-Type": "text/plain"], body: Data(answer.utf8)))
    }

    /// An API host, an auth host and a CDN on a port, plus one interaction recorded through the socket.
    private static var threeOrigins: Fixture {
        Fixture(
            interactions: [
                interaction("POST", "/oauth/token", origin: auth, answer: "token"),
                interaction("GET", "/me", origin: api, query: [QueryItem(name: "fields", value: "a b")], answer: "me"),
                interaction("GET", "/avatars/1.png", origin: cdn, answer: "png"),
                interaction("GET", "/me", origin: auth, answer: "auth me"),
                interaction("GET", "/health", origin: nil, answer: "ok"),
            ], upstream: "https://api.example.com/v1")
    }

    private static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    // MARK: Native

    @Test("native: origins round-trip, written first in the request, only when present")
    func nativeRoundTrip() throws {
        let fixture = Self.threeOrigins
        let data = fixture.encoded(as: .native)
        let decoded = try Fixture(decoding: data, format: .native, source: "origins.json")
        #expect(decoded == fixture)
        #expect(decoded.interactions.map(\.request.origin) == [Self.auth, Self.api, Self.cdn, Self.auth, nil])
        #expect(decoded.encoded(as: .native) == data)
        let text = Self.text(data)
        #expect(text.contains(#"""
                  "request": {
                    "origin": "https://auth.example.com",
                    "method": "POST",
            """#))
        #expect(text.contains(#""origin": "http://cdn.example.com:8080","#))
        #expect(text.components(separatedBy: #""origin""#).count - 1 == 4, "the socket interaction has no origin member")
    }

    @Test("native: a fixture without origins writes no origin member")
    func nativeWithoutOrigins() throws {
        var fixture = Self.threeOrigins
        for index in fixture.interactions.indices { fixture.interactions[index].request.origin = nil }
        let text = Self.text(fixture.encoded(as: .native))
        #expect(!text.contains("origin"))
        #expect(try Fixture(decoding: Data(text.utf8), format: .native, source: "plain.json") == fixture)
    }

    @Test("native: origins are read in their canonical form (case, default port), and null is no origin")
    func nativeCanonicalForm() throws {
        let decoded = try Self.decodeNative(origins: [
            #""HTTPS://Auth.Example.COM:443""#, #""http://[::1]:8080""#, "null",
        ])
        #expect(decoded.interactions.map(\.request.origin) == [Self.auth, HTTPOrigin(scheme: "http", host: "::1", port: 8080), nil])
        #expect(Self.text(decoded.encoded(as: .native)).contains(#""origin": "http://[::1]:8080""#))
    }

    private static func decodeNative(origins: [String]) throws -> Fixture {
        let interactions = origins.map { origin in
            #"{"request": {"origin": \#(origin), "method": "GET", "path": "/"}, "response": {"status": 200}}"#
        }
        let document = """
            {"format": "swift-repository-contracts/fixture", "version": 1, "interactions": [
              \(interactions.joined(separator: ",\n  "))
            ]}
            """
        return try Fixture(decoding: Data(document.utf8), format: .native, source: "Fixtures/Auth/login.json")
    }

    @Test(
        "native: an invalid origin names the file, the JSON path and the reason",
        arguments: [
            (#""https://auth.example.com/v1""#, #"found "https://auth.example.com/v1""#),
            (#""https://auth.example.com/""#, #"found "https://auth.example.com/""#),
            (#""auth.example.com""#, #"found "auth.example.com""#),
            (#""https://""#, #"found "https://""#),
            (#""https://auth.example.com?x=1""#, #"found "https://auth.example.com?x=1""#),
            (#""https://user@auth.example.com""#, #"found "https://user@auth.example.com""#),
        ])
    func nativeInvalidOrigin(origin: String, found: String) throws {
        let failure = try #require(throws: FixtureError.self) {
            try Self.decodeNative(origins: ["null", "null", "null", origin])
        }
        #expect(failure.kind == .schema)
        #expect(failure.path == "$.interactions[3].request.origin")
        #expect(
            failure.description
                == "Fixtures/Auth/login.json: $.interactions[3].request.origin: expected an origin such as "
                + #""https://api.example.com" (scheme, host and optional port, nothing after them), "# + found)
    }

    @Test("native: an origin that is not a string is refused")
    func nativeOriginNotAString() throws {
        let failure = try #require(throws: FixtureError.self) { try Self.decodeNative(origins: ["443"]) }
        #expect(failure.description == "Fixtures/Auth/login.json: $.interactions[0].request.origin: expected a string, found 443")
    }

    // MARK: HAR

    private static func harRequests(_ fixture: Fixture) throws -> [[String: JSONValue]] {
        let root = try JSONValue(parsing: fixture.encoded(as: .har))
        let entries = try #require(root.harMembers?["log"]?.harMembers?["entries"]?.harElements)
        return try entries.map { try #require($0.harMembers?["request"]?.harMembers) }
    }

    @Test("HAR: an interaction with an origin is written at that origin, with _origin; one without, at the upstream")
    func harWritesOrigins() throws {
        let requests = try Self.harRequests(Self.threeOrigins)
        #expect(requests.map { $0["url"] } == [
            .string("https://auth.example.com/oauth/token"), .string("https://api.example.com/me?fields=a%20b"),
            .string("http://cdn.example.com:8080/avatars/1.png"), .string("https://auth.example.com/me"),
            .string("https://api.example.com/v1/health"),
        ])
        #expect(requests.map { $0["_origin"] } == [
            .string("https://auth.example.com"), .string("https://api.example.com"),
            .string("http://cdn.example.com:8080"), .string("https://auth.example.com"), nil,
        ])
    }

    @Test("HAR: native → HAR → native keeps every interaction's origin (three origins and a socket one)")
    func harRoundTripThreeOrigins() throws {
        let fixture = Self.threeOrigins
        let imported = try HARCodec.decode(fixture.encoded(as: .har), source: "origins.har")
        #expect(imported.notes.isEmpty)
        #expect(imported.fixture.interactions == fixture.interactions)
        #expect(imported.fixture.upstream == fixture.upstream)
        #expect(imported.fixture.encoded(as: .native) == fixture.encoded(as: .native))
    }

    @Test("HAR: a fixture whose interactions all have one explicit origin keeps it, and keeps no upstream")
    func harRoundTripOneExplicitOrigin() throws {
        let fixture = Fixture(interactions: [
            Self.interaction("GET", "/me", origin: Self.api, answer: "one"),
            Self.interaction("GET", "/me", origin: Self.api, answer: "two"),
        ])
        let har = fixture.encoded(as: .har)
        let log = try #require(try JSONValue(parsing: har).harMembers?["log"]?.harMembers)
        #expect(log["_upstream"] == .null)
        let imported = try HARCodec.decode(har, source: "one.har")
        #expect(imported.fixture == fixture)
        #expect(imported.fixture.interactions.allSatisfy { $0.request.origin == Self.api })
        #expect(imported.fixture.upstream == nil)

        // Without _origin, the same URLs read as today's single-origin HAR: an upstream, no origins.
        let foreign = Self.text(har).replacingOccurrences(of: #""_origin""#, with: #""_ignored""#)
        let plain = try HARCodec.decode(Data(foreign.utf8), source: "one.har").fixture
        #expect(plain.upstream == nil)
        #expect(plain.interactions.allSatisfy { $0.request.origin == nil })
    }

    @Test("HAR: a file whose entries share one origin reads as before: an upstream, and no interaction origin")
    func harSingleOriginUnchanged() throws {
        let text = """
            {"log": {"entries": [
              {"request": {"method": "GET", "url": "https://api.example.com/todos"}, "response": {"status": 200}},
              {"request": {"method": "GET", "url": "https://API.example.com:443/todos/1"}, "response": {"status": 200}}
            ]}}
            """
        let imported = try HARCodec.decode(Data(text.utf8), source: "capture.har")
        #expect(imported.fixture.upstream == "https://api.example.com")
        #expect(imported.fixture.interactions.map(\.request.path) == ["/todos", "/todos/1"])
        #expect(imported.fixture.interactions.allSatisfy { $0.request.origin == nil })
        #expect(imported.notes.isEmpty)
    }

    @Test("HAR: a capture from several origins gives each interaction its origin, and no upstream")
    func harSeveralOriginsGetTheirOrigins() throws {
        let text = """
            {"log": {"entries": [
              {"request": {"method": "POST", "url": "https://auth.example.com/oauth/token"}, "response": {"status": 200}},
              {"request": {"method": "GET", "url": "https://api.example.com/me?x=1"}, "response": {"status": 200}},
              {"request": {"method": "GET", "url": "https://cdn.example.com:8443/a.png"}, "response": {"status": 200}}
            ]}}
            """
        let imported = try HARCodec.decode(Data(text.utf8), source: "capture.har")
        #expect(imported.fixture.upstream == nil)
        #expect(imported.fixture.interactions.map(\.request.origin) == [
            Self.auth, Self.api, HTTPOrigin(scheme: "https", host: "cdn.example.com", port: 8443),
        ])
        #expect(imported.fixture.interactions.map(\.request.path) == ["/oauth/token", "/me", "/a.png"])
        #expect(imported.fixture.interactions[1].request.query == [QueryItem(name: "x", value: "1")])
        #expect(imported.notes.isEmpty)
    }

    @Test("native and HAR: an IPv6 origin with a port round-trips, and a capture of it reads that origin")
    func ipv6Origin() throws {
        let loopback = HTTPOrigin(scheme: "http", host: "::1", port: 8080)
        let fixture = Fixture(interactions: [
            Self.interaction("GET", "/a", origin: loopback, answer: "a"),
            Self.interaction("GET", "/b", origin: Self.api, answer: "b"),
        ])
        #expect(try Fixture(decoding: fixture.encoded(as: .native), format: .native, source: "v6.json") == fixture)
        #expect(try HARCodec.decode(fixture.encoded(as: .har), source: "v6.har").fixture == fixture)
        let foreign = Self.text(fixture.encoded(as: .har)).replacingOccurrences(of: #""_origin""#, with: #""_ignored""#)
            .replacingOccurrences(of: #""_upstream""#, with: #""_ignoredUpstream""#)
        let read = try HARCodec.decode(Data(foreign.utf8), source: "v6.har").fixture
        #expect(read.interactions.map(\.request.origin) == [loopback, Self.api])
    }

    @Test("HAR: an invalid _origin names the file, the JSON path and the reason")
    func harInvalidOrigin() throws {
        let text = """
            {"log": {"entries": [
              {"request": {"method": "GET", "url": "https://api.example.com/", "_origin": "https://api.example.com/v1"},
               "response": {"status": 200}}
            ]}}
            """
        let failure = try #require(throws: FixtureError.self) { try HARCodec.decode(Data(text.utf8), source: "capture.har") }
        #expect(failure.path == "$.log.entries[0].request._origin")
        #expect(failure.description.hasPrefix("capture.har: $.log.entries[0].request._origin: expected an origin such as"))
    }
}
