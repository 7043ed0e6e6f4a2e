import BenchSupport
import Foundation
import RecordReplay

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One way of sending the job through `URLSession.shared`: to the stub server's socket or intercepted
/// in process, one task after another or from several tasks at once.
struct Scenario {
    enum Path: String {
        /// `server.baseURL` on loopback, which interception never takes.
        case socket
        /// A production-like URL, answered in process while the interception lasts.
        case intercept
    }

    let path: Path
    /// Concurrent client tasks; 1 is sequential.
    let tasks: Int
    /// Requests per task.
    let requestsPerTask: Int

    var name: String { "\(path.rawValue)-\(tasks == 1 ? "seq" : String(tasks))" }
    var requests: Int { tasks * requestsPerTask }

    /// Requests per second, one sample per round.
    var rates: [Double] = []
    /// The process's CPU time per request (client, URLSession and server together), one sample per round.
    var cpuMicroseconds: [Double] = []
    /// Requests that failed or answered something else than 200 with the 1,024-byte body, all rounds
    /// (warm-ups included).
    var errors = 0
    /// The first such failure, to print.
    var firstError: String?

    init(path: Path, tasks: Int, requestsPerTask: Int) {
        self.path = path
        self.tasks = tasks
        self.requestsPerTask = requestsPerTask
    }

    /// One round: a warm-up of `warmUpPerTask` requests per task, then the timed requests; the interception
    /// (for ``Path/intercept``) is started before the warm-up and ended after the timed part, untimed.
    mutating func runRound(server: StubServer, warmUpPerTask: Int, clock: ContinuousClock) async throws -> Round {
        let interception = path == .intercept ? try await server.interceptURLSession() : nil
        let request = URLRequest(url: url(server))
        let warmUp = await Self.send(request, tasks: tasks, requestsPerTask: warmUpPerTask)
        let cpuBefore = processCPUNanoseconds()
        let started = clock.now
        let timed = await Self.send(request, tasks: tasks, requestsPerTask: requestsPerTask)
        let elapsed = clock.now - started
        let cpu = (processCPUNanoseconds() - cpuBefore) / 1e9
        await interception?.end()

        for failures in [warmUp, timed] where failures.count > 0 {
            errors += failures.count
            if firstError == nil { firstError = failures.first }
        }
        let rate = Double(requests) / (elapsed.nanoseconds / 1e9)
        rates.append(rate)
        cpuMicroseconds.append(cpu * 1e6 / Double(requests))
        return Round(rate: rate, cpuMicroseconds: cpu * 1e6 / Double(requests), errors: timed.count)
    }

    /// What one round measured.
    struct Round {
        var rate: Double
        var cpuMicroseconds: Double
        var errors: Int
    }

    /// The URL the scenario's requests go to.
    func url(_ server: StubServer) -> URL {
        switch path {
        case .socket: server.baseURL.appendingPathComponent("todos/1")
        case .intercept: URL(string: "https://api.example.com/todos/1")!
        }
    }

    /// Sends `request` `requestsPerTask` times from each of `tasks` tasks (in the caller when 1); returns
    /// a description of each failure (at most the first 10 described, the rest counted).
    static func send(_ request: URLRequest, tasks: Int, requestsPerTask: Int) async -> Failures {
        guard tasks > 1 else { return await sendSequentially(request, count: requestsPerTask) }
        return await withTaskGroup(of: Failures.self) { group in
            for _ in 0..<tasks {
                group.addTask { await sendSequentially(request, count: requestsPerTask) }
            }
            var all = Failures()
            for await part in group { all.add(part) }
            return all
        }
    }

    private static func sendSequentially(_ request: URLRequest, count: Int) async -> Failures {
        var failures = Failures()
        for _ in 0..<count {
            if let failure = await check(request) { failures.add(failure) }
        }
        return failures
    }

    /// `nil` when `request` was answered 200 with a body of the Todo's length, else what happened.
    static func check(_ request: URLRequest) async -> String? {
        do {
            let (data, response) = try await URLSession.shared.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode
            guard status == 200, data.count == TodoBody.size else {
                return "status \(status.map(String.init) ?? "none"), \(data.count) body bytes"
            }
            return nil
        } catch {
            return "\(error)"
        }
    }
}

/// Failed requests: their count and the first descriptions.
struct Failures {
    private(set) var count = 0
    private(set) var descriptions: [String] = []

    var first: String? { descriptions.first }

    mutating func add(_ description: String) {
        count += 1
        if descriptions.count < 10 { descriptions.append(description) }
    }

    mutating func add(_ other: Failures) {
        count += other.count
        descriptions += other.descriptions.prefix(max(0, 10 - descriptions.count))
    }
}
