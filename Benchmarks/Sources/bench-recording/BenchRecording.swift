import BenchSupport
import Dispatch
import Foundation
import RecordReplay

/// `bench-recording [--rounds N] [--requests N] [--loads none,threads,pool] [--connections new,kept]`
///
/// What recording adds to each request, beside nothing, beside two busy plain threads, and beside two
/// busy Swift-pool tasks (CPU in 5 ms slices, then `Task.yield()`, as test suites keep the pool busy).
///
/// The live API is a `StubServer` replaying `GET /todos/1` (1,024 bytes) on loopback. A client on a
/// plain thread sends N sequential requests, each on a new connection (`new`), or all on one kept-alive
/// connection as `URLSession` does (`kept`):
/// - **A**: straight to the live API;
/// - **B**: to a recording `StubServer` (`Recording(mode: .all, upstream:)`, `loadFixture(named:)` in a
///   temporary folder), which forwards each to the live API and keeps the exchange;
/// - **A′**: straight to the live API again, the A/A control.
/// The harness's own time per recorded request is (B − A) / N; (A′ − A) / N shows the machine's drift.
/// The recorder opens a new connection to the live API for each request, so with `kept` B − A also holds
/// the connection set-up a forward costs (on the live API's side too).
/// Rounds interleave A, B, A′. Prints a Markdown table of medians, with min–max.
@main
struct BenchRecording {
    static func main() async {
        do {
            let arguments = try Arguments()
            let rounds = try arguments.integer("rounds", default: 5)
            let requests = try arguments.integer("requests", default: 2_000)
            let loads = (arguments.string("loads") ?? "none,threads,pool").split(separator: ",").map(String.init)
            let connections = (arguments.string("connections") ?? "new,kept").split(separator: ",").map(String.init)
            guard connections.allSatisfy({ ["new", "kept"].contains($0) }) else {
                throw UsageError("--connections takes new, kept or both")
            }
            let upstream = try await liveAPI()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bench-recording-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }

            print("| beside | client connections | direct µs/request (A) | through the recorder µs/request (B) | harness µs/request (B − A) | A/A control µs (A′ − A) |")
            print("|---|---|---|---|---|---|")
            for load in loads {
                for kept in connections.map({ $0 == "kept" }) {
                    let background = try Load(load)
                    defer { background.stop() }
                    let row = try await measure(
                        rounds: rounds, requests: requests, kept: kept, upstream: upstream, folder: folder, name: load)
                    print("| \(background.name) | \(kept ? "one, kept alive" : "new per request") | \(row) |")
                }
            }
            await upstream.stop()
        } catch {
            emitError("bench-recording: \(error)")
            exit(1)
        }
    }

    /// Rounds of A, B and A′ with `requests` each; the table cells of their medians.
    static func measure(
        rounds: Int, requests: Int, kept: Bool, upstream: StubServer, folder: URL, name: String
    ) async throws -> String {
        var direct: [Double] = [], recorded: [Double] = [], harness: [Double] = [], control: [Double] = []
        for round in 0..<rounds {
            let a = try perRequest(requests, port: upstream.port, kept: kept)
            let recorder = try await recordingServer(upstream: upstream, folder: folder, name: "\(name)-\(kept)-\(round)")
            let b = try perRequest(requests, port: recorder.port, kept: kept)
            await recorder.stop()
            let aPrime = try perRequest(requests, port: upstream.port, kept: kept)
            direct.append(a)
            recorded.append(b)
            harness.append(b - a)
            control.append(aPrime - a)
        }
        return [direct, recorded, harness, control].map(summary).joined(separator: " | ")
    }

    /// The live API: `GET /todos/1` answered with the 1 KB Todo, again and again.
    static func liveAPI() async throws -> StubServer {
        let server = StubServer(.init(playback: PlaybackOptions(exhaustion: .repeatLast)))
        server.load(
            Fixture(interactions: [
                Interaction(
                    request: StubRequest(method: "GET", path: "/todos/1"),
                    response: StubResponse(headers: ["Content-Type": "application/json"], body: Data(TodoBody.bytes)))
            ]), source: "live.json")
        try await server.start()
        return server
    }

    /// A server that records everything from `upstream` into `folder/name.json`.
    static func recordingServer(upstream: StubServer, folder: URL, name: String) async throws -> StubServer {
        let server = StubServer(
            .init(
                fixtureDirectory: folder,
                recording: Recording(mode: .all, upstream: URL(string: "http://127.0.0.1:\(upstream.port)")!)))
        try server.loadFixture(named: name)
        try await server.start()
        return server
    }

    /// The mean wall time of `count` sequential `GET /todos/1` to `port`, in microseconds, from this thread:
    /// each on a new connection, or all on one kept alive.
    static func perRequest(_ count: Int, port: UInt16, kept: Bool) throws -> Double {
        let client = kept ? KeepAliveClient(port: port) : nil
        if kept && client == nil { throw UsageError("cannot connect to port \(port)") }
        let start = ContinuousClock.now
        for _ in 0..<count {
            let reply = client.map { $0.get("/todos/1") } ?? Loopback.getBlocking(port: port, path: "/todos/1")
            guard let reply, reply.status == 200, reply.body == TodoBody.bytes else {
                throw UsageError("a request to port \(port) did not get the 1 KB Todo")
            }
        }
        return (ContinuousClock.now - start).nanoseconds / 1_000 / Double(count)
    }

    static func summary(_ samples: [Double]) -> String {
        "\(formatted(Statistics.median(samples), decimals: 0)) (\(formatted(samples.min() ?? 0, decimals: 0))–\(formatted(samples.max() ?? 0, decimals: 0)))"
    }
}

/// What runs beside the measurement: nothing, two busy plain threads, or two busy Swift-pool tasks.
final class Load: @unchecked Sendable {
    let name: String
    private let lock = NSLock()
    private var running = true

    init(_ kind: String) throws {
        switch kind {
        case "none":
            name = "nothing"
        case "threads":
            name = "2 busy plain threads"
            for _ in 0..<2 {
                Thread.detachNewThread { [self] in
                    while isRunning { Self.spin(.milliseconds(5)) }
                }
            }
        case "pool":
            name = "2 busy pool tasks (5 ms slices)"
            for _ in 0..<2 {
                Task.detached { [self] in
                    while isRunning {
                        Self.spin(.milliseconds(5))
                        await Task.yield()
                    }
                }
            }
        default:
            throw UsageError("unknown load \(kind): none, threads or pool")
        }
    }

    private var isRunning: Bool { lock.withLock { running } }

    func stop() {
        lock.withLock { running = false }
    }

    /// Keeps this thread's CPU busy for `duration`.
    static func spin(_ duration: Duration) {
        let end = ContinuousClock.now + duration
        var x = 0
        while ContinuousClock.now < end { x &+= 1 }
        blackHole(x)
    }
}

@inline(never) func blackHole(_ value: Int) {
    if value == -1 { print("") }
}
