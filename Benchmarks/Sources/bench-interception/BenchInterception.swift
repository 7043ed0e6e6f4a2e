import BenchSupport
import Foundation
import RecordReplay

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `bench-interception [--rounds N] [--requests N] [--tasks N] [--requests-per-task N] [--warmup N]
/// [--scenarios socket-seq,intercept-seq,socket-8,intercept-8]`
///
/// Replay through `URLSession.shared` (`data(for:)`, async), two ways side by side in one process: to
/// the stub server's socket (`server.baseURL` on loopback) and intercepted in process
/// (`https://api.example.com/todos/1` while `server.interceptURLSession()` lasts). One server replays a
/// fixture of one interaction, `GET /todos/1` → 200 with the 1,024-byte Todo body, with repeat-last.
/// Every answer is checked (status 200, body of 1,024 bytes); failures are counted and reported.
///
/// Four scenarios, interleaved round by round: socket sequential, interception sequential, socket with
/// `--tasks` concurrent tasks, interception with as many. Each round of each scenario sends a warm-up
/// (`--warmup` requests per task) and then the timed requests: `--requests` one after another, or
/// `--requests-per-task` from each task. The table gives requests per second (median over rounds,
/// min–max) and the process's CPU time per request, and the ratio interception / socket. `--scenarios`
/// runs some of them only (to profile one).
@main
struct BenchInterception {
    static func main() async {
        do {
            try await run()
        } catch {
            emitError("bench-interception: \(error)")
            exit(1)
        }
    }

    static func run() async throws {
        // Before anything creates `URLSession.shared` (on Linux its protocol classes are fixed then).
        URLSessionInterception.prepare()
        let arguments = try Arguments()
        let rounds = try arguments.integer("rounds", default: 5)
        let sequential = try arguments.integer("requests", default: 2_000)
        let tasks = try arguments.integer("tasks", default: 8)
        let perTask = try arguments.integer("requests-per-task", default: 1_000)
        let warmUp = try arguments.integer("warmup", default: 200)
        guard rounds >= 1, sequential >= 1, tasks >= 2, perTask >= 1, warmUp >= 0 else {
            throw UsageError("--rounds, --requests and --requests-per-task need at least 1, --tasks 2, --warmup 0")
        }
        let clock = ContinuousClock()
        let loadBefore = loadAverages()
        let cpuBefore = processCPUNanoseconds()
        let started = clock.now

        let server = StubServer(
            StubServer.Configuration(
                playback: PlaybackOptions(
                    exhaustion: .repeatLast, unusedInteractions: .ignore, unmatchedStatus: 404, journalLimit: 10_000)))
        server.load(fixture, source: "bench-todos.json")
        try await server.start()
        try await checkBothPathsServeTheJob(server)

        let all = [
            Scenario(path: .socket, tasks: 1, requestsPerTask: sequential),
            Scenario(path: .intercept, tasks: 1, requestsPerTask: sequential),
            Scenario(path: .socket, tasks: tasks, requestsPerTask: perTask),
            Scenario(path: .intercept, tasks: tasks, requestsPerTask: perTask),
        ]
        var scenarios = all
        if let names = arguments.string("scenarios")?.split(separator: ",").map(String.init) {
            for name in names where !all.contains(where: { $0.name == name }) {
                throw UsageError("unknown scenario “\(name)” (known: \(all.map(\.name).joined(separator: ", ")))")
            }
            scenarios = all.filter { names.contains($0.name) }
        }
        for round in 1...rounds {
            for index in scenarios.indices {
                let warmUpPerTask = scenarios[index].tasks == 1 ? warmUp : max(warmUp / scenarios[index].tasks, 1)
                let result = try await scenarios[index].runRound(server: server, warmUpPerTask: warmUpPerTask, clock: clock)
                emitError(
                    "round \(round) \(scenarios[index].name): \(grouped(result.rate, decimals: 0)) req/s, "
                        + "\(formatted(result.cpuMicroseconds, decimals: 1)) µs CPU/req, \(result.errors) errors, "
                        + "load \(loadAverages())")
            }
        }
        await server.stop()
        let wall = (clock.now - started).nanoseconds / 1e9
        let cpu = (processCPUNanoseconds() - cpuBefore) / 1e9

        report(scenarios, rounds: rounds, tasks: tasks)
        emitLine("")
        emitLine("Load average (1, 5, 15 min) before: \(loadBefore); after: \(loadAverages()).")
        emitLine("Process: wall \(formatted(wall, decimals: 1)) s, CPU \(formatted(cpu, decimals: 1)) s.")
        if scenarios.contains(where: { $0.errors > 0 }) { exit(2) }
    }

    /// The Markdown table, the ratios and the failures.
    static func report(_ scenarios: [Scenario], rounds: Int, tasks: Int) {
        emitLine("## bench-interception: replay through URLSession.shared, socket vs interception (\(rounds) rounds; median, min–max)")
        emitLine("")
        emitLine("| scenario | requests per round | req/s, median | min–max | CPU µs per request, median | errors |")
        emitLine("|---|---:|---:|---:|---:|---:|")
        for scenario in scenarios {
            emitLine(
                "| \(scenario.name) | \(grouped(scenario.requests)) | \(grouped(Statistics.median(scenario.rates), decimals: 0)) | "
                    + "\(grouped(scenario.rates.min() ?? .nan, decimals: 0))–\(grouped(scenario.rates.max() ?? .nan, decimals: 0)) | "
                    + "\(formatted(Statistics.median(scenario.cpuMicroseconds), decimals: 1)) | \(scenario.errors) |")
        }
        emitLine("")
        for (label, concurrency) in [("sequential", 1), ("\(tasks) tasks", tasks)] {
            guard let socket = scenarios.first(where: { $0.path == .socket && $0.tasks == concurrency }),
                let intercept = scenarios.first(where: { $0.path == .intercept && $0.tasks == concurrency })
            else { continue }
            // Rounds are interleaved, so a round's two samples saw the same machine state.
            let perRound = zip(intercept.rates, socket.rates).map { $0 / $1 }
            let target = label == "sequential" ? " (target ≥ 1.5×)" : ""
            emitLine(
                "Interception / socket, \(label): \(formatted(Statistics.median(intercept.rates) / Statistics.median(socket.rates), decimals: 2))× "
                    + "of the medians\(target); per round \(perRound.map { formatted($0, decimals: 2) + "×" }.joined(separator: ", ")).")
        }
        for scenario in scenarios where scenario.errors > 0 {
            emitLine("")
            emitLine("\(scenario.name): \(scenario.errors) failed requests, first: \(scenario.firstError ?? "?")")
        }
    }

    /// One request each way before anything is timed: 200 with exactly the Todo body, 404 for another path.
    static func checkBothPathsServeTheJob(_ server: StubServer) async throws {
        let interception = try await server.interceptURLSession()
        var problems: [String] = []
        for base in [server.baseURL, URL(string: "https://api.example.com")!] {
            do {
                let (body, response) = try await URLSession.shared.data(from: base.appendingPathComponent("todos/1"))
                let status = (response as? HTTPURLResponse)?.statusCode
                if status != 200 || Array(body) != TodoBody.bytes {
                    problems.append("\(base)/todos/1 answered \(status.map(String.init) ?? "no status") with \(body.count) bytes")
                }
                let (_, missing) = try await URLSession.shared.data(from: base.appendingPathComponent("nope"))
                if (missing as? HTTPURLResponse)?.statusCode != 404 { problems.append("\(base)/nope did not answer 404") }
            } catch {
                problems.append("\(base): \(error)")
            }
        }
        await interception.end()
        // An intercepted request carries the origin its URL named; one through the socket does not.
        let origins = server.journal.entries.map { $0.request.origin?.description ?? "socket" }
        guard problems.isEmpty, origins == ["socket", "socket", "https://api.example.com", "https://api.example.com"] else {
            throw BenchError("the job is not served both ways: \(problems), journal: \(origins)")
        }
    }

    /// One recorded exchange: `GET /todos/1` → 200 with the Todo body.
    static let fixture = Fixture(
        interactions: [
            Interaction(
                request: StubRequest(method: "GET", path: "/todos/1"),
                response: StubResponse(
                    status: 200, headers: ["Content-Type": "application/json"], body: Data(TodoBody.bytes)))
        ],
        upstream: "https://api.example.com")
}
