import BenchSupport
import Foundation
@_spi(Benchmarks) import RecordReplay

/// The root package's `StubServer` serving the job from a one-interaction fixture: `GET /todos/1`
/// recorded with the Todo body, replayed for every request (repeat-last), and 404 for anything the
/// fixture does not match. The journal keeps the latest 10,000 requests, as `repo-contracts serve` does.
enum StubVariant {
    struct Running: RunningServer {
        let server: StubServer
        var port: UInt16 { server.port }

        func stop() async { await server.stop() }
    }

    /// Starts the server; with `recordedLatency`, the interaction carries it and the playback replays it.
    static func start(port: UInt16, recordedLatency: Duration? = nil) async throws -> Running {
        let server = StubServer(
            StubServer.Configuration(
                server: ServerOptions(port: port),
                playback: PlaybackOptions(
                    exhaustion: .repeatLast, unusedInteractions: .ignore, unmatchedStatus: 404, journalLimit: 10_000,
                    replaysRecordedLatency: recordedLatency != nil)))
        var fixture = fixture
        fixture.interactions[0].latency = recordedLatency
        server.load(fixture, source: "bench-todos.json")
        try await server.start()
        return Running(server: server)
    }

    /// One recorded exchange: `GET /todos/1` → 200 with the Todo body.
    static let fixture = Fixture(
        interactions: [
            Interaction(
                request: StubRequest(method: "GET", path: "/todos/1", headers: ["Accept": "application/json"]),
                response: StubResponse(
                    status: 200, headers: ["Content-Type": "application/json"], body: Data(TodoBody.bytes)))
        ],
        upstream: "https://api.example.com")
}
