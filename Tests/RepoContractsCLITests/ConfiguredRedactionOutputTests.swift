#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplay
import Testing

@testable import RepoContractsCLI

/// Issue 42: `inspect`, `status` and `serve` take the `--redact` and `--allow-name` options `record` and
/// `redact` take, and what they print about requests and responses is redacted with them: a name of
/// the user's own (here a tenant id, no credential by the default rules) shows, its value does not.
@Suite("inspect, status and serve: the user's redaction options")
struct ConfiguredRedactionOutputTests {
    private static let value = "acme-" + "tenant-" + "4711"
    private static let options = ["--redact", "X-Tenant", "--redact", "tenant", "--redact=tenantCode"]

    /// `GET /todos?tenant=<value>&page=2` with `X-Tenant: <value>`, answered with
    /// `{"tenantCode":"<value>","title":"a"}`: recorded before the names were added.
    private static var fixture: Fixture {
        Fixture(interactions: [
            Interaction(
                request: StubRequest(
                    method: "GET", path: "/todos", query: [QueryItem(name: "tenant", value: value), QueryItem(name: "page", value: "2")],
                    headers: ["X-Tenant": value]),
                response: StubResponse(
                    headers: ["Content-Type": "application/json"],
                    body: Data(#"{"tenantCode":"\#(value)","title":"a"}"#.utf8)))
        ])
    }

    /// A folder holding `Fixtures/todos.json` (the fixture above); the caller removes it.
    private static func folder() throws -> (root: URL, fixtures: URL, file: URL) {
        let root = try makeTemporaryDirectory("tenant-redaction")
        let fixtures = root.appendingPathComponent("Fixtures")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        let file = fixtures.appendingPathComponent("todos.json")
        try fixture.write(to: file)
        return (root, fixtures, file)
    }

    @Test("the default rules leave the tenant in clear: only the options can keep it out")
    func defaultsKeepTheValue() {
        #expect(Redaction().redact(Self.fixture).redactions.isEmpty)
    }

    @Test("inspect: the query shows the names given with --redact, their values redacted; the notes name the fields", arguments: ["table", "json"])
    func inspect(format: String) async throws {
        let (root, _, file) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let capture = ConsoleCapture()
        let status = await Tool.main(["inspect", file.path, "--format", format] + Self.options, console: capture.console)
        #expect(status == .success, "\(capture.error)")
        let out = capture.out
        #expect(!out.contains(Self.value), "\(out)")
        #expect(out.contains("/todos?tenant=REDACTED&page=2"))
        #expect(out.contains("redaction: 3 fields not redacted"))
        for field in ["request.header X-Tenant", "request.query tenant", "response.body $.tenantCode"] {
            #expect(out.contains("not redacted: #0 \(field)"), "\(field)")
        }
        #expect(out.contains("secret scan: 3 findings"))
        #expect(try InspectCommand(parsing: ["a.json"] + Self.options).redactionOptions.extraNames == ["X-Tenant", "tenant", "tenantCode"])
    }

    @Test("status: the secret scan checks the names given with --redact, shown masked; the fix carries the options", arguments: ["table", "json"])
    func status(format: String) async throws {
        let (root, fixtures, file) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        var command = try StatusCommand(
            parsing: ["--fixtures", fixtures.path, "--tests", root.path, "--format", format] + Self.options)
        command.defaultUsageLog = root.appendingPathComponent("no-such.log").path
        let capture = ConsoleCapture()
        _ = try await command.run(capture.console, now: Date(timeIntervalSince1970: 1_795_824_000))
        let out = capture.out
        #expect(!out.contains(Self.value), "\(out)")
        #expect(
            out.contains(
                "the secret scan finds 3 secrets: run 'repo-contracts redact \(file.path) "
                    + "--redact X-Tenant --redact tenant --redact tenantCode'"))
        if format == "json" {
            #expect(out.contains("request.header X-Tenant"))
            #expect(out.contains("response.body $.tenantCode"))
        } else {
            #expect(out.contains("3 secrets"))
        }
    }

    @Test("serve: the unmatched request and the recorded request it is compared with show the names given with --redact, redacted")
    func serve() async throws {
        let (root, _, file) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let command = try ServeCommand(parsing: [file.path] + Self.options)
        let (server, interactions) = try command.makeServer()
        #expect(interactions == 1)
        let request = StubRequest(
            method: "GET", path: "/todos", query: [QueryItem(name: "tenant", value: Self.value), QueryItem(name: "page", value: "3")],
            headers: ["X-Tenant": Self.value])
        let plan = await server.playback.plan(for: request).settled()
        guard case .respond(let response) = plan else {
            Issue.record("expected a response, got \(plan)")
            return
        }
        #expect(response.status == 599)
        let (lines, _) = command.stopReport(server.report, requests: 1, signal: "SIGINT")
        let texts = [String(decoding: response.body, as: UTF8.self)] + lines
        for text in texts {
            #expect(!text.contains(Self.value), "\(text)")
        }
        let diagnostic = texts[0]
        #expect(diagnostic.hasPrefix("Unmatched request #1: GET /todos?tenant=REDACTED&page=3\n  X-Tenant: REDACTED\n"))
        #expect(diagnostic.contains("1. \(file.path), interaction #1 (interactions[0]): GET /todos?tenant=REDACTED&page=2\n"))
        #expect(diagnostic.contains(#"changed page: recorded "2", received "3""#))
        #expect(lines.contains(diagnostic))
    }

    @Test("inspect, status and serve document the options in their help", arguments: [InspectCommand.help, StatusCommand.help, ServeCommand.help])
    func help(_ help: String) {
        #expect(help.contains("\n  --redact <name>"))
        #expect(help.contains("\n  --allow-name <name>"))
        #expect(help.contains("USAGE: ") && help.contains("[--redact <name>]...") && help.contains("[--allow-name <name>]..."))
    }
}
#endif
