import Foundation
import Testing
@testable import RecordReplay

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

private typealias Tenant = TenantRedaction

/// Issue 42: the `URLError` a fault gives an intercepted request names the request as the scope's
/// configured redaction leaves it.
@Suite struct InterceptedRedactionTests {
    init() {
        URLSessionInterception.prepare()
    }

    @Test("a fault's URLError names the request with the values under the names the scope added redacted")
    func faultDescriptionRedacted() async throws {
        let server = StubServer(StubServer.Configuration(redaction: Tenant.redaction))
        server.load(
            Fixture(interactions: [textInteraction("/item", "body")]), source: "inline")
        server.playback.inject(.connectionReset, when: .get("/item"))
        let answer = try await server.interceptingURLSession {
            await SharedSessionAnswer.get("https://api.example.com/item?tenant=\(Tenant.value)&page=2")
        }
        let error = try #require(answer.error)
        #expect(error.code == .networkConnectionLost)
        let description = error.localizedDescription
        #expect(!description.contains(Tenant.value), "\(description)")
        #expect(
            description
                == "the stub server reset the connection (fault: connection reset): "
                + "GET https://api.example.com/item?tenant=REDACTED&page=2")
    }
}
