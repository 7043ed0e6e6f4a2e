import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

private typealias Support = PlaybackTestSupport

@Suite("Playback replay order and exhaustion")
struct PlaybackReplayOrderTests {
    private func threeListings(options: PlaybackOptions = .init()) -> Playback {
        let playback = Playback(options: options)
        let list = Support.request("GET", "/todos")
        playback.load(
            Support.fixture([
                (list, Support.response("[]")),
                (Support.json("POST", "/todos", #"{"title":"a"}"#), Support.response("created", status: 201)),
                (list, Support.response(#"["a"]"#)),
            ]), source: "todos.json")
        return playback
    }

    @Test("repeated identical requests replay their interactions in recorded order")
    func recordedOrder() {
        let playback = threeListings()
        #expect(Support.bodyText(of: playback.plan(for: Support.request("GET", "/todos"))) == "[]")
        #expect(
            Support.bodyText(of: playback.plan(for: Support.json("POST", "/todos", #"{"title":"a"}"#))) == "created")
        #expect(Support.bodyText(of: playback.plan(for: Support.request("GET", "/todos"))) == #"["a"]"#)
        let responders = playback.journal.map(\.responder)
        #expect(
            responders == [
                .interaction(source: "todos.json", index: 0), .interaction(source: "todos.json", index: 1),
                .interaction(source: "todos.json", index: 2),
            ])
    }

    @Test("a request made more often than recorded is unmatched, naming the used-up interactions")
    func exhaustion() throws {
        let playback = Playback()
        playback.load(
            Support.fixture([(Support.request("DELETE", "/todos/1"), Support.response("", status: 204))]),
            source: "delete.json")
        _ = playback.plan(for: Support.request("DELETE", "/todos/1"))
        let plan = playback.plan(for: Support.request("DELETE", "/todos/1"))
        let response = try #require(Support.immediateResponse(of: plan))
        #expect(response.status == 599)
        #expect(response.headers["X-Stub-Unmatched"] == "1")
        let text = try #require(Support.bodyText(of: plan))
        #expect(
            text.contains(
                "Matched recorded interaction #1 (delete.json, interactions[0]) but it was already used (1 of 1 used).")
        )
        #expect(text.contains(".repeatLast"))
        #expect(playback.report.unmatchedRequests.map(\.sequenceNumber) == [2])
    }

    @Test("exhaustion of several interactions counts them all")
    func exhaustionOfSeveral() throws {
        let playback = threeListings()
        for _ in 0..<2 { _ = playback.plan(for: Support.request("GET", "/todos")) }
        let text = try #require(Support.bodyText(of: playback.plan(for: Support.request("GET", "/todos"))))
        #expect(text.contains("Matched 2 recorded interactions but they were all already used (2 of 2 used)"))
        #expect(text.contains("todos.json, interaction #3 (interactions[2])"))
    }

    @Test(".repeatLast replays the last matching response once the queue is used up")
    func repeatLast() {
        let playback = threeListings(options: PlaybackOptions(exhaustion: .repeatLast))
        let bodies = (0..<4).map { _ in Support.bodyText(of: playback.plan(for: Support.request("GET", "/todos"))) }
        #expect(bodies == ["[]", #"["a"]"#, #"["a"]"#, #"["a"]"#])
        #expect(playback.journal.unmatched.isEmpty)
    }

    @Test("interactions of several fixtures queue in load order")
    func severalFixtures() {
        let playback = Playback()
        playback.load(Support.fixture([(Support.request("GET", "/ping"), Support.response("first"))]), source: "a.json")
        playback.load(
            Support.fixture([(Support.request("GET", "/ping"), Support.response("second"))]), source: "b.json")
        #expect(Support.bodyText(of: playback.plan(for: Support.request("GET", "/ping"))) == "first")
        #expect(Support.bodyText(of: playback.plan(for: Support.request("GET", "/ping"))) == "second")
        #expect(playback.journal.last?.responder == .interaction(source: "b.json", index: 0))
    }

    @Test("with a closure matcher, replay still follows recorded order among the accepted interactions")
    func orderWithClosureMatcher() {
        let sameTenant = RequestMatcher(name: "same tenant") { $0.headers["X-Tenant"] == $1.headers["X-Tenant"] }
        let playback = Playback(options: PlaybackOptions(customMatchers: [sameTenant]))
        let blue = Support.request("GET", "/me", headers: ["X-Tenant": "blue"])
        let green = Support.request("GET", "/me", headers: ["X-Tenant": "green"])
        playback.load(
            Support.fixture([
                (blue, Support.response("blue 1")), (green, Support.response("green 1")),
                (blue, Support.response("blue 2")),
            ]), source: "me.json")
        #expect(Support.bodyText(of: playback.plan(for: blue)) == "blue 1")
        #expect(Support.bodyText(of: playback.plan(for: blue)) == "blue 2")
        #expect(Support.bodyText(of: playback.plan(for: green)) == "green 1")
        #expect(Support.immediateResponse(of: playback.plan(for: blue))?.status == 599)
    }
}
