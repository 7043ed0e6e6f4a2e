import BenchServers
import BenchSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `bench-startup [--runs N] [--variants stub,flyingfox-nodelay,hummingbird]`
///
/// In-process start-to-ready time: from before the server is constructed (for the stub: construct,
/// load a one-interaction fixture, `start()`) until a first `GET /todos/1` over a new raw loopback
/// connection has its whole 200 response with the expected body; then the server is stopped, and the
/// next run starts. Variants alternate within each run. The first run of each variant (thread pools,
/// lazy runtime metadata) is reported apart and left out of the median and p90.
@main
struct BenchStartup {
    static func main() async throws {
        let arguments = try Arguments()
        let runs = try arguments.integer("runs", default: 60)
        let variants = try (arguments.string("variants") ?? "stub,flyingfox-nodelay,hummingbird")
            .split(separator: ",").map { name throws(UsageError) in
                guard let variant = ServerVariant(rawValue: String(name)) else {
                    throw UsageError("unknown variant “\(name)”")
                }
                return variant
            }
        // Hummingbird logs “Server started” on every start, and an error when a stop cancels it.
        setenv("LOG_LEVEL", "critical", 1)
        let clock = ContinuousClock()

        var first: [ServerVariant: Double] = [:]
        var samples: [ServerVariant: [Double]] = [:]
        for run in 0...runs {
            for variant in variants {
                let milliseconds = try await measureOnce(variant, clock: clock)
                if run == 0 { first[variant] = milliseconds } else { samples[variant, default: []].append(milliseconds) }
            }
        }

        emitLine("## bench-startup: in-process start → first 200 (\(runs) runs after a first, ms)")
        emitLine("")
        emitLine("| server | median ms | p90 ms | min–max ms | first run ms |")
        emitLine("|---|---|---|---|---|")
        for variant in variants {
            let values = samples[variant] ?? []
            emitLine(
                "| \(variant.rawValue) | \(formatted(Statistics.median(values), decimals: 2)) | "
                    + "\(formatted(Statistics.percentile(values, 90), decimals: 2)) | "
                    + "\(formatted(values.min() ?? .nan, decimals: 2))–\(formatted(values.max() ?? .nan, decimals: 2)) | "
                    + "\(formatted(first[variant] ?? .nan, decimals: 2)) |")
        }
    }

    /// One start → first 200 → stop, in milliseconds (the stop is not timed).
    static func measureOnce(_ variant: ServerVariant, clock: ContinuousClock) async throws -> Double {
        let started = clock.now
        let server = try await variant.start()
        var reply: Loopback.Reply?
        for _ in 0..<500 {
            reply = await Loopback.get(port: server.port, path: "/todos/1")
            if reply?.status == 200 { break }
            try await Task.sleep(for: .milliseconds(1))
        }
        let elapsed = clock.now - started
        await server.stop()
        guard let reply, reply.status == 200, reply.body == TodoBody.bytes else {
            throw BenchError("\(variant.rawValue): no 200 with the Todo body (got \(reply.map { String($0.status) } ?? "nothing"))")
        }
        return elapsed.nanoseconds / 1e6
    }
}
