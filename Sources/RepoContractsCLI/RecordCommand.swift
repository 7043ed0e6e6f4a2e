#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
import RecordReplay
import RepositoryContractsPrimitives

/// `repo-contracts record --upstream URL --out FIXTURE`: a recording proxy on a loopback port for any
/// client (app UI tests, other languages); writes the fixture when it stops on SIGINT or SIGTERM.
struct RecordCommand: Subcommand, Equatable {
    static let name = "record"
    static let abstract = "Record a fixture through a loopback proxy to a live API until interrupted."
    static let synopsis = """
        usage: \(Tool.name) record --upstream <url> --out <fixture> [--mode once|newEpisodes|all] [--order canonical|arrival|byRequest] [--identifiers placeholders|asReceived] [--json-members asReceived|sorted] [--port <n>] [--upstream-timeout <seconds>] [--redact <name>]... [--allow-name <name>]...
          See '\(Tool.name) record --help'.
        """
    static var help: String {
        """
        OVERVIEW: \(abstract)

        Listens on 127.0.0.1 and prints the base URL as the first line of standard output. Point the
        client at it: each request goes to the upstream and its answer comes back (redirects are handed
        back, bodies are asked for uncompressed). On SIGINT or SIGTERM it writes the fixture (.json: the
        native format, .har: HAR 1.2) with volatile headers left out and credentials redacted, and
        refuses to write it if the secret scan still finds one. A request that cannot be recorded (the
        upstream cannot be reached, its answer is cut short or is not HTTP) is answered 502 and named
        on standard error with the reason, at once and again when it stops; it is left out of the
        fixture, and every interaction recorded before or after it is written.

        USAGE: \(Tool.name) record --upstream <url> --out <fixture> [--mode once|newEpisodes|all]
                   [--order canonical|arrival|byRequest] [--identifiers placeholders|asReceived]
                   [--json-members asReceived|sorted] [--port <n>] [--upstream-timeout <seconds>]
                   [--redact <name>]... [--allow-name <name>]...

        OPTIONS:
          --upstream <url>    The live API's base URL (http or https). On Linux, an https answer
                              whose chunked body has trailer fields ends the process (URLSession's
                              fatal error): record such an API over http, through a local
                              TLS-terminating proxy.
          --out <fixture>     The fixture to write.
          --mode <mode>       all (default): record everything, overwriting <fixture>.
                              newEpisodes: replay what <fixture> answers, record and append the rest.
                              once: record only when <fixture> does not exist yet (else replay it).
          --order <order>     canonical (default): in the order requests arrived, those in flight at
                              the same time sorted by request, so a client that sends requests
                              concurrently records the same bytes every time.
                              arrival: exactly in the order requests arrived.
                              byRequest: all sorted by request (replay is the same in every order).
          --identifiers <choice>
                              placeholders (default): write the random ids the upstream assigned
                              (UUIDs, long hex or base62 ids) as stable placeholders of the same
                              shape, the same everywhere in the fixture, so a re-record of an
                              unchanged API writes the same bytes and replay still matches.
                              asReceived: write them as they came.
          --json-members <choice>
                              asReceived (default): JSON members in the order they were sent.
                              sorted: sorted by name at every depth (replay sends that order), for
                              an upstream whose member order varies.
          --port <n>          The port to listen on (default 0: a free port).
          --upstream-timeout <seconds>
                              How long a forwarded request may wait for the upstream's answer
                              (default 30); the client then gets a 502.
        \(RedactionOptions.help)
          -h, --help          Show this help.

        EXIT STATUS: 0 after writing the fixture (or when nothing was recorded), also when requests
        could not be recorded (they are named on standard error), 1 when the fixture
        cannot be written (a secret left in, a write error) or the port cannot be bound, 64 on a usage
        error, 65 when an existing fixture cannot be read.
        """
    }

    /// The live API's base URL.
    var upstream: URL
    /// The fixture to write.
    var output: String
    /// What to record.
    var mode: RecordMode = .all
    /// The order the recording is written in.
    var order: RecordedOrder = .canonical
    /// What is written for identifiers the upstream assigned.
    var identifiers: ServerIdentifiers = .placeholders
    /// The order JSON members are written in.
    var jsonMemberOrder: JSONMemberOrder = .asReceived
    /// The port; 0 picks a free one.
    var port: UInt16 = 0
    /// How long a forwarded request may wait for the upstream's answer.
    var upstreamTimeout: Duration = Self.defaultUpstreamTimeout
    /// `--redact` and `--allow-name`.
    var redactionOptions = RedactionOptions()

    /// The redaction the recording is written with: the defaults plus the names given.
    var redaction: Redaction { redactionOptions.redaction }

    /// What the command records and how it writes it: the value the `.stubServer` trait and
    /// `StubServer` take too.
    var recording: Recording {
        Recording(
            mode: mode, upstream: upstream, order: order, identifiers: identifiers, jsonMemberOrder: jsonMemberOrder,
            upstreamTimeout: upstreamTimeout)
    }

    /// The upstream timeout unless `--upstream-timeout` says otherwise: 30 s.
    static let defaultUpstreamTimeout = Duration.seconds(30)

    init(
        upstream: URL, output: String, mode: RecordMode = .all, order: RecordedOrder = .canonical, port: UInt16 = 0,
        upstreamTimeout: Duration = Self.defaultUpstreamTimeout, identifiers: ServerIdentifiers = .placeholders,
        jsonMemberOrder: JSONMemberOrder = .asReceived
    ) {
        self.upstream = upstream
        self.output = output
        self.mode = mode
        self.order = order
        self.identifiers = identifiers
        self.jsonMemberOrder = jsonMemberOrder
        self.port = port
        self.upstreamTimeout = upstreamTimeout
    }

    init(parsing arguments: [String]) throws(UsageError) {
        var reader = ArgumentReader(arguments, usage: Self.synopsis)
        var upstream: URL?
        var output: String?
        while let token = reader.next() {
            switch token {
            case .option("--upstream", let inline):
                upstream = try reader.httpURL(of: "--upstream", inline: inline)
            case .option("--out", let inline):
                let value = try reader.value(of: "--out", inline: inline)
                guard FixtureFormat(pathExtension: URL(fileURLWithPath: value).pathExtension) != nil else {
                    throw reader.error("'\(value)' has an unknown extension: use .json (native) or .har (HAR 1.2)")
                }
                output = value
            case .option("--mode", let inline):
                mode = try reader.choice(of: "--mode", inline: inline)
                guard mode != .never else { throw reader.error("--mode never records nothing: use 'serve' to replay") }
                guard mode != .drift else {
                    throw reader.error(
                        "--mode drift records nothing: use 'serve <fixture> --drift-check --upstream <url>' to compare")
                }
            case .option("--order", let inline):
                order = try reader.choice(of: "--order", inline: inline)
            case .option("--identifiers", let inline):
                identifiers = try reader.choice(of: "--identifiers", inline: inline)
            case .option("--json-members", let inline):
                jsonMemberOrder = try reader.choice(of: "--json-members", inline: inline)
            case .option("--port", let inline):
                let value = try reader.value(of: "--port", inline: inline)
                guard let port = UInt16(value) else {
                    throw reader.error("invalid value '\(value)' for --port (expected 0 to 65535)")
                }
                self.port = port
            case .option("--upstream-timeout", let inline):
                let value = try reader.value(of: "--upstream-timeout", inline: inline)
                guard let seconds = Int(value), seconds >= 1, seconds <= 1 << 30 else {
                    throw reader.error("invalid value '\(value)' for --upstream-timeout (expected a whole number of seconds from 1)")
                }
                upstreamTimeout = .seconds(seconds)
            case .option(let option, let inline):
                guard try redactionOptions.read(option, inline: inline, from: &reader) else {
                    throw reader.unknown(option: option)
                }
            case .operand(let operand):
                throw reader.unexpected(operand: operand)
            }
        }
        guard let upstream else { throw reader.error("missing --upstream") }
        guard let output else { throw reader.error("missing --out") }
        self.upstream = upstream
        self.output = output
    }

    func run(_ console: Console) async throws -> ExitCode {
        let failures = Protected<[String]>([])
        let server: StubServer
        do {
            server = try recordingServer(forwardingInChildProcess: ChildProcessForwarding.current) { message in
                failures.withLock { $0.append(message) }
                console.printError("warning: \(message). The client got 502; recording goes on.")
            }
        } catch let error as FixtureError {
            console.printError("error: \(error)")
            return .dataError
        } catch {
            throw ToolError("\(error)")
        }
        let signal = try await server.runInForeground(console) { url in
            "Recording \(upstream.absoluteString) at \(url) into \(output) (mode \(mode.rawValue))"
        }
        let outcome: RecordingOutcome?
        do {
            outcome = try server.finishRecording()
        } catch {
            throw ToolError("\(error)")
        }
        defer { reportFailures(failures.withLock { $0 }, console) }
        guard let outcome else {
            console.printError("Stopped on \(signal): nothing was recorded; \(output) is unchanged.")
            return .success
        }
        console.printError(
            "Stopped on \(signal): recorded \(outcome.recordedCount) interaction\(outcome.recordedCount == 1 ? "" : "s") into \(output) (\(outcome.interactionCount) in all, \(outcome.redactions.count) field\(outcome.redactions.count == 1 ? "" : "s") redacted)"
                + (outcome.isUnchanged ? "; the file already held them: unchanged, recorded date kept." : "."))
        if let notice = outcome.withheldBodiesNotice { console.printError("warning: \(notice).") }
        return .success
    }

    /// A stopped server that records into ``output`` as ``recording`` says, through the steps every
    /// recording takes (`StubServer.prepareRecording(into:plan:forwardingInChildProcess:onFailure:)`);
    /// `finishRecording()` writes what it recorded.
    ///
    /// - Throws: `FixtureError` when the existing fixture cannot be read; `StubServerError` when another
    ///   scope of the process records into it.
    func recordingServer(
        forwardingInChildProcess: UpstreamForwarder.ChildProcessForwarding? = nil,
        onFailure: (@Sendable (String) -> Void)? = nil
    ) throws -> StubServer {
        let file = URL(fileURLWithPath: output)
        let plan = mode.plan(fixtureExists: FileManager.default.fileExists(atPath: file.path))
        // The redaction the fixture is written with is also what the server's diagnostics show.
        let server = StubServer(
            StubServer.Configuration(server: ServerOptions(port: port), recording: recording, redaction: redaction))
        try server.prepareRecording(
            into: file, plan: plan, forwardingInChildProcess: forwardingInChildProcess, onFailure: onFailure)
        return server
    }

    /// Names, after the summary, each request that could not be recorded and so is not in the fixture.
    private func reportFailures(_ failures: [String], _ console: Console) {
        guard !failures.isEmpty else { return }
        console.printError(
            "\(failures.count) request\(failures.count == 1 ? "" : "s") could not be recorded and \(failures.count == 1 ? "is" : "are") not in \(output):")
        for failure in failures {
            console.printError("  \(failure)")
        }
    }
}
#endif
