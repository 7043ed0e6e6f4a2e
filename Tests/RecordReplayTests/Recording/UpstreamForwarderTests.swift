import RecordReplayMessages
import Foundation
import RecordReplay
import Testing
import RepositoryContractsTestSupport

/// The forwarder against a second stub server on loopback playing the live API.
@Suite("Recording: upstream forwarder")
struct UpstreamForwarderTests {
    @Test("method, path under the upstream's path, query, headers and body reach the upstream; hop-by-hop fields do not")
    func forwardsTheRequest() async throws {
        let upstream = StubServer()
        upstream.playback.stub(.post("/v1/todos")) { request in
            StubResponse(
                status: 201, headers: ["Content-Type": "application/json", "X-Seen-Query": "\(request.query.count)"],
                body: request.body)
        }
        try await upstream.start()
        let forwarder = UpstreamForwarder.patient(URL(string: upstream.baseURL.absoluteString + "/v1/")!)
        let response = try await forwarder.forward(StubRequest(
            method: "POST", path: "/todos", query: [QueryItem(name: "notify", value: "e mail")],
            headers: ["Content-Type": "application/json", "Connection": "keep-alive", "X-Trace": "abc"],
            body: Data(#"{"title":"Walk"}"#.utf8)))
        await upstream.stop()

        #expect(response.status == 201)
        #expect(response.body == Data(#"{"title":"Walk"}"#.utf8))
        #expect(response.headers["X-Seen-Query"] == "1")
        #expect(response.headers["Content-Length"] == nil)
        let received = try #require(upstream.journal.first?.request)
        #expect(received.path == "/v1/todos")
        #expect(received.query == [QueryItem(name: "notify", value: "e mail")])
        #expect(received.headers["X-Trace"] == "abc")
        #expect(received.headers["Accept-Encoding"] == "identity")
    }

    @Test("a redirect is handed back, not followed")
    func redirectsAreNotFollowed() async throws {
        let upstream = StubServer()
        upstream.playback.stub(.get("/old"), with: StubResponse(status: 302, headers: ["Location": "/new"]))
        upstream.playback.stub(.get("/new"), with: StubResponse(status: 200, body: Data("new".utf8)))
        try await upstream.start()
        let response = try await UpstreamForwarder.patient(upstream.baseURL)
            .forward(StubRequest(method: "GET", path: "/old"))
        await upstream.stop()
        #expect(response.status == 302)
        #expect(response.headers["Location"] == "/new")
        #expect(upstream.journal.count(of: .get("/new")) == 0)
    }

    /// Port 1 on loopback: nothing listens there, and it is outside the ephemeral range the tests'
    /// own servers bind, so no parallel test can take it (a port freed by a stopped server could be).
    static let unreachable = URL(string: "http://127.0.0.1:1")!

    @Test("an unreachable upstream fails naming the URL")
    func unreachableUpstream() async throws {
        let forwarder = UpstreamForwarder(upstream: Self.unreachable, timeout: .seconds(5))
        await #expect {
            _ = try await forwarder.forward(StubRequest(method: "GET", path: "/todos"))
        } throws: { error in
            String(describing: error).contains("http://127.0.0.1:1/todos")
        }
    }
}
