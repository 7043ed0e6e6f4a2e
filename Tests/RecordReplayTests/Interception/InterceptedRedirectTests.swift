import RecordReplayMessages
import Foundation
import Testing
@testable import RecordReplay

/// Redirects an intercepted request gets are followed through the playback, as URLSession follows them
/// on a real connection: the client sees the final answer, the journal every hop.
@Suite struct InterceptedRedirectTests {
    init() {
        URLSessionInterception.prepare()
    }

    static func redirect(_ status: Int, _ method: String, _ path: String, body: String = "", to location: String) -> Interaction {
        Interaction(
            request: StubRequest(method: method, path: path, body: Data(body.utf8)),
            response: StubResponse(status: status, headers: ["Location": location]))
    }

    @Test func postAnsweredWithSeeOtherBecomesGetAtTheNewPlace() async throws {
        let server = interceptionServer([
            Self.redirect(303, "POST", "/orders", body: "{}", to: "/orders/7"),
            textInteraction("/orders/7", "order 7"),
        ])
        let answer = try await server.interceptingURLSession {
            await SharedSessionAnswer.get("https://shop.example.com/orders", method: "POST", body: Data("{}".utf8))
        }
        #expect(answer.status == 200)
        #expect(answer.text == "order 7")
        #expect(server.journal.entries.map { "\($0.request.method) \($0.request.path)" } == ["POST /orders", "GET /orders/7"])
        #expect(server.report.findings.isEmpty)
    }

    @Test func temporaryRedirectKeepsMethodAndBodyAcrossOrigins() async throws {
        let server = interceptionServer([Self.redirect(307, "PUT", "/v1/item", body: "payload", to: "https://eu.example.com/v1/item")])
        server.playback.stub(.matching("PUT to eu") { $0.method == "PUT" && $0.origin?.host == "eu.example.com" }) { request in
            StubResponse(status: 200, body: request.body)
        }
        let answer = try await server.interceptingURLSession {
            await SharedSessionAnswer.get("https://api.example.com/v1/item", method: "PUT", body: Data("payload".utf8))
        }
        #expect(answer.text == "payload")
        #expect(server.journal.entries.map { $0.request.origin?.host } == ["api.example.com", "eu.example.com"])
    }

    @Test func endlessRedirectsFailAsTooMany() async throws {
        let server = interceptionServer()
        server.playback.stub(.get("/loop"), with: StubResponse(status: 302, headers: ["Location": "/loop"]))
        let answer = try await server.interceptingURLSession { await SharedSessionAnswer.get("https://api.example.com/loop") }
        #expect(answer.error?.code == .httpTooManyRedirects)
        #expect(server.journal.entries.count == InterceptedRedirect.limit + 1)
    }
}
