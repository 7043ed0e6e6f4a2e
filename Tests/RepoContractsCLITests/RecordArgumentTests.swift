#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire
import Testing

@testable import RepoContractsCLI

/// `repo-contracts record`'s arguments.
@Suite("record")
struct RecordArgumentTests {
    @Test(
        "record reads --upstream, --out, --mode, --order, --identifiers, --json-members, --port and --upstream-timeout; the mode defaults to all, the order to canonical, ids to placeholders, members as received, the timeout to 30 s"
    )
    func readsArguments() throws {
        let parsed = try RecordCommand(parsing: [
            "--out", "Fixtures/api.har", "--upstream=https://api.example.com/v1", "--mode", "newEpisodes", "--port", "9000",
            "--order=byRequest", "--upstream-timeout", "600", "--identifiers", "asReceived", "--json-members=sorted",
        ])
        #expect(parsed == RecordCommand(
            upstream: URL(string: "https://api.example.com/v1")!, output: "Fixtures/api.har", mode: .newEpisodes,
            order: .byRequest, port: 9000, upstreamTimeout: .seconds(600), identifiers: .asReceived,
            jsonMemberOrder: .sorted))
        let defaults = try RecordCommand(parsing: ["--upstream", "http://localhost:8080", "--out", "a.json"])
        #expect(defaults.mode == .all && defaults.order == .canonical && defaults.upstreamTimeout == .seconds(30))
        #expect(defaults.identifiers == .placeholders && defaults.jsonMemberOrder == .asReceived)
        #expect(RecordCommand.help.contains("--upstream-timeout <seconds>"))
    }

    @Test("--redact adds names to every list; --allow-name keeps a name the credential rule would redact")
    func redactionNames() throws {
        let parsed = try RecordCommand(parsing: [
            "--upstream", "https://x.example", "--out", "a.json", "--redact", "X-Tenant", "--redact=account_ref",
            "--allow-name", "X-Build-Token",
        ])
        #expect(parsed.redactionOptions.extraNames == ["X-Tenant", "account_ref"])
        let redaction = parsed.redaction
        #expect(redaction.headerNames.contains("X-Tenant") && redaction.queryNames.contains("account_ref"))
        #expect(redaction.bodyMemberNames.contains("X-Tenant"))
        let request = StubRequest(
            method: "GET", path: "/", headers: ["X-Build-Token": "build-1", "X-Other-Token": "other-1", "X-Tenant": "acme"])
        let redacted = redaction.redact(Fixture(interactions: [Interaction(request: request, response: StubResponse())]))
        let headers = redacted.fixture.interactions[0].request.headers
        #expect(headers["X-Build-Token"] == "build-1")
        #expect(headers["X-Other-Token"] == "REDACTED")
        #expect(headers["X-Tenant"] == "REDACTED")
    }

    @Test("usage errors name what is wrong", arguments: [
        (["--out", "a.json"], "missing --upstream"),
        (["--upstream", "https://x.example"], "missing --out"),
        (["--upstream", "ftp://x.example", "--out", "a.json"], "expected an http or https URL"),
        (["--upstream", "https://x.example", "--out", "a.yaml"], "unknown extension"),
        (["--upstream", "https://x.example", "--out", "a.json", "--mode", "never"], "use 'serve' to replay"),
        (["--upstream", "https://x.example", "--out", "a.json", "--mode", "drift"], "use 'serve <fixture> --drift-check"),
        (["--upstream", "https://x.example", "--out", "a.json", "--mode", "sometimes"], "expected one of: never, once, newEpisodes, all"),
        (["--upstream", "https://x.example", "--out", "a.json", "extra"], "unexpected argument 'extra'"),
        (["--upstream", "https://x.example", "--out", "a.json", "--order", "random"], "expected one of: arrival, byRequest, canonical"),
        (["--upstream", "https://x.example", "--out", "a.json", "--identifiers", "hidden"], "invalid value 'hidden' for --identifiers (expected one of: placeholders, asReceived)"),
        (["--upstream", "https://x.example", "--out", "a.json", "--json-members", "alphabetical"], "invalid value 'alphabetical' for --json-members (expected one of: asReceived, sorted)"),
        (["--upstream", "https://x.example", "--out", "a.json", "--upstream-timeout", "0"], "invalid value '0' for --upstream-timeout"),
        (["--upstream", "https://x.example", "--out", "a.json", "--upstream-timeout", "1.5"], "expected a whole number of seconds"),
    ])
    func usageErrors(arguments: [String], message: String) {
        #expect {
            try RecordCommand(parsing: arguments)
        } throws: { error in
            (error as? UsageError)?.message.contains(message) == true
        }
    }
}
#endif
