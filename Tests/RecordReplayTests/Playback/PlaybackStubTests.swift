import Foundation
import RepositoryContractsPrimitives
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

private typealias Support = PlaybackTestSupport

@Suite("Playback programmable stubs")
struct PlaybackStubTests {
    private struct Refusal: Error, CustomStringConvertible {
        var description: String { "database is read-only" }
    }

    @Test("a stub answers before a fixture, and the newest matching stub wins")
    func precedence() {
        let playback = Playback()
        playback.load(
            Support.fixture([(Support.request("GET", "/todos"), Support.response("recorded"))]), source: "todos.json")
        let older = playback.stub(.path("/todos"), with: Support.response("older"))
        #expect(Support.bodyText(of: playback.plan(for: Support.request("GET", "/todos"))) == "older")
        let newer = playback.stub(.get("/todos"), with: Support.response("newer"))
        #expect(Support.bodyText(of: playback.plan(for: Support.request("GET", "/todos"))) == "newer")
        playback.removeStub(newer)
        playback.removeStub(older)
        #expect(Support.bodyText(of: playback.plan(for: Support.request("GET", "/todos"))) == "recorded")
        #expect(
            playback.journal.map(\.responder) == [
                .stub(older), .stub(newer), .interaction(source: "todos.json", index: 0),
            ])
    }

    @Test("a stub with a use limit steps aside once used up")
    func timesLimit() {
        let playback = Playback()
        playback.stub(.get("/flaky"), with: Support.response("fallback"))
        playback.stub(.get("/flaky"), times: 2, with: Support.response("limited"))
        let bodies = (0..<3).map { _ in Support.bodyText(of: playback.plan(for: Support.request("GET", "/flaky"))) }
        #expect(bodies == ["limited", "limited", "fallback"])
    }

    @Test("a stateful closure makes a fake API without any fixture")
    func statefulFake() async {
        let playback = Playback()
        let titles = Protected<[String]>([])
        playback.stub(.post("/todos")) { request in
            let title = String(decoding: request.body, as: UTF8.self)
            titles.withLock { $0.append(title) }
            return Support.response(title, status: 201)
        }
        playback.stub(.get("/todos")) { _ in Support.response(titles.withLock { $0 }.joined(separator: ",")) }
        _ = await Support.response(of: playback.plan(for: Support.request("POST", "/todos", body: "milk")))
        _ = await Support.response(of: playback.plan(for: Support.request("POST", "/todos", body: "eggs")))
        let list = await Support.response(of: playback.plan(for: Support.request("GET", "/todos")))
        #expect(list.map { String(decoding: $0.body, as: UTF8.self) } == "milk,eggs")
        #expect(playback.report.findings.isEmpty)
    }

    @Test("a throwing closure answers 500 with the error, and the report has it")
    func throwingClosure() async throws {
        let playback = Playback()
        let id = playback.stub(.delete("/todos/*")) { _ in throw Refusal() }
        let response = try #require(
            await Support.response(of: playback.plan(for: Support.request("DELETE", "/todos/3"))))
        #expect(response.status == 500)
        #expect(String(decoding: response.body, as: UTF8.self).contains("database is read-only"))
        let report = playback.report
        #expect(report.stubFailures.map(\.stub) == [id])
        #expect(report.stubFailures.first?.error == "database is read-only")
        #expect(report.hasErrors)
        #expect(
            report.description.contains("stub #1 (DELETE /todos/*) threw while answering request #1 DELETE /todos/3"))
    }

    @Test("patterns: wildcards, prefixes, query subsets, headers and predicates")
    func patterns() {
        let request = Support.request(
            "GET", "/api/v1/todos/42?done=true&page=1", headers: ["Authorization": "Bearer x"], body: "")
        #expect(RequestPattern.get("/api/v1/todos/*").matches(request))
        #expect(RequestPattern.path("/api/**").matches(request))
        #expect(RequestPattern.get("/api/v1/todos/42?page=1").matches(request))
        #expect(!RequestPattern.get("/api/v1/todos/42?page=2").matches(request))
        #expect(RequestPattern.get("/api/v1/todos/42").query(named: "done").header("authorization").matches(request))
        #expect(!RequestPattern.get("/api/v1/todos/42").header("Authorization", "Bearer y").matches(request))
        #expect(!RequestPattern.get("/api/*").matches(request))
        #expect(!RequestPattern.post("/api/v1/todos/42").matches(request))
        #expect(RequestPattern.any.matches(request))
        #expect(RequestPattern.matching("has a token") { $0.headers["Authorization"] != nil }.matches(request))
        #expect(!RequestPattern.method("GET", "/api/v1/todos/42").body { !$0.isEmpty }.matches(request))
        #expect(RequestPattern.get("/api/v1/todos/*?done=true").description == #"GET /api/v1/todos/* ?done="true""#)
    }
}
