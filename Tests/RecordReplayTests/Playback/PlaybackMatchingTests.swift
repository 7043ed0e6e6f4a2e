import RecordReplayMessages
import RepositoryContractsJSON
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

private typealias Support = PlaybackTestSupport

@Suite("Playback matching")
struct PlaybackMatchingTests {
    /// Loads one interaction recorded for `recorded`, plans `received`, and says whether it matched.
    private func matches(
        recorded: StubRequest, received: StubRequest, options: PlaybackOptions = .init()
    ) -> Bool {
        let playback = Playback(options: options)
        playback.load(Support.fixture([(recorded, Support.response("hit"))]), source: "fixture.json")
        return Support.bodyText(of: playback.plan(for: received)) == "hit"
    }

    @Test("query items match in any order")
    func queryOrder() {
        #expect(
            matches(
                recorded: Support.request("GET", "/todos?a=1&b=2"), received: Support.request("GET", "/todos?b=2&a=1")))
        #expect(
            !matches(
                recorded: Support.request("GET", "/todos?a=1&b=2"), received: Support.request("GET", "/todos?a=2&b=1")))
    }

    @Test("query items are a multiset: repeated items count")
    func queryMultiset() {
        #expect(
            matches(
                recorded: Support.request("GET", "/t?tag=x&tag=y"), received: Support.request("GET", "/t?tag=y&tag=x")))
        #expect(
            !matches(recorded: Support.request("GET", "/t?tag=x&tag=x"), received: Support.request("GET", "/t?tag=x")))
    }

    @Test("an item without a value differs from an item with an empty value")
    func nilVersusEmptyValue() {
        #expect(!matches(recorded: Support.request("GET", "/t?flag"), received: Support.request("GET", "/t?flag=")))
        #expect(matches(recorded: Support.request("GET", "/t?flag"), received: Support.request("GET", "/t?flag")))
    }

    @Test("percent-encoding: hex case and encoded unreserved characters are normalised, reserved ones kept")
    func pathPercentEncoding() {
        #expect(
            matches(recorded: Support.request("GET", "/files/a%2fb"), received: Support.request("GET", "/files/a%2Fb")))
        #expect(
            matches(
                recorded: Support.request("GET", "/%7Euser/caf%C3%A9"),
                received: Support.request("GET", "/~user/café")))
        #expect(matches(recorded: Support.request("GET", "/a%2Db"), received: Support.request("GET", "/a-b")))
        // An encoded slash is data, not a separator.
        #expect(
            !matches(recorded: Support.request("GET", "/files/a%2Fb"), received: Support.request("GET", "/files/a/b")))
    }

    @Test("method is case-sensitive and a trailing slash is significant")
    func methodAndTrailingSlash() {
        #expect(!matches(recorded: Support.request("GET", "/todos"), received: Support.request("get", "/todos")))
        #expect(!matches(recorded: Support.request("GET", "/todos"), received: Support.request("GET", "/todos/")))
    }

    @Test("JSON bodies match by value: member order, whitespace and number lexemes do not matter")
    func jsonSemantic() {
        let recorded = Support.json("POST", "/todos", #"{"title":"Buy milk","done":false,"priority":1.0}"#)
        #expect(
            matches(
                recorded: recorded,
                received: Support.json("POST", "/todos", #"{ "priority": 1, "done": false, "title": "Buy milk" }"#)))
        #expect(
            matches(
                recorded: recorded,
                received: Support.json("POST", "/todos", #"{"priority":10e-1,"title":"Buy milk","done":false}"#)))
        #expect(
            !matches(
                recorded: recorded,
                received: Support.json("POST", "/todos", #"{"title":"Buy milk","done":true,"priority":1}"#)))
    }

    @Test("array order in JSON matters")
    func jsonArrayOrder() {
        #expect(
            !matches(recorded: Support.json("PUT", "/order", "[1,2]"), received: Support.json("PUT", "/order", "[2,1]"))
        )
    }

    @Test("bodies that look like JSON on both sides match semantically without a JSON Content-Type")
    func jsonWithoutContentType() {
        #expect(
            matches(
                recorded: Support.request("POST", "/x", body: #"{"a":1,"b":2}"#),
                received: Support.request(
                    "POST", "/x", headers: ["Content-Type": "text/plain"], body: #"{"b":2, "a":1}"#)))
    }

    @Test("other bodies match byte for byte")
    func bytesBody() {
        let headers: HTTPHeaders = ["Content-Type": "text/plain"]
        #expect(
            matches(
                recorded: Support.request("POST", "/x", headers: headers, body: "a b"),
                received: Support.request("POST", "/x", headers: headers, body: "a b")))
        #expect(
            !matches(
                recorded: Support.request("POST", "/x", headers: headers, body: "a b"),
                received: Support.request("POST", "/x", headers: headers, body: "a  b")))
    }

    @Test("form bodies match in any field order, with + and %20 both read as a space")
    func formBody() {
        let form: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"]
        #expect(
            matches(
                recorded: Support.request("POST", "/login", headers: form, body: "user=ann+lee&remember=1"),
                received: Support.request("POST", "/login", headers: form, body: "remember=1&user=ann%20lee")))
        #expect(
            !matches(
                recorded: Support.request("POST", "/login", headers: form, body: "user=ann&remember=1"),
                received: Support.request("POST", "/login", headers: form, body: "user=ann&remember=0")))
    }

    @Test("headers are ignored unless named in matchedHeaders; names then compare case-insensitively")
    func headersOptIn() {
        let recorded = Support.request("GET", "/me", headers: ["X-Tenant": "blue", "User-Agent": "a"])
        let received = Support.request("GET", "/me", headers: ["x-tenant": "green", "User-Agent": "b"])
        #expect(matches(recorded: recorded, received: received))
        let options = PlaybackOptions(matchedHeaders: ["X-TENANT"])
        #expect(!matches(recorded: recorded, received: received, options: options))
        #expect(
            matches(
                recorded: recorded, received: Support.request("GET", "/me", headers: ["x-tenant": "blue"]),
                options: options))
    }

    @Test("ignored query items and JSON paths do not take part in matching")
    func ignoreLists() {
        let options = PlaybackOptions(customMatchers: [
            .ignoringQueryItems(["cacheBuster"]), .ignoringJSONPaths(["$.sentAt", "$.items[*].id"]),
        ])
        #expect(
            matches(
                recorded: Support.request("GET", "/t?page=1&cacheBuster=111"),
                received: Support.request("GET", "/t?cacheBuster=222&page=1"), options: options))
        #expect(
            matches(
                recorded: Support.json("POST", "/batch", #"{"sentAt":"09:00","items":[{"id":"a","n":1}]}"#),
                received: Support.json("POST", "/batch", #"{"items":[{"n":1,"id":"b"}],"sentAt":"10:00"}"#),
                options: options))
        #expect(
            matches(
                recorded: Support.json("POST", "/batch", #"{"sent at":1,"meta":{"a":1,"b":2},"list":[0,1]}"#),
                received: Support.json("POST", "/batch", #"{"sent at":2,"meta":{"c":3},"list":[9,1]}"#),
                options: PlaybackOptions(customMatchers: [
                    .ignoringJSONPaths(["$['sent at']", "$.meta.*", "$.list[0]"])
                ])))
        #expect(
            !matches(
                recorded: Support.json("POST", "/batch", #"{"items":[{"id":"a","n":1}]}"#),
                received: Support.json("POST", "/batch", #"{"items":[{"id":"a","n":2}]}"#), options: options))
    }

    @Test("a closure matcher is an extra condition, and can replace a field's comparison")
    func closureMatcher() {
        let sameTenant = RequestMatcher(name: "same tenant") { recorded, received in
            recorded.headers["X-Tenant"] == received.headers["X-Tenant"]
        }
        let options = PlaybackOptions(customMatchers: [sameTenant])
        #expect(
            !matches(
                recorded: Support.request("GET", "/me", headers: ["X-Tenant": "a"]),
                received: Support.request("GET", "/me", headers: ["X-Tenant": "b"]), options: options))
        #expect(
            matches(
                recorded: Support.request("GET", "/me", headers: ["X-Tenant": "a"]),
                received: Support.request("GET", "/me", headers: ["X-Tenant": "a"]), options: options))

        let anyBodyLength = RequestMatcher(name: "same body length", replacing: [.body]) { recorded, received in
            recorded.body.count == received.body.count
        }
        #expect(
            matches(
                recorded: Support.request("POST", "/upload", body: "aaaa"),
                received: Support.request("POST", "/upload", body: "bbbb"),
                options: PlaybackOptions(customMatchers: [anyBodyLength])))
    }

    @Test("an invalid JSONPath is reported as an error")
    func invalidJSONPath() {
        let playback = Playback(options: PlaybackOptions(customMatchers: [.ignoringJSONPaths(["items[0]"])]))
        let report = playback.report
        #expect(report.hasErrors)
        #expect(report.description.contains(#"invalid JSONPath "items[0]""#))
    }
}
