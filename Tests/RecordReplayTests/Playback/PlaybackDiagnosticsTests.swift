@testable import RecordReplayMessages
import Foundation
import Testing

@_spi(Benchmarks) @testable import RecordReplay
@_spi(Benchmarks) @testable import RecordReplayFixtures
@_spi(Benchmarks) @testable import RecordReplayRedaction
@_spi(Benchmarks) @testable import RecordReplayWire
import RepositoryContractsTestSupport

private typealias Support = PlaybackTestSupport

@Suite("Playback unmatched-request diagnostics")
struct PlaybackDiagnosticsTests {
    private func diagnostic(
        _ playback: Playback, for request: StubRequest, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let plan = playback.plan(for: request)
        let response = try #require(Support.immediateResponse(of: plan), sourceLocation: sourceLocation)
        #expect(response.status == 599, sourceLocation: sourceLocation)
        #expect(response.headers["X-Stub-Unmatched"] == "1", sourceLocation: sourceLocation)
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(playback.report.unmatchedRequests.last?.diagnostic == text, sourceLocation: sourceLocation)
        return text
    }

    private func todoFixture(options: PlaybackOptions = PlaybackOptions()) -> Playback {
        let playback = Playback(options: options)
        playback.load(
            Support.fixture([
                (Support.request("GET", "/todos?list=work&page=2"), Support.response("page")),
                (
                    Support.json("POST", "/todos?list=home", #"{"title":"Buy milk","done":false}"#),
                    Support.response("one")
                ),
                (
                    Support.json("POST", "/todos?list=home", #"{"title":"Walk dog","done":true,"tags":["x"]}"#),
                    Support.response("two")
                ),
                (Support.request("DELETE", "/todos/7"), Support.response("", status: 204)),
            ]), source: "Fixtures/todos.json")
        return playback
    }

    @Test("the closest recorded request is chosen among several and its JSON body diff names the path")
    func closestJSONCandidate() throws {
        let text = try diagnostic(
            todoFixture(), for: Support.json("POST", "/todos?list=home", #"{"done":false,"title":"Buy oat milk"}"#))
        #expect(text.hasPrefix("Unmatched request #1: POST /todos?list=home\n"))
        let first = try #require(
            text.range(of: "1. Fixtures/todos.json, interaction #2 (interactions[1]): POST /todos?list=home"))
        let second = try #require(text.range(of: "2. Fixtures/todos.json, interaction #3 (interactions[2])"))
        #expect(first.lowerBound < second.lowerBound)
        #expect(text.contains("✓ method   POST"))
        #expect(text.contains("✓ path     /todos"))
        #expect(text.contains(#"✓ query    list="home""#))
        #expect(text.contains("✗ body     JSON differs at 1 path:"))
        #expect(text.contains(#"$.title: recorded "Buy milk", received "Buy oat milk""#))
        #expect(text.contains(#"Hint: only the JSON body differs"#))
        #expect(text.contains(#"ignoringJSONPaths(["$.title"])"#))
    }

    @Test("query differences list missing, extra and changed items")
    func queryDiff() throws {
        let text = try diagnostic(todoFixture(), for: Support.request("GET", "/todos?list=home&cacheBuster=9"))
        #expect(text.contains("1. Fixtures/todos.json, interaction #1 (interactions[0]): GET /todos?list=work&page=2"))
        #expect(text.contains("✗ query"))
        #expect(text.contains(#"changed list: recorded "work", received "home""#))
        #expect(text.contains(#"missing page="2" — recorded only"#))
        #expect(text.contains(#"extra cacheBuster="9" — received only"#))
        #expect(text.contains(#"ignoringQueryItems(["list", "page", "cacheBuster"])"#))
    }

    @Test("method and path differences are shown with both sides")
    func methodAndPathDiff() throws {
        let methodText = try diagnostic(todoFixture(), for: Support.request("GET", "/todos/7"))
        #expect(methodText.contains("1. Fixtures/todos.json, interaction #4 (interactions[3]): DELETE /todos/7"))
        #expect(methodText.contains("✗ method   recorded DELETE, received GET"))
        #expect(methodText.contains("Hint: this path was recorded with method DELETE, not GET"))

        let pathText = try diagnostic(todoFixture(), for: Support.request("DELETE", "/todos/7/"))
        #expect(pathText.contains("✗ path     recorded /todos/7, received /todos/7/"))
        #expect(pathText.contains("trailing slash"))
    }

    @Test("missing and extra JSON members are named by path")
    func jsonMembers() throws {
        let text = try diagnostic(
            todoFixture(),
            for: Support.json(
                "POST", "/todos?list=home", #"{"title":"Walk dog","done":true,"tags":["x","y"],"due":null}"#))
        #expect(text.contains("1. Fixtures/todos.json, interaction #3"))
        #expect(text.contains(#"$.tags[1]: recorded (absent), received "y""#))
        #expect(text.contains("$.due: recorded (absent), received null"))
    }

    @Test("odd member names are written [\"name\"], as the drift check writes them; array lengths are not listed")
    func oddMemberNames() throws {
        let playback = Playback()
        playback.load(
            Support.fixture([
                (Support.json("POST", "/refs", #"{"$ref":"r/a","due date":1,"list":[1]}"#), Support.response("ok"))
            ]), source: "refs.json")
        let text = try diagnostic(
            playback, for: Support.json("POST", "/refs", #"{"$ref":"r/b","due date":1,"list":[1,2]}"#))
        #expect(text.contains("✗ body     JSON differs at 2 paths:"))
        #expect(text.contains(#"$["$ref"]: recorded "r/a", received "r/b""#))
        #expect(text.contains("$.list[1]: recorded (absent), received 2"))
        #expect(text.contains(#"RequestMatcher.ignoringJSONPaths(["$[\"$ref\"]", "$.list[1]"])"#))
    }

    @Test("matched headers and the custom matcher that said no are named")
    func headersAndMatcher() throws {
        let sameTenant = RequestMatcher(name: "same tenant") { $0.headers["X-Tenant"] == $1.headers["X-Tenant"] }
        let playback = Playback(options: PlaybackOptions(matchedHeaders: ["Accept"], customMatchers: [sameTenant]))
        playback.load(
            Support.fixture([
                (
                    Support.request("GET", "/me", headers: ["Accept": "application/json", "X-Tenant": "a"]),
                    Support.response("me")
                )
            ]), source: "me.json")
        let text = try diagnostic(
            playback, for: Support.request("GET", "/me", headers: ["accept": "application/json", "X-Tenant": "b"]))
        #expect(text.contains(#"✓ header   Accept: "application/json""#))
        #expect(text.contains("✗ matcher  “same tenant” said no"))
        #expect(text.contains("Compared: method; path; query; body; headers Accept; matcher “same tenant”"))
        #expect(text.contains("custom matcher “same tenant” rejects the request"))

        let headerText = try diagnostic(playback, for: Support.request("GET", "/me", headers: ["X-Tenant": "a"]))
        #expect(headerText.contains(#"✗ header   Accept: recorded "application/json", received (absent)"#))
    }

    @Test("the request's headers and the start of its body are shown; the rest is named by size and SHA-256")
    func requestShown() throws {
        let playback = todoFixture()
        let long = String(repeating: "0123456789", count: 1_000)
        let text = try diagnostic(
            playback, for: Support.request("PUT", "/notes/1", headers: ["Content-Type": "text/plain"], body: long))
        #expect(text.contains("  Content-Type: text/plain"))
        #expect(text.contains("body, 10000 bytes:"))
        #expect(text.contains(String(long.prefix(DiagnosticText.shownBodyBytes))))
        #expect(!text.contains(String(long.prefix(DiagnosticText.shownBodyBytes + 1))))
        #expect(
            text.contains(
                "… (7952 more bytes; the whole body is 10000 bytes, "
                    + "SHA-256 4c207598af7a20db0e3334dd044399a40e467cb81b37f7ba05a4f76dcbd8fd59)"))

        var binary = StubRequest(method: "PUT", path: "/blob")
        binary.body = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let binaryText = try diagnostic(playback, for: binary)
        #expect(binaryText.contains("(binary, base64)"))
        #expect(
            binaryText.contains(
                "… (8976 more bytes; the whole body is 10000 bytes, "
                    + "SHA-256 1960fc83dfe55d502c2c17295c2aacdb2cb91b4bf5df44a8a47eafda65c604b8)"))
    }

    @Test("a huge unmatched request costs a few KB of diagnostic: body, header, path and form fields are clipped")
    func hugeRequestsAreClipped() throws {
        let playback = todoFixture()
        let form = (0..<2_000).map { "field\($0)=\(String(repeating: "v", count: 3))" }.joined(separator: "&")
        var request = Support.request(
            "POST", "/todos/" + String(repeating: "p", count: 20_000),
            headers: ["Content-Type": "application/x-www-form-urlencoded", "X-Big": String(repeating: "h", count: 50_000)],
            body: form)
        request.query = (0..<2_000).map { QueryItem(name: "q\($0)", value: String(repeating: "x", count: 100)) }
        let text = try diagnostic(playback, for: request)
        #expect(text.utf8.count < 16_384, "the diagnostic is \(text.utf8.count) bytes")
        #expect(text.contains("more characters"))
        #expect(text.contains("… and 1980 more"))
    }

    @Test("the journal and the report keep a large body's start and its size, not the whole body")
    func largeBodiesAreNotKept() throws {
        let limit = 4_096
        let playback = todoFixture(options: PlaybackOptions(journalBodyLimit: limit))
        let body = Data(repeating: UInt8(ascii: "z"), count: 20_000)
        var request = StubRequest(method: "POST", path: "/upload", headers: ["Content-Type": "text/plain"])
        request.body = body
        let text = try diagnostic(playback, for: request)
        #expect(text.utf8.count < 8_192)
        let entry = try #require(playback.journal.entries.last)
        #expect(entry.body.count == limit)
        #expect(entry.bodyByteCount == body.count)
        #expect(entry.isBodyCut)
        #expect(playback.report.unmatchedRequests.last?.request.body.count == limit)
        #expect(PlaybackOptions().journalBodyLimit == 1 << 20)

        let small = Support.request("PUT", "/notes/1", headers: ["Content-Type": "text/plain"], body: "short")
        _ = playback.plan(for: small)
        #expect(playback.journal.entries.last?.body == Data("short".utf8))
        #expect(playback.journal.entries.last?.isBodyCut == false)
    }

    @Test("SHA-256 gives the standard digests")
    func sha256() {
        #expect(SHA256Digest.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256Digest.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256Digest.hex(Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("with nothing loaded, the diagnostic says so")
    func nothingLoaded() throws {
        let text = try diagnostic(Playback(), for: Support.request("GET", "/"))
        #expect(text.contains("No recorded interaction is loaded."))
        #expect(text.contains("Hint: nothing is loaded"))
    }

    @Test("at most three candidates are listed, and stubs that exist are named")
    func candidateLimitAndStubs() throws {
        let playback = Playback()
        playback.load(
            Support.fixture((1...6).map { (Support.request("GET", "/items/\($0)"), Support.response("\($0)")) }),
            source: "items.json")
        playback.stub(.get("/other"), with: Support.response("other"))
        let text = try diagnostic(playback, for: Support.request("GET", "/items/0"))
        #expect(text.contains("Closest recorded requests (3 of 6):"))
        #expect(text.contains("3. items.json"))
        #expect(!text.contains("4. items.json"))
        #expect(text.contains("Stubs (none matched): stub #1 (GET /other)"))
    }
}
