import BenchServers
import BenchSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `bench-http-server <stub|flyingfox|flyingfox-nodelay|hummingbird> [--port N]`
///
/// Serves the benchmark's one job with the chosen server: `GET /todos/1` answers 200 with
/// `Content-Type: application/json` and the 1,024-byte ``TodoBody``; anything else answers 404.
/// Prints `READY <port>` on standard output once it accepts connections, then serves until it gets
/// SIGTERM or SIGINT. `bench-http-server body` writes the expected body to standard output (for the
/// script's check).
@main
struct BenchHTTPServer {
    static func main() async {
        let names = ServerVariant.allCases.map(\.rawValue).joined(separator: "|")
        do {
            let arguments = try Arguments()
            if arguments.positional == ["body"] {
                emitBytes(TodoBody.bytes)
                return
            }
            guard arguments.positional.count == 1, let variant = ServerVariant(rawValue: arguments.positional[0])
            else { throw UsageError("usage: bench-http-server <\(names)> [--port N]  (0 or none: any free port)") }
            let portNumber = try arguments.integer("port", default: 0)
            guard let port = UInt16(exactly: portNumber) else { throw UsageError("--port must be 0…65535") }
            let server = try await variant.start(port: port)
            emitLine("READY \(server.port)")
            // Serve until the script stops us; the default action of SIGTERM/SIGINT ends the process.
            while true { try await Task.sleep(for: .seconds(3600)) }
        } catch {
            emitError("bench-http-server: \(error)")
            exit(2)
        }
    }
}
