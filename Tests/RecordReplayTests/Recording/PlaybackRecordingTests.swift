import RecordReplayMessages
import Foundation
import RecordReplay
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Recording through the server: what the fixture answers is replayed, the rest goes to the live API
/// (here a second stub server on loopback) and is kept.
@Suite("Recording: unmatched requests go upstream")
struct PlaybackRecordingTests {
    @Test("replays what the fixture answers, records the rest in arrival order")
    func recordsNewEpisodes() async throws {
        let upstream = StubServer()
        upstream.playback.stub(.get("/todos/*")) { request in
            StubResponse(headers: ["Content-Type": "application/json"], body: Data(#"{"path":"\#(request.path)"}"#.utf8))
        }
        try await upstream.start()
        let server = StubServer()
        server.load(
            Fixture(interactions: [
                Interaction(request: StubRequest(method: "GET", path: "/todos/1"), response: StubResponse(body: Data("recorded".utf8)))
            ]), source: "todos.json")
        server.playback.recordUnmatched(through: UpstreamForwarder.patient(upstream.baseURL))
        try await server.start()

        let (replayed, _) = try await URLSession.patient.data(from: server.url("/todos/1"))
        let (fresh, _) = try await URLSession.patient.data(from: server.url("/todos/2"))
        let (again, _) = try await URLSession.patient.data(from: server.url("/todos/3"))
        await server.stop()
        await upstream.stop()

        #expect(String(decoding: replayed, as: UTF8.self) == "recorded")
        #expect(String(decoding: fresh, as: UTF8.self) == #"{"path":"/todos/2"}"#)
        #expect(String(decoding: again, as: UTF8.self) == #"{"path":"/todos/3"}"#)
        #expect(server.playback.recordedInteractions.map(\.request.path) == ["/todos/2", "/todos/3"])
        #expect(server.journal.map(\.responder.description) == [
            "todos.json, interaction #1 (interactions[0])", "upstream (recorded)", "upstream (recorded)",
        ])
        #expect(upstream.journal.count == 2)
        #expect(server.report.findings.isEmpty)
    }

    @Test("an unreachable upstream answers 502 and fails the scope naming the request")
    func unreachableUpstream() async throws {
        let server = StubServer()
        server.playback.recordUnmatched(
            through: UpstreamForwarder(upstream: UpstreamForwarderTests.unreachable, timeout: .seconds(5)))
        try await server.start()
        let (_, response) = try await URLSession.patient.data(from: server.url("/todos"))
        await server.stop()
        #expect((response as? HTTPURLResponse)?.statusCode == 502)
        let report = server.report
        #expect(report.hasErrors)
        #expect(report.findings.contains { $0.message.contains("GET /todos could not be recorded") })
        #expect(server.playback.recordedInteractions.isEmpty)
    }
}
