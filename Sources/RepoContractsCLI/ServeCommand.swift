import Foundation
import StubServer

/// `repo-contracts serve FIXTURE…`: replays fixtures on a loopback port outside `swift test`, until
/// SIGINT or SIGTERM.
///
/// Unlike a test scope, a sequence of identical requests repeats its last response once it is used up,
/// so the server can be explored by hand or loaded by a benchmark.
struct ServeCommand: Subcommand, Equatable {
    static let name = "serve"
    static let abstract = "Replay fixtures on a loopback HTTP port until interrupted."
    static let synopsis = """
        usage: \(Tool.name) serve <fixture>… [--port <n>] [--host <address>]
          See '\(Tool.name) serve --help'.
        """
    static var help: String {
        """
        OVERVIEW: \(abstract)

        Loads each fixture (.json: the native format, .har: HAR 1.2), listens on 127.0.0.1 and prints
        the base URL as the first line of standard output. Requests are matched on method, path, query
        (any order) and body (JSON compared as JSON); repeated requests replay in recorded order, then
        repeat the last response. A request that matches nothing gets status 599 with a diagnostic
        body naming the closest recorded request. SIGINT or SIGTERM stops the server; it then prints
        what it served and what matched nothing on standard error.

        USAGE: \(Tool.name) serve <fixture>… [--port <n>] [--host <address>]

        OPTIONS:
          --port <n>          The port to listen on (default 0: a free port).
          --host <address>    Listen on another address than 127.0.0.1 (for example 0.0.0.0: every
                              interface, which exposes the fixtures to the network).
          -h, --help          Show this help.

        EXIT STATUS: 0 after a clean stop, 1 when a fixture cannot be read or the port cannot be bound,
        64 on a usage error.
        """
    }

    /// The fixture files, in load order.
    var fixtures: [String] = []
    /// The port; 0 picks a free one.
    var port: UInt16 = 0
    /// The address to bind, when not loopback.
    var host: String?

    init(fixtures: [String], port: UInt16 = 0, host: String? = nil) {
        self.fixtures = fixtures
        self.port = port
        self.host = host
    }

    init(parsing arguments: [String]) throws(UsageError) {
        var reader = ArgumentReader(arguments, usage: Self.synopsis)
        while let token = reader.next() {
            switch token {
            case .option("--port", let inline):
                let value = try reader.value(of: "--port", inline: inline)
                guard let port = UInt16(value) else {
                    throw reader.error("invalid value '\(value)' for --port (expected 0 to 65535)")
                }
                self.port = port
            case .option("--host", let inline):
                host = try reader.value(of: "--host", inline: inline)
            case .option(let option, _):
                throw reader.unknown(option: option)
            case .operand(let operand):
                fixtures.append(operand)
            }
        }
        guard !fixtures.isEmpty else { throw reader.error("missing fixture: give one or more fixture files") }
    }

    func run(_ console: Console) async throws -> ExitCode {
        var options = ServerOptions()
        options.port = port
        if let host {
            options.bindAddress = .address(host)
        }
        var playback = PlaybackOptions()
        playback.exhaustion = .repeatLast
        playback.journalLimit = 10_000
        let server = StubServer(StubServer.Configuration(server: options, playback: playback))
        var interactions = 0
        for path in fixtures {
            let fixture: Fixture
            do {
                fixture = try Fixture(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw ToolError("\(error)")
            }
            interactions += fixture.interactions.count
            server.load(fixture, source: path)
        }
        let signal = try await server.runInForeground(console) { url in
            "Serving \(interactions) interaction\(interactions == 1 ? "" : "s") from \(fixtures.count) fixture\(fixtures.count == 1 ? "" : "s") at \(url)"
        }
        let report = server.finish()
        let requests = server.journal.last?.sequenceNumber ?? 0
        console.printError(
            "Stopped on \(signal): \(requests) request\(requests == 1 ? "" : "s"), \(report.unmatchedRequests.count) unmatched.")
        for unmatched in report.unmatchedRequests {
            console.printError(unmatched.diagnostic)
        }
        return .success
    }
}
