import RecordReplayMessages
import Foundation
import MockTime
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

private typealias Support = PlaybackTestSupport

@Suite("Playback journal and report")
struct PlaybackJournalTests {
    @Test("every request is journaled in order with what answered it")
    func entries() throws {
        let clock = MockClock()
        let playback = Playback(clock: clock)
        playback.load(
            Support.fixture([(Support.request("GET", "/todos"), Support.response("[]"))]), source: "todos.json")
        let stub = playback.stub(.post("/todos"), with: Support.response("created", status: 201))
        _ = playback.plan(for: Support.request("GET", "/todos"))
        clock.advance(by: .seconds(3))
        _ = playback.plan(for: Support.request("POST", "/todos", headers: ["X-Trace": "7"], body: "milk"))
        _ = playback.plan(for: Support.request("GET", "/missing?x=1"))

        let journal = playback.journal
        #expect(journal.map(\.sequenceNumber) == [1, 2, 3])
        #expect(journal.map(\.responder) == [.interaction(source: "todos.json", index: 0), .stub(stub), .unmatched])
        let post = journal[1]
        #expect(post.method == "POST" && post.path == "/todos" && post.headers["x-trace"] == "7")
        #expect(post.body == Data("milk".utf8))
        #expect(post.elapsed == .seconds(3))
        #expect((post.instant as? MockClock.Instant) == clock.now)
        #expect(journal[2].query == [QueryItem(name: "x", value: "1")])
        #expect(journal[0].receivedAt <= journal[2].receivedAt)
    }

    @Test("queries by pattern, counts and the unmatched entries")
    func queries() {
        let playback = Playback()
        playback.stub(.get("/todos"), with: Support.response("[]"))
        for _ in 0..<2 { _ = playback.plan(for: Support.request("GET", "/todos")) }
        _ = playback.plan(for: Support.request("GET", "/todos/1"))
        _ = playback.plan(for: Support.request("DELETE", "/todos/1"))
        let journal = playback.journal
        #expect(journal.count(of: .get("/todos")) == 2)
        #expect(journal.count(of: .path("/todos/*")) == 2)
        #expect(journal.entries(matching: .delete("/todos/*")).map(\.sequenceNumber) == [4])
        #expect(journal.unmatched.map(\.sequenceNumber) == [3, 4])
        #expect(journal.entries.count == 4)
    }

    @Test("unused interactions are listed with their source and index, at the severity the policy gives")
    func unusedPolicy() throws {
        for (policy, severity) in [
            (PlaybackOptions.UnusedInteractionPolicy.error, PlaybackReport.Severity?.some(.error)),
            (.warning, .warning), (.ignore, nil),
        ] {
            let playback = Playback(options: PlaybackOptions(unusedInteractions: policy))
            playback.load(
                Support.fixture([
                    (Support.request("GET", "/a"), Support.response("a")),
                    (Support.request("GET", "/b"), Support.response("b")),
                ]), source: "ab.json")
            _ = playback.plan(for: Support.request("GET", "/a"))
            let report = playback.report
            #expect(report.unusedInteractions.map(\.index) == [1])
            #expect(report.unusedInteractions.first?.source == "ab.json")
            #expect(report.findings.map(\.severity) == (severity.map { [$0] } ?? []))
            #expect(report.hasErrors == (severity == .error))
            if severity != nil {
                #expect(report.description.contains("ab.json, interaction #2 (interactions[1]): GET /b"))
            }
        }
    }

    @Test("a clean run has an empty report")
    func cleanReport() {
        let playback = Playback(options: PlaybackOptions(unusedInteractions: .error))
        playback.load(Support.fixture([(Support.request("GET", "/a"), Support.response("a"))]), source: "a.json")
        _ = playback.plan(for: Support.request("GET", "/a"))
        let report = playback.report
        #expect(report.findings.isEmpty && !report.hasErrors)
        #expect(report.description == "no findings")
    }
}
