#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplayMessages
import Foundation
import RepositoryContractsPrimitives
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire
import Testing

@testable import RepoContractsCLI

/// `repo-contracts serve --drift-check --upstream URL`: its arguments, its help, and what it prints and
/// returns when it stops.
@Suite("serve --drift-check")
struct ServeDriftCheckTests {
    /// What the tool wrote to standard error.
    private final class ErrorCapture: Sendable {
        private let written = Protected("")

        var console: Console {
            Console(writeOut: { _ in }, writeError: { text in self.written.withLock { $0 += text } })
        }

        var text: String { written.withLock { $0 } }
    }

    @Test("--drift-check, --upstream and repeated --ignore-json-path are read in any order")
    func readsArguments() throws {
        let parsed = try ServeCommand(parsing: [
            "--ignore-json-path", "$.id", "a.json", "--upstream=https://api.example.com/v1", "--drift-check",
            "--ignore-json-path=$.items[*].updatedAt",
        ])
        #expect(
            parsed
                == ServeCommand(
                    fixtures: ["a.json"], driftUpstream: URL(string: "https://api.example.com/v1")!,
                    ignoredJSONPaths: ["$.id", "$.items[*].updatedAt"]))
        #expect(try ServeCommand(parsing: ["a.json"]).driftUpstream == nil)
        #expect(try !ServeCommand(parsing: ["a.json", "--drift-check", "--upstream", "http://x.example"]).sendsStateChanges)
        #expect(
            try ServeCommand(parsing: ["a.json", "--drift-check", "--send-state-changes", "--upstream", "http://x.example"])
                .sendsStateChanges)
    }

    @Test(
        "usage errors name what is wrong",
        arguments: [
            (["a.json", "--drift-check"], "--drift-check needs --upstream <url>"),
            (["a.json", "--upstream", "https://api.example.com"], "--upstream is only used with --drift-check"),
            (["a.json", "--ignore-json-path", "$.id"], "--ignore-json-path is only used with --drift-check"),
            (["a.json", "--send-state-changes"], "--send-state-changes is only used with --drift-check"),
            (["a.json", "--drift-check", "--upstream", "ftp://x.example"], "expected an http or https URL"),
            (["a.json", "--drift-check=yes", "--upstream", "https://x.example"], "--drift-check takes no value"),
            (
                ["a.json", "--drift-check", "--upstream", "https://x.example", "--ignore-json-path", "$.items["],
                "invalid value for --ignore-json-path: \"$.items[\": `[` without `]`"
            ),
        ])
    func usageErrors(arguments: [String], message: String) {
        #expect {
            try ServeCommand(parsing: arguments)
        } throws: { error in
            (error as? UsageError)?.message.contains(message) == true
        }
    }

    @Test("--drift-check without --upstream exits 64 with the message and the usage")
    func exitStatus() async {
        let capture = ErrorCapture()
        let status = await Tool.main(["serve", "a.json", "--drift-check"], console: capture.console)
        #expect(status == .usage)
        #expect(capture.text.hasPrefix("error: --drift-check needs --upstream <url>"))
        #expect(capture.text.contains("[--drift-check --upstream <url> [--send-state-changes]]"))
    }

    @Test("--help documents the drift check")
    func help() throws {
        let help = ServeCommand.help
        for option in ["--drift-check", "--upstream <url>", "--ignore-json-path <path>", "--send-state-changes"] {
            #expect(help.contains("\n  \(option)"), "\(option)")
        }
        #expect(help.contains("never written"))
    }

    @Test("on stop: the summary counts checks and drift, each drift follows, and drift fails the exit status")
    func stopReport() async throws {
        let upstream = StubServer()
        upstream.playback.stub(.get("/todos/1"), with: StubResponse(status: 404))
        upstream.playback.stub(.get("/todos/2"), with: StubResponse(body: Data("same".utf8)))
        try await upstream.start()
        let playback = Playback()
        playback.load(
            Fixture(interactions: [
                Interaction(request: StubRequest(method: "GET", path: "/todos/1"), response: StubResponse()),
                Interaction(
                    request: StubRequest(method: "GET", path: "/todos/2"), response: StubResponse(body: Data("same".utf8))),
            ]), source: "todos.json")
        // A forward timeout of a day: a starved machine must not turn a slow answer into "could not be checked".
        playback.checkDrift(against: UpstreamForwarder(upstream: upstream.baseURL, timeout: .seconds(24 * 60 * 60)))
        for path in ["/todos/1", "/todos/2"] {
            _ = await playback.plan(for: StubRequest(method: "GET", path: path)).settled()
        }
        await upstream.stop()

        let command = ServeCommand(fixtures: ["todos.json"], driftUpstream: upstream.baseURL)
        let (lines, exitCode) = command.stopReport(playback.report, requests: 2, signal: "SIGINT")
        #expect(exitCode == .failure)
        #expect(
            lines.first
                == "Stopped on SIGINT: 2 requests, 0 unmatched; drift check against \(upstream.baseURL.absoluteString): "
                + "2 answers checked, 1 differs, 0 could not be checked, 0 not sent.")
        #expect(lines.count == 2)
        #expect(lines.last?.hasPrefix("Drift in todos.json against the live API") == true)
        #expect(lines.last?.hasSuffix("\n  request #1 GET /todos/1, interaction #1 (interactions[0]):\n    status: recorded 200, live 404") == true)

        let plain = ServeCommand(fixtures: ["todos.json"]).stopReport(Playback().report, requests: 0, signal: "SIGTERM")
        #expect(plain.lines == ["Stopped on SIGTERM: 0 requests, 0 unmatched."])
        #expect(plain.exitCode == .success)
    }
}
#endif
