import RecordReplayMessages
import Foundation
import RepositoryContractsPrimitives
@testable import StubServerTesting
@testable import RecordReplay
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private typealias Tenant = TenantRedaction

/// Issue 42 under the trait: `.stubServer(redaction:)` is what every issue of the scope shows, the
/// unmatched request, the loaded fixture's secret scan and the drift check (given no redaction of its
/// own) alike.
@Suite("The .stubServer trait: its redaction in every issue")
struct StubServerTraitRedactionTests {
    @Test("drift, an unmatched request and the fixture's secret scan: the names given to the trait are redacted in each issue")
    func redactionInEveryIssue() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID())", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let test = try #require(Test.current)
        let file = root.appendingPathComponent("Todos/\(StubServerTrait.fixtureName(forTestNamed: test.name)).json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Recorded before the names were added: the fixture holds the tenant in clear.
        try Fixture(interactions: [
            Interaction(
                request: Tenant.request("GET", "/todos"),
                response: StubResponse(
                    headers: ["Content-Type": "application/json"],
                    body: Data(#"{"tenantCode":"\#(Tenant.value)","title":"a"}"#.utf8)))
        ]).write(to: file)
        let upstream = StubServer()
        upstream.playback.stub(
            .get("/todos"),
            with: StubResponse(
                headers: ["Content-Type": "application/json"],
                body: Data(#"{"tenantCode":"\#(Tenant.value)","title":"b"}"#.utf8)))
        try await upstream.start()

        let trait: StubServerTrait = .stubServer(
            fixtures: "Todos", recording: Recording(mode: .drift, upstream: upstream.baseURL), redaction: Tenant.redaction, options: .init(fixturesRoot: root))
        let issues = Protected<[String]>([])
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: nil) {
                let base = StubServer.current.baseURL.absoluteString
                for path in ["/todos", "/other"] {
                    var request = URLRequest(url: URL(string: "\(base)\(path)?tenant=\(Tenant.value)")!)
                    request.setValue(Tenant.value, forHTTPHeaderField: Tenant.header)
                    _ = try await URLSession.patient.data(for: request)
                }
            }
        } matching: { issue in
            issues.withLock { $0 += issue.comments.map(\.rawValue) }
            return true
        }
        await upstream.stop()
        let texts = issues.withLock { $0 }
        #expect(texts.count == 3, "\(texts)")
        for text in texts {
            #expect(!text.contains(Tenant.value), "\(text)")
        }
        let drift = try #require(texts.first { $0.hasPrefix("Drift in \(file.path)") })
        #expect(drift.contains("\n  request #1 GET /todos?tenant=REDACTED, interaction #1 (interactions[0]):\n"))
        #expect(drift.contains(#"$.title: recorded "a", live "b""#))
        let unmatched = try #require(texts.first { $0.hasPrefix("Unmatched request #2: GET /other?tenant=REDACTED\n") })
        #expect(unmatched.lowercased().contains("\n  x-tenant: redacted\n"))
        #expect(unmatched.contains("1. \(file.path), interaction #1 (interactions[0]) (already used): GET /todos?tenant=REDACTED\n"))
        let scan = try #require(texts.first { $0.hasPrefix("\(file.path) holds ") })
        #expect(scan.contains("--redact X-Tenant --redact tenant --redact tenantCode"))
    }
}
