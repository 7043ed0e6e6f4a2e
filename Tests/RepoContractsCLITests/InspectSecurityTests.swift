#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplayMessages
import Foundation
import RecordReplay
import Testing

@testable import RepoContractsCLI

/// `inspect` reports what the default redaction would still change and what the secret scan finds,
/// without printing the secret.
@Suite("inspect: redaction and secret scan")
struct InspectSecurityTests {
    @Test("a bearer token left in a fixture is reported, masked")
    func reportsSecret() {
        let token = "ghp_" + String(repeating: "A1b2C3d4", count: 5)
        let fixture = Fixture(interactions: [
            Interaction(
                request: StubRequest(method: "GET", path: "/me", headers: ["Authorization": "Bearer \(token)"]),
                response: StubResponse(status: 200))
        ])
        let notes = InspectCommand.securityNotes(for: fixture, redaction: Redaction())
        #expect(notes.contains("redaction: 1 field not redacted"))
        #expect(notes.contains { $0.hasPrefix("  secret: ") && $0.contains("Authorization") })
        #expect(!notes.joined().contains(token))
    }

    @Test("a clean fixture says so")
    func cleanFixture() {
        let fixture = Fixture(interactions: [
            Interaction(request: StubRequest(method: "GET", path: "/todos"), response: StubResponse(status: 200))
        ])
        #expect(InspectCommand.securityNotes(for: fixture, redaction: Redaction()) == ["redaction: nothing left to redact", "secret scan: clean"])
    }
}
#endif
