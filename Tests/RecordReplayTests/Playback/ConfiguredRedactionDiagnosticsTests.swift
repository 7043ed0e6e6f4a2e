import RecordReplayMessages
import Foundation
import Testing

@_spi(Benchmarks) @testable import RecordReplay
import RepositoryContractsTestSupport

private typealias Support = PlaybackTestSupport
private typealias Tenant = TenantRedaction

/// Issue 42: the unmatched-request diagnostic and the report show requests as the scope's configured
/// redaction leaves them, names the user added included, on the received side and on the recorded one.
@Suite("Playback diagnostics: the scope's configured redaction")
struct ConfiguredRedactionDiagnosticsTests {
    private struct Refusal: Error {}

    private func playback(recorded: StubRequest) -> Playback {
        let playback = Playback(redaction: Tenant.redaction)
        playback.load(Support.fixture([(recorded, Support.response("one"))]), source: "fixture.json")
        return playback
    }

    @Test("an unmatched request shows the names the user added, their values redacted, on both sides of the diff")
    func unmatchedRequest() throws {
        // The fixture holds the value in clear: recorded before the names were added.
        let playback = playback(recorded: Tenant.request("POST", "/todos", query: "page=1", title: "Buy milk"))
        let received = Tenant.request("POST", "/todos", query: "page=2", title: "Buy oat milk")
        #expect(Tenant.defaultsKeep(received))
        let text = try #require(Support.bodyText(of: playback.plan(for: received)))
        #expect(!text.contains(Tenant.value), "\(text)")
        #expect(text.hasPrefix("Unmatched request #1: POST /todos?tenant=REDACTED&page=2\n"))
        #expect(text.contains("\n  X-Tenant: REDACTED\n"))
        #expect(text.contains(#"{"tenantCode":"REDACTED","title":"Buy oat milk"}"#))
        #expect(text.contains("1. fixture.json, interaction #1 (interactions[0]): POST /todos?tenant=REDACTED&page=1\n"))
        #expect(text.contains(#"changed page: recorded "1", received "2""#))
        #expect(text.contains(#"$.title: recorded "Buy milk", received "Buy oat milk""#))
        #expect(!text.contains("redacted values differ"))
        #expect(playback.report.findings.allSatisfy { !$0.message.contains(Tenant.value) })
    }

    @Test("a difference only in values the redaction hides is named by place, neither value shown")
    func hiddenDifference() throws {
        let playback = playback(recorded: Tenant.request("POST", "/todos", title: "Buy milk", value: Tenant.otherValue))
        let text = try #require(
            Support.bodyText(of: playback.plan(for: Tenant.request("POST", "/todos", title: "Buy milk"))))
        #expect(!text.contains(Tenant.value), "\(text)")
        #expect(!text.contains(Tenant.otherValue), "\(text)")
        #expect(text.contains(#"✓ query    tenant="REDACTED""#))
        #expect(text.contains("   ✗ redacted values differ at query tenant, body $.tenantCode (both shown as REDACTED)\n"))
        #expect(
            text.contains(
                "Hint: the closest recorded request differs only in values the scope's redaction hides (query tenant, "
                    + "body $.tenantCode), which its fixture holds in clear; record the fixture again "
                    + "(REPOSITORY_CONTRACTS_RECORD=newEpisodes), or redact it (swift run repo-contracts redact "
                    + "fixture.json --redact X-Tenant --redact tenant --redact tenantCode) so that any value matches there."))
    }

    @Test("the report's unused interactions and stub failures show their requests redacted as configured")
    func reportLines() async throws {
        let playback = playback(recorded: Tenant.request("GET", "/todos", query: "page=1"))
        playback.stub(.get("/boom")) { _ in throw Refusal() }
        _ = await Support.response(of: playback.plan(for: Tenant.request("GET", "/boom")))
        let messages = playback.report.findings.map(\.message).joined(separator: "\n")
        #expect(!messages.contains(Tenant.value), "\(messages)")
        #expect(messages.contains("stub #1 (GET /boom) threw while answering request #1 GET /boom?tenant=REDACTED: "))
        #expect(messages.contains("  fixture.json, interaction #1 (interactions[0]): GET /todos?tenant=REDACTED&page=1"))
    }
}
