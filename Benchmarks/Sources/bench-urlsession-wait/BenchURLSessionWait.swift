import BenchSupport
import Foundation
import RecordReplay

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `bench-urlsession-wait --connection new|kept [--rounds N] [--wait-ms N]`
///
/// What `URLSession` spends in CPU time while it waits for an answer, on a new connection and on one it
/// keeps. A stub server in this process answers `GET /todos/1` after a replayed latency of `--wait-ms`
/// (default 1,000) and `GET /warm` at once. Each round sends one request to `/todos/1` and reads this
/// process's CPU time (all threads: the server's thread only sleeps) before and after:
/// - `new`: each round on a new ephemeral `URLSession`, so on a new connection;
/// - `kept`: every round on one session whose connection a request to `/warm` opened first.
///
/// Prints one line per round and a median line: wall ms, CPU ms, and CPU ms per second of waiting.
/// One mode per process, so that `perf stat` around it (`run-urlsession-wait.sh`) counts one mode's
/// system calls.
@main
struct BenchURLSessionWait {
    static func main() async {
        do {
            try await run()
        } catch {
            emitError("bench-urlsession-wait: \(error)")
            exit(1)
        }
    }

    static func run() async throws {
        let arguments = try Arguments()
        let rounds = try arguments.integer("rounds", default: 5)
        let waitMilliseconds = try arguments.integer("wait-ms", default: 1_000)
        guard let connection = arguments.string("connection"), ["new", "kept"].contains(connection) else {
            throw UsageError("--connection new or --connection kept")
        }
        guard rounds >= 1, waitMilliseconds >= 1 else { throw UsageError("--rounds and --wait-ms need at least 1") }

        let server = StubServer(
            StubServer.Configuration(
                playback: PlaybackOptions(
                    exhaustion: .repeatLast, unusedInteractions: .ignore, unmatchedStatus: 404,
                    replaysRecordedLatency: true)))
        server.load(fixture(latency: .milliseconds(waitMilliseconds)), source: "bench-wait.json")
        try await server.start()

        let kept = URLSession(configuration: .ephemeral)
        if connection == "kept" { try await expectAnswer(kept, server.baseURL.appendingPathComponent("warm")) }

        let clock = ContinuousClock()
        var wallMilliseconds: [Double] = []
        var cpuMilliseconds: [Double] = []
        for round in 1...rounds {
            let session = connection == "kept" ? kept : URLSession(configuration: .ephemeral)
            let cpuBefore = processCPUNanoseconds()
            let started = clock.now
            try await expectAnswer(session, server.baseURL.appendingPathComponent("todos/1"))
            let elapsed = clock.now - started
            let cpu = (processCPUNanoseconds() - cpuBefore) / 1e6
            let wall = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
            if session !== kept { session.finishTasksAndInvalidate() }
            wallMilliseconds.append(wall)
            cpuMilliseconds.append(cpu)
            emitLine("\(connection) round \(round): wall \(formatted(wall, decimals: 1)) ms, CPU \(formatted(cpu, decimals: 1)) ms")
        }
        let wall = Statistics.median(wallMilliseconds), cpu = Statistics.median(cpuMilliseconds)
        emitLine(
            "\(connection) median: wall \(formatted(wall, decimals: 1)) ms, CPU \(formatted(cpu, decimals: 1)) ms, "
                + "\(formatted(cpu / (wall / 1000), decimals: 1)) CPU ms per second of waiting")
        await server.stop()
    }

    /// Sends `GET url` and checks that the answer is the job's: 200 with the Todo body.
    static func expectAnswer(_ session: URLSession, _ url: URL) async throws {
        let (body, response) = try await session.data(from: url)
        guard (response as? HTTPURLResponse)?.statusCode == 200, body.count == TodoBody.bytes.count else {
            throw UsageError("\(url.path): expected 200 with \(TodoBody.bytes.count) bytes, got \(response) with \(body.count)")
        }
    }

    /// `GET /todos/1` after `latency`, `GET /warm` at once, both with the Todo body.
    static func fixture(latency: Duration) -> Fixture {
        func interaction(_ path: String, latency: Duration?) -> Interaction {
            var interaction = Interaction(
                request: StubRequest(method: "GET", path: path),
                response: StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(TodoBody.bytes)))
            interaction.latency = latency
            return interaction
        }
        return Fixture(interactions: [interaction("/todos/1", latency: latency), interaction("/warm", latency: nil)], upstream: "https://api.example.com")
    }
}
