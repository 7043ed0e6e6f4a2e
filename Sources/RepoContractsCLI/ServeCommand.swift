#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RepositoryContractsJSON
import Foundation
import RecordReplay

/// `repo-contracts serve FIXTURE…`: replays fixtures on a loopback port outside `swift test`, until
/// SIGINT or SIGTERM.
///
/// Unlike a test scope, a sequence of identical requests repeats its last response once it is used up,
/// so the server can be explored by hand or loaded by a benchmark. With `--drift-check --upstream URL`,
/// every request a fixture answers is also sent to the live API and compared (see
/// ``Playback/checkDrift(against:options:)``); the client still gets the recorded answer.
struct ServeCommand: Subcommand, Equatable {
    static let name = "serve"
    static let abstract = "Replay fixtures on a loopback HTTP port until interrupted."
    static let synopsis = """
        usage: \(Tool.name) serve <fixture>… [--port <n>] [--host <address>] [--max-connections <n>]
                 [--max-body-memory <MiB>] [--drift-check --upstream <url> [--send-state-changes]]
                 [--redact <name>]... [--allow-name <name>]...
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

        With --drift-check, every request a fixture answers is also sent, with the client's headers
        (credentials included), to the live API at --upstream, and its answer is compared with the
        recorded one: the status, the Content-Type (media type and charset) and Location headers, and
        the body (JSON by structure and value, with paths such as $.items[2].title; anything else byte
        for byte). The live answer is redacted and its volatile headers dropped first, as a recording
        would be. The client always gets the recorded answer, and the fixtures are never written.
        Only GET, HEAD and OPTIONS requests are sent unless --send-state-changes is given: a POST, PUT,
        PATCH or DELETE, and every later request of its fixture, is answered from the recording only.
        With --send-state-changes, each fixture's requests reach the live API one at a time, and the
        ids the live API assigns (in JSON bodies, Location and ETag) are mapped onto the recorded ones.
        On stop, each fixture with drift is summed up (counts, then its first requests that differ,
        with their differences) after the summary.

        Every diagnostic (the answer to an unmatched request and the recorded requests it is compared
        with, drift) shows requests and responses as a recording would store them: values under the
        names the default rules and --redact give (less --allow-name) read REDACTED. The drift check
        redacts the live answers with the same names before comparing.

        USAGE: \(Tool.name) serve <fixture>… [--port <n>] [--host <address>] [--max-connections <n>]
               [--max-body-memory <MiB>] [--drift-check --upstream <url> [--send-state-changes]]
               [--redact <name>]... [--allow-name <name>]...

        OPTIONS:
          --port <n>                  The port to listen on (default 0: a free port).
          --host <address>            Listen on another address than 127.0.0.1 (for example 0.0.0.0:
                                      every interface, which exposes the fixtures to the network).
          --max-connections <n>       Connections open at once (default 256); a new one beyond it is
                                      answered 503 and closed.
          --max-body-memory <MiB>     Request bodies held at once across connections (default 256);
                                      a request beyond it is answered 503.
          --drift-check               Also ask the live API and report where its answers now differ.
          --upstream <url>            The live API's base URL (http or https); with --drift-check.
          --ignore-json-path <path>   With --drift-check, a JSONPath whose values legitimately change
                                      ($.items[*].updatedAt); may be repeated.
          --send-state-changes        With --drift-check, also send state-changing requests to the
                                      live API (only ever against a disposable copy of it).
        \(RedactionOptions.help(column: 30))
          -h, --help                  Show this help.

        EXIT STATUS: 0 after a clean stop; 1 when the port cannot be bound, or with --drift-check when an
        answer differed or could not be checked; 64 on a usage error; 65 when a fixture cannot be read
        (the message names the file and what is wrong with it).
        """
    }

    /// The fixture files, in load order.
    var fixtures: [String] = []
    /// The port; 0 picks a free one.
    var port: UInt16 = 0
    /// The address to bind, when not loopback.
    var host: String?
    /// The live API to check the fixtures' answers against (`--drift-check --upstream`); `nil` only
    /// replays.
    var driftUpstream: URL?
    /// JSON paths the drift check ignores (`--ignore-json-path`).
    var ignoredJSONPaths: [String] = []
    /// Whether the drift check sends state-changing requests (`--send-state-changes`).
    var sendsStateChanges = false
    /// `--max-connections`: ``ServerOptions/maxConnections``, when given.
    var maxConnections: Int?
    /// `--max-body-memory` in MiB: ``ServerOptions/maxBufferedBodyBytes``, when given.
    var maxBodyMemoryMiB: Int?
    /// `--redact` and `--allow-name`: what the diagnostics and the drift check redact.
    var redactionOptions = RedactionOptions()

    init(
        fixtures: [String], port: UInt16 = 0, host: String? = nil, driftUpstream: URL? = nil,
        ignoredJSONPaths: [String] = []
    ) {
        self.fixtures = fixtures
        self.port = port
        self.host = host
        self.driftUpstream = driftUpstream
        self.ignoredJSONPaths = ignoredJSONPaths
    }

    init(parsing arguments: [String]) throws(UsageError) {
        var reader = ArgumentReader(arguments, usage: Self.synopsis)
        var checksDrift = false
        var upstream: URL?
        while let token = reader.next() {
            switch token {
            case .option("--drift-check", let inline):
                try reader.flag("--drift-check", inline: inline)
                checksDrift = true
            case .option("--upstream", let inline):
                upstream = try reader.httpURL(of: "--upstream", inline: inline)
            case .option("--send-state-changes", let inline):
                try reader.flag("--send-state-changes", inline: inline)
                sendsStateChanges = true
            case .option("--ignore-json-path", let inline):
                let path = try reader.value(of: "--ignore-json-path", inline: inline)
                if let problem = DriftCheckOptions(ignoredJSONPaths: [path]).ignoredJSONPathErrors.first {
                    throw reader.error("invalid value for --ignore-json-path: \(problem)")
                }
                ignoredJSONPaths.append(path)
            case .option("--port", let inline):
                let value = try reader.value(of: "--port", inline: inline)
                guard let port = UInt16(value) else {
                    throw reader.error("invalid value '\(value)' for --port (expected 0 to 65535)")
                }
                self.port = port
            case .option("--host", let inline):
                host = try reader.value(of: "--host", inline: inline)
            case .option("--max-connections", let inline):
                maxConnections = try Self.positive(reader.value(of: "--max-connections", inline: inline), "--max-connections", reader)
            case .option("--max-body-memory", let inline):
                maxBodyMemoryMiB = try Self.positive(reader.value(of: "--max-body-memory", inline: inline), "--max-body-memory", reader)
            case .option(let option, let inline):
                guard try redactionOptions.read(option, inline: inline, from: &reader) else {
                    throw reader.unknown(option: option)
                }
            case .operand(let operand):
                fixtures.append(operand)
            }
        }
        guard !fixtures.isEmpty else { throw reader.error("missing fixture: give one or more fixture files") }
        if checksDrift {
            guard let upstream else {
                throw reader.error("--drift-check needs --upstream <url>: the live API to compare the fixtures with")
            }
            driftUpstream = upstream
        } else if upstream != nil {
            throw reader.error("--upstream is only used with --drift-check (to record, use 'record')")
        } else if !ignoredJSONPaths.isEmpty {
            throw reader.error("--ignore-json-path is only used with --drift-check")
        } else if sendsStateChanges {
            throw reader.error("--send-state-changes is only used with --drift-check")
        }
    }

    /// `value` as a whole number of at least 1, or a usage error naming `option`.
    private static func positive(_ value: String, _ option: String, _ reader: ArgumentReader) throws(UsageError) -> Int {
        guard let number = Int(value), number >= 1, number <= 1 << 30 else {
            throw reader.error("invalid value '\(value)' for \(option) (expected a whole number from 1)")
        }
        return number
    }

    func run(_ console: Console) async throws -> ExitCode {
        let server: StubServer
        let interactions: Int
        do {
            (server, interactions) = try makeServer()
        } catch {
            console.printError("error: \(error)")
            return .dataError
        }
        let signal = try await server.runInForeground(console) { url in
            "Serving \(interactions) interaction\(interactions == 1 ? "" : "s") from \(fixtures.count) fixture\(fixtures.count == 1 ? "" : "s") at \(url)"
                + (driftUpstream.map { ", checking drift against \($0.absoluteString)" } ?? "")
        }
        let report = server.report
        let requests = server.journal.last?.sequenceNumber ?? 0
        let (lines, exitCode) = stopReport(report, requests: requests, signal: signal)
        for line in lines {
            console.printError(line)
        }
        return exitCode
    }

    /// The server `run` starts, not started yet: the fixtures loaded, the drift check set up, and the
    /// redaction of its diagnostics set; and how many interactions it holds.
    ///
    /// - Throws: The error of the first fixture that cannot be read.
    func makeServer() throws -> (server: StubServer, interactions: Int) {
        var options = ServerOptions()
        options.port = port
        if let maxConnections { options.maxConnections = maxConnections }
        if let maxBodyMemoryMiB { options.maxBufferedBodyBytes = maxBodyMemoryMiB << 20 }
        if let host {
            options.bindAddress = .address(host)
        }
        var playback = PlaybackOptions()
        playback.exhaustion = .repeatLast
        playback.journalLimit = 10_000
        // The server's redaction is every diagnostic's, the drift check's included.
        let server = StubServer(
            StubServer.Configuration(server: options, playback: playback, redaction: redactionOptions.redaction))
        var interactions = 0
        for path in fixtures {
            let fixture = try FixtureFile.load(path).fixture
            interactions += fixture.interactions.count
            server.load(fixture, source: path)
        }
        if let driftUpstream {
            server.playback.checkDrift(
                against: UpstreamForwarder(upstream: driftUpstream, forwardingInChildProcess: ChildProcessForwarding.current),
                options: DriftCheckOptions(
                    ignoredJSONPaths: ignoredJSONPaths, stateChangingRequests: sendsStateChanges ? .send : .skip))
        }
        return (server, interactions)
    }

    /// What `serve` prints on standard error when it stops (the summary, then each unmatched request's
    /// diagnostic, then each drift), and its exit status: a failure when the drift check found drift
    /// or could not check an answer.
    func stopReport(_ report: PlaybackReport, requests: Int, signal: String) -> (lines: [String], exitCode: ExitCode) {
        var summary = "Stopped on \(signal): \(requests) request\(requests == 1 ? "" : "s"), "
            + "\(report.unmatchedRequests.count) unmatched"
        if let driftUpstream {
            let count = { (kind: (PlaybackReport.Drift.Outcome) -> Bool) in report.drifts.filter { kind($0.outcome) }.count }
            let unchecked = count { $0.uncheckedReason != nil }
            let notSent = count { $0.notSentReason != nil }
            let checked = report.driftCheckCount
            let differing = report.drifts.count - unchecked - notSent
            summary += "; drift check against \(driftUpstream.absoluteString): "
                + "\(checked) answer\(checked == 1 ? "" : "s") checked, \(differing) differ\(differing == 1 ? "s" : ""), "
                + "\(unchecked) could not be checked, \(notSent) not sent"
        }
        return (
            [summary + "."] + report.unmatchedRequests.map(\.diagnostic) + report.driftFindings.map(\.message),
            driftUpstream != nil && report.driftFindings.contains { $0.severity == .error } ? .failure : .success
        )
    }
}
#endif
