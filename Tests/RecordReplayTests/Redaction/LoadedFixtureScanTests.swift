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
}
