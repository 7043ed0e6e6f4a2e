@testable import RecordReplayMessages
import Foundation
import Testing

@_spi(Benchmarks) @testable import RecordReplay
@_spi(Benchmarks) @testable import RecordReplayFixtures
@_spi(Benchmarks) @testable import RecordReplayRedaction
@_spi(Benchmarks) @testable import RecordReplayWire
import RepositoryContractsTestSupport

/// What the forwarder must not change on the way: redirect bodies, repeated `Set-Cookie` fields, the
/// request's fields; and that it cleans up after cancellation. The live API is a second stub server on
/// loopback, reached over each of the forwarder's clients (its own, and URLSession as `https` is).
@Suite("Recording: upstream forwarder fidelity", .timeLimit(.minutes(10)))
struct UpstreamForwarderFidelityTests {
    /// Bytes that are not UTF-8 either, so that nothing on the way may treat the body as text.
    static let redirectBody = Data(#"<a href="/new">Moved</a>"#.utf8) + Data([0x00, 0xFF, 0x80, 0x0A])

    @Test("a 3xx with a body and Location comes back with its body bytes intact and is not followed", arguments: ForwardingClient.allCases, [
        (302, "GET"), (307, "POST"),
    ])
    func redirectBodyIsKept(client: ForwardingClient, redirect: (status: Int, method: String)) async throws {
        let (status, method) = redirect
        let upstream = StubServer()
        upstream.playback.stub(
            .method(method, "/old"),
            with: StubResponse(
                status: status, headers: ["Location": "/new", "Content-Type": "text/html"], body: Self.redirectBody))
        upstream.playback.stub(.path("/new"), with: StubResponse(status: 200, body: Data("new".utf8)))
        try await upstream.start()
        let forwarder = UpstreamForwarder.patient(upstream.baseURL, client: client)
        let response = try await forwarder.forward(
            StubRequest(method: method, path: "/old", body: method == "POST" ? Data("{}".utf8) : Data()))
        await upstream.stop()

        #expect(response.status == status)
        #expect(response.body == Self.redirectBody)
        #expect(response.headers["Location"] == "/new")
        #expect(response.headers["Content-Type"] == "text/html")
        #expect(upstream.journal.count(of: .path("/new")) == 0)
        #expect(forwarder.inFlightCount == 0)
    }

    @Test("repeated Set-Cookie fields come back one field per cookie, in order, and are each redacted", arguments: ForwardingClient.allCases)
    func repeatedSetCookieFields(client: ForwardingClient) async throws {
        let cookies = [
            "session=abc123; Path=/; HttpOnly",
            "id=42; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/",
            "theme=dark",
        ]
        let upstream = StubServer()
        upstream.playback.stub(
            .get("/login"),
            with: StubResponse(status: 200, headers: HTTPHeaders(cookies.map { ("Set-Cookie", $0) })))
        try await upstream.start()
        let response = try await UpstreamForwarder.patient(upstream.baseURL, client: client)
            .forward(StubRequest(method: "GET", path: "/login"))
        await upstream.stop()

        #expect(response.headers.values(for: "Set-Cookie") == cookies)
        let redacted = Redaction().redact(
            Fixture(interactions: [Interaction(request: StubRequest(method: "GET", path: "/login"), response: response)]))
        #expect(
            redacted.fixture.interactions[0].response.headers.values(for: "Set-Cookie") == [
                "session=REDACTED; Path=/; HttpOnly",
                "id=REDACTED; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/",
                "theme=REDACTED",
            ])
    }

    @Test("one Set-Cookie field whose Expires date holds a comma stays one field", arguments: ForwardingClient.allCases)
    func setCookieWithExpiresStaysWhole(client: ForwardingClient) async throws {
        let cookie = "id=42; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/"
        let upstream = StubServer()
        upstream.playback.stub(.get("/login"), with: StubResponse(status: 200, headers: ["Set-Cookie": cookie]))
        try await upstream.start()
        let response = try await UpstreamForwarder.patient(upstream.baseURL, client: client)
            .forward(StubRequest(method: "GET", path: "/login"))
        await upstream.stop()

        #expect(response.headers.values(for: "Set-Cookie") == [cookie])
    }

    @Test("a joined Set-Cookie value splits only at a comma followed by a cookie name and =", arguments: [
        ("a=1", ["a=1"]),
        ("a=1; Path=/, b=2; Path=/", ["a=1; Path=/", "b=2; Path=/"]),
        ("a=1,b=2", ["a=1", "b=2"]),
        ("a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT, b=2", ["a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT", "b=2"]),
        ("a=1; Expires=Wed,21-Oct-2026 07:28:00 GMT", ["a=1; Expires=Wed,21-Oct-2026 07:28:00 GMT"]),
        ("a=x,y", ["a=x,y"]),
        ("a=1, \t__Host-b!#$%&'*+.^_`|~=2", ["a=1", "__Host-b!#$%&'*+.^_`|~=2"]),
        ("a=1, (b)=2", ["a=1, (b)=2"]),
        ("a=1, =2", ["a=1, =2"]),
        ("a=1,", ["a=1,"]),
        ("", []),
    ])
    func setCookieSplitting(value: String, cookies: [String]) {
        #expect(SetCookieFields.split(value) == cookies)
    }

    /// The clients that send no field the client did not: URLSession adds its own on Darwin.
    static let clientsAddingNothing: [ForwardingClient] =
        UpstreamForwarder.fieldsURLSessionAddsUnasked.isEmpty ? [.own] : [.own, .urlSession]

    @Test("the upstream receives no User-Agent, Accept-Language or Accept when the client sent none", arguments: clientsAddingNothing)
    func noFieldsTheClientDidNotSend(client: ForwardingClient) async throws {
        let upstream = StubServer()
        upstream.playback.stub(.get("/greeting"), with: StubResponse(status: 200))
        try await upstream.start()
        _ = try await UpstreamForwarder.patient(upstream.baseURL, client: client)
            .forward(StubRequest(method: "GET", path: "/greeting", headers: ["X-Trace": "abc"]))
        await upstream.stop()

        let received = try #require(upstream.journal.first?.request)
        #expect(received.headers["User-Agent"] == nil)
        #expect(received.headers["Accept-Language"] == nil)
        #expect(received.headers["Accept"] == nil)
        #expect(received.headers["X-Trace"] == "abc")
    }

    @Test("the upstream receives no Content-Type with a body when the client sent none", arguments: clientsAddingNothing)
    func noContentTypeTheClientDidNotSend(client: ForwardingClient) async throws {
        let upstream = StubServer()
        upstream.playback.stub(.post("/notes"), with: StubResponse(status: 201))
        try await upstream.start()
        _ = try await UpstreamForwarder.patient(upstream.baseURL, client: client)
            .forward(StubRequest(method: "POST", path: "/notes", body: Data("x=1".utf8)))
        await upstream.stop()

        let received = try #require(upstream.journal.first?.request)
        #expect(received.headers["Content-Type"] == nil)
        #expect(received.body == Data("x=1".utf8))
    }

    @Test("the upstream receives User-Agent, Accept-Language, Accept and Content-Type as the client sent them", arguments: ForwardingClient.allCases)
    func fieldsTheClientSent(client: ForwardingClient) async throws {
        let sent: HTTPHeaders = [
            "User-Agent": "TodoApp/1.0", "Accept-Language": "de-CH", "Accept": "application/json",
            "Content-Type": "application/json",
        ]
        let upstream = StubServer()
        upstream.playback.stub(.post("/greeting"), with: StubResponse(status: 200))
        try await upstream.start()
        _ = try await UpstreamForwarder.patient(upstream.baseURL, client: client)
            .forward(StubRequest(method: "POST", path: "/greeting", headers: sent, body: Data("{}".utf8)))
        await upstream.stop()

        let received = try #require(upstream.journal.first?.request)
        for field in sent {
            #expect(received.headers.values(for: field.name) == [field.value])
        }
    }

    @Test("cancelling a forward the upstream never answers fails it promptly and leaves no task state", arguments: ForwardingClient.allCases)
    func cancelledForward(client: ForwardingClient) async throws {
        let upstream = StubServer()
        upstream.playback.inject(.neverRespond, when: .get("/hang"))
        try await upstream.start()
        let forwarder = UpstreamForwarder.patient(upstream.baseURL, client: client)
        let forward = Task { try await forwarder.forward(StubRequest(method: "GET", path: "/hang")) }
        await upstream.playback.waitForRequests(count: 1)
        #expect(forwarder.inFlightCount == 1)

        // The upstream never answers and the forward's own timeout is a day: only the cancellation can
        // end it (the suite's time limit fails the test if it does not).
        forward.cancel()
        let result = await forward.result
        await upstream.stop()

        #expect(throws: UpstreamError.self) { try result.get() }
        #expect(forwarder.inFlightCount == 0)
    }

    @Test("a forward whose task is cancelled before it starts fails without reaching the upstream", arguments: ForwardingClient.allCases)
    func forwardCancelledBeforeStart(client: ForwardingClient) async throws {
        let upstream = StubServer()
        upstream.playback.stub(.get("/todos"), with: StubResponse(status: 200))
        try await upstream.start()
        let forwarder = UpstreamForwarder.patient(upstream.baseURL, client: client)
        let forward = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await forwarder.forward(StubRequest(method: "GET", path: "/todos"))
        }
        let result = await forward.result
        await upstream.stop()

        #expect(throws: UpstreamError.self) { try result.get() }
        #expect(upstream.journal.isEmpty)
        #expect(forwarder.inFlightCount == 0)
    }

    @Test("an upstream that does not answer in time fails naming the URL", arguments: ForwardingClient.allCases)
    func timeout(client: ForwardingClient) async throws {
        let upstream = StubServer()
        upstream.playback.inject(.neverRespond, when: .get("/hang"))
        try await upstream.start()
        let forwarder = UpstreamForwarder(
            upstream: upstream.baseURL, timeout: .seconds(1), plainHTTPOverURLSession: client == .urlSession)
        let url = upstream.baseURL.absoluteString + "/hang"
        await #expect {
            _ = try await forwarder.forward(StubRequest(method: "GET", path: "/hang"))
        } throws: { error in
            (error as? UpstreamError)?.url == url
        }
        await upstream.stop()
        #expect(forwarder.inFlightCount == 0)
    }

    @Test("a timeout under a second becomes one second, not zero (Linux's URLSession drops the fraction)")
    func subsecondTimeout() {
        #expect(UpstreamForwarder.requestTimeoutInterval(for: .milliseconds(300)) == 1)
        #expect(UpstreamForwarder.requestTimeoutInterval(for: .zero) == 1)
        #expect(UpstreamForwarder.requestTimeoutInterval(for: .milliseconds(1_500)) == 2)
        #expect(UpstreamForwarder.requestTimeoutInterval(for: .seconds(30)) == 30)
    }

    @Test("an unreachable upstream throws UpstreamError naming the URL and leaves no task state", arguments: ForwardingClient.allCases)
    func unreachableUpstream(client: ForwardingClient) async throws {
        let forwarder = UpstreamForwarder(
            upstream: UpstreamForwarderTests.unreachable, timeout: .seconds(5), plainHTTPOverURLSession: client == .urlSession)
        await #expect {
            _ = try await forwarder.forward(StubRequest(method: "GET", path: "/todos"))
        } throws: { error in
            (error as? UpstreamError)?.url == "http://127.0.0.1:1/todos"
        }
        #expect(forwarder.inFlightCount == 0)
    }
}
