import RecordReplayMessages
import Foundation
import RecordReplayWire
import Testing

@testable import RecordReplay
import RepositoryContractsTestSupport

/// What the forwarder makes of every kind of answer an `http` upstream may give, sent as raw bytes:
/// valid ones come back whole (never a crash of the process, as URLSession's on Linux), broken ones
/// fail that one forward, naming what broke.
@Suite("Recording: upstream forwarder, answers of every kind", .timeLimit(.minutes(10)))
struct UpstreamForwarderAnswerTests {
    @Test("a valid answer comes back with its status and body, without its framing fields", arguments: RawUpstreamAnswer.valid)
    func validAnswer(_ answer: RawUpstreamAnswer) async throws {
        let upstream = try await RawUpstreamAnswer.upstream(answering: [answer])
        let forwarder = UpstreamForwarder.patient(upstream.baseURL)
        let response = try await forwarder.forward(StubRequest(method: answer.method, path: answer.path))
        await upstream.stop()

        guard case .response(let status, let body) = answer.outcome else { return }
        #expect(response.status == status)
        #expect(String(decoding: response.body, as: UTF8.self) == body)
        for framing in ["Transfer-Encoding", "Trailer", "Content-Length", "Connection"] {
            #expect(response.headers[framing] == nil, "\(framing)")
        }
        // Trailer fields are not recorded (the fixture stores the body whole; replay sends no trailer).
        #expect(response.headers["X-Checksum"] == nil)
        #expect(forwarder.inFlightCount == 0)
    }

    @Test("a broken answer fails the forward, naming the URL and what broke", arguments: RawUpstreamAnswer.broken)
    func brokenAnswer(_ answer: RawUpstreamAnswer) async throws {
        let upstream = try await RawUpstreamAnswer.upstream(answering: [answer])
        let forwarder = UpstreamForwarder.patient(upstream.baseURL)
        let result = await Result { try await forwarder.forward(StubRequest(method: answer.method, path: answer.path)) }
        await upstream.stop()

        guard case .failure(let reason) = answer.outcome else { return }
        let error = try #require(result.failure as? UpstreamError, "\(result)")
        #expect(error.url == upstream.baseURL.absoluteString + answer.path)
        #expect(error.reason.contains(reason), "\(error.reason)")
        #expect(forwarder.inFlightCount == 0)
    }

    @Test("fields come back in the order sent, repeated ones apart; a folded line is joined with a space")
    func fieldsAsSent() async throws {
        let answer = RawUpstreamAnswer(
            name: "fields",
            bytes: "HTTP/1.1 200 OK\r\nSet-Cookie: a=1; Path=/\r\nX-Long: first\r\n  second\r\n"
                + "Set-Cookie: b=2, c=3\r\nContent-Length: 2\r\n\r\nok",
            outcome: .response(status: 200, body: "ok"))
        let upstream = try await RawUpstreamAnswer.upstream(answering: [answer])
        let response = try await UpstreamForwarder.patient(upstream.baseURL).forward(StubRequest(method: "GET", path: answer.path))
        await upstream.stop()

        #expect(response.headers.values(for: "Set-Cookie") == ["a=1; Path=/", "b=2, c=3"])
        #expect(response.headers["X-Long"] == "first second")
    }

    @Test("the upstream receives the client's fields and Host, and nothing the client did not send")
    func requestAsSent() async throws {
        let upstream = StubServer()
        upstream.playback.stub(.post("/v1/notes"), with: StubResponse(status: 201))
        try await upstream.start()
        _ = try await UpstreamForwarder.patient(URL(string: upstream.baseURL.absoluteString + "/v1")!).forward(
            StubRequest(
                method: "POST", path: "/notes", query: [QueryItem(name: "tag", value: "a b")],
                headers: ["X-Trace": "abc", "Connection": "close", "Host": "client.example"], body: Data("x=1".utf8)))
        await upstream.stop()

        let received = try #require(upstream.journal.first?.request)
        #expect(received.path == "/v1/notes")
        #expect(received.query == [QueryItem(name: "tag", value: "a b")])
        #expect(received.body == Data("x=1".utf8))
        #expect(
            received.headers.map(\.name).sorted() == ["Accept-Encoding", "Content-Length", "Host", "X-Trace"],
            "\(received.headers)")
        #expect(received.headers["Host"] == "\(upstream.baseURL.host!):\(upstream.baseURL.port!)")
    }

    @Test("a body in a coding the own client does not decode (br) is kept as it came, with its Content-Encoding")
    func compressedAnyway() async throws {
        let brotli = Data([0x8B, 0x02, 0x80, 0x68, 0x65, 0x6C, 0x6C, 0x6F, 0x03])
        let upstream = StubServer()
        upstream.playback.inject(
            .malformedResponse(
                Data("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Encoding: br\r\nContent-Length: \(brotli.count)\r\n\r\n".utf8)
                    + brotli),
            when: .get("/compressed"))
        try await upstream.start()
        let response = try await UpstreamForwarder.patient(upstream.baseURL).forward(StubRequest(method: "GET", path: "/compressed"))
        await upstream.stop()

        #expect(response.body == brotli)
        #expect(response.headers["Content-Encoding"] == "br")
        #expect(upstream.journal.first?.request.headers["Accept-Encoding"] == "identity")
    }

    @Test("the own client connects to the host itself: proxy variables are not read")
    func proxyVariablesAreNotRead() async {
        // In a process of its own: the variables are the whole process's.
        await #expect(processExitsWith: .exitCode(42)) {
            ProcessEnvironment.apply(["http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"].map { ($0, "http://127.0.0.1:1") })
            ProcessEnvironment.apply([("no_proxy", nil), ("NO_PROXY", nil)])
            guard let upstream = try? await RawUpstreamAnswer.upstream(answering: []) else { exit(3) }
            let response = try? await UpstreamForwarder.patient(upstream.baseURL).forward(StubRequest(method: "GET", path: "/direct"))
            exit(response?.status == 200 ? 42 : 1)
        }
    }
}

extension Result {
    /// The value of `body`, or what it threw.
    init(catching body: () async throws(Failure) -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }

    /// The error, or `nil` on success.
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
