@testable import RecordReplayMessages
import Foundation
import Testing

@_spi(Benchmarks) @testable import RecordReplay
@_spi(Benchmarks) @testable import RecordReplayFixtures
@_spi(Benchmarks) @testable import RecordReplayRedaction
@_spi(Benchmarks) @testable import RecordReplayWire

/// A fixture file that still holds a credential fails the scope that loads it, naming each finding
/// and the command that redacts it; a redacted or clean one loads as before.
@Suite("Loading a fixture that still holds a secret")
struct LoadedFixtureScanTests {
    static let bearer = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ"

    static func fixture(authorization: String) -> Fixture {
        Fixture(interactions: [
            Interaction(
                request: StubRequest(method: "GET", path: "/me", headers: ["Authorization": authorization]),
                response: StubResponse(status: 200))
        ])
    }

    static func findings(loading fixture: Fixture, as name: String) throws -> [PlaybackReport.Finding] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loaded-scan-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(name)
        try fixture.write(to: file)
        let server = StubServer()
        try server.loadFixture(at: file)
        return server.report.findings.filter { $0.message.contains("a recording would have redacted") }
    }

    @Test("a leaking native or HAR fixture is reported as an error naming the file, the field and the fix", arguments: ["leak.json", "leak.har"])
    func leakingFixture(name: String) throws {
        let findings = try Self.findings(loading: Self.fixture(authorization: "Bearer \(Self.bearer)"), as: name)
        let finding = try #require(findings.first)
        #expect(finding.severity == .error)
        #expect(finding.message.contains(name) && finding.message.contains("request.header Authorization"))
        #expect(finding.message.contains("swift run repo-contracts redact "))
        #expect(!finding.message.contains(Self.bearer))
    }

    @Test("a redacted fixture loads as before: nothing is reported")
    func redactedFixture() throws {
        let redacted = Redaction().redact(Self.fixture(authorization: "Bearer \(Self.bearer)")).fixture
        #expect(try Self.findings(loading: redacted, as: "redacted.json").isEmpty)
    }

    /// A hand-written native fixture whose request carries `authorization` and an `apiKey` member.
    static func handWritten(authorization: String, apiKey: String) -> String {
        """
        {
          "format": "swift-repository-contracts/fixture",
          "version": 1,
          "interactions": [
            {
              "request": {
                "method": "POST",
                "path": "/sessions",
                "headers": [["Authorization", "\(authorization)"]],
                "body": {"json": {"user": "ada", "apiKey": "\(apiKey)"}}
              },
              "response": {"status": 201}
            }
          ]
        }
        """
    }

    static func findings(loadingText text: String) throws -> [PlaybackReport.Finding] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hand-written-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("login.json")
        try Data(text.utf8).write(to: file)
        let server = StubServer()
        try server.loadFixture(at: file)
        return server.report.findings.filter { $0.message.contains("a recording would have redacted") }
    }

    @Test("a made-up token in a hand-written fixture is flagged with how to write it; written as the articles say, it loads clean")
    func handWrittenCredential() throws {
        let madeUp = try Self.findings(loadingText: Self.handWritten(authorization: "Bearer test-token-123", apiKey: "my-test-key-42"))
        let finding = try #require(madeUp.first)
        #expect(finding.message.contains("holds 2 secrets"), "\(finding.message)")
        #expect(finding.message.contains("Writing the fixture by hand? Write REDACTED where the credential goes (Authorization: Bearer REDACTED)"))
        #expect(!finding.message.contains("test-token-123") && !finding.message.contains("my-test-key-42"))
        #expect(try Self.findings(loadingText: Self.handWritten(authorization: "Bearer REDACTED", apiKey: "REDACTED")).isEmpty)
    }

    // MARK: Remembered by content

    @Test("the same leaking fixture loaded again, from another folder and under another name, is reported again")
    func rememberedAcrossFiles() throws {
        let leaking = Self.fixture(authorization: "Bearer \(Self.bearer)")
        let first = try Self.findings(loading: leaking, as: "first.json")
        let second = try Self.findings(loading: leaking, as: "second.json")
        #expect(first.count == 1 && second.count == 1)
        #expect(second.first?.message.contains("second.json") == true, "the message names the file loaded, not the first one")
    }

    @Test("a scope that redacts one more name gets its own scan of a fixture remembered without it")
    func rememberedPerRedaction() {
        let fixture = Fixture(interactions: [
            Interaction(
                request: StubRequest(method: "GET", path: "/me", headers: ["X-Shelf": "north-4417"]),
                response: StubResponse(status: 200))
        ])
        let plain = SecretScan().rememberedFindings(in: fixture)
        var stricter = Redaction()
        stricter.headerNames.append("X-Shelf")
        let strict = SecretScan(redaction: stricter).rememberedFindings(in: fixture)
        #expect(plain.isEmpty)
        #expect(strict.map(\.field) == ["request.header X-Shelf"], "\(strict)")
        #expect(SecretScan(redaction: stricter).rememberedFindings(in: fixture) == strict)
        #expect(SecretScan().rememberedFindings(in: fixture) == plain)
    }
}
