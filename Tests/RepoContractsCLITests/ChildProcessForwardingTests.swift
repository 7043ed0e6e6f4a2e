#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplayMessages
import Foundation
import RecordReplay
import Testing

@testable import RepoContractsCLI

/// What goes over URLSession (`https`) is sent by `record` in a child process on Linux: the answer comes
/// back whole, and an answer that ends URLSession (a chunked body with a trailer field) ends only the
/// child, reported as that one request's failure. Measured over `http` sent through URLSession (the
/// forwarder's test switch), as `https` would be: the child, not the scheme, is what is tested.
@Suite("record: forwards over URLSession in a child process", .timeLimit(.minutes(10)))
struct ChildProcessForwardingTests {
    static let trailerAnswer =
        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\nTrailer: X-Checksum\r\n\r\n"
        + "5\r\nhello\r\n6\r\n world\r\n0\r\nX-Checksum: 5eb63bbbe01eeed0\r\n\r\n"

    /// An upstream echoing each request (method, one field, body) and answering `/trailer` with a trailer.
    /// Its connections never time out: a child process started on a loaded machine may connect long before
    /// it sends, and the server's 30-second idle limit would then close the connection unanswered.
    static func upstream() async throws -> StubServer {
        let never = Duration.seconds(24 * 60 * 60)
        let upstream = StubServer(StubServer.Configuration(server: ServerOptions(idleTimeout: never, requestTimeout: never)))
        upstream.playback.stub(.any) { request in
            StubResponse(
                status: 201, headers: ["Content-Type": "application/octet-stream", "X-Seen-Flavour": request.headers["X-Flavour"] ?? "-"],
                body: Data("\(request.method) \(request.path) ".utf8) + request.body)
        }
        upstream.playback.inject(.malformedResponse(Data(trailerAnswer.utf8)), when: .method("GET", "/trailer"))
        try await upstream.start()
        return upstream
    }

    static func forwarder(to upstream: StubServer) throws -> UpstreamForwarder {
        let executable = try RepoContractsBinary.url()
        return UpstreamForwarder(
            upstream: upstream.baseURL, timeout: .seconds(24 * 60 * 60), plainHTTPOverURLSession: true,
            forwardingInChildProcess: { job throws(UpstreamError) in try await ChildProcessForwarding.forward(job, executable: executable) })
    }

    @Test("the child's answer comes back whole: status, fields, a binary body")
    func answerComesBack() async throws {
        let upstream = try await Self.upstream()
        defer { Task { await upstream.stop() } }
        let body = Data((0..<256).map { UInt8($0) })
        let response = try await Self.forwarder(to: upstream).forward(
            StubRequest(method: "POST", path: "/items", headers: ["X-Flavour": "vanilla", "Content-Type": "application/octet-stream"], body: body))
        #expect(response.status == 201)
        #expect(response.headers["X-Seen-Flavour"] == "vanilla")
        #expect(response.body == Data("POST /items ".utf8) + body)
    }

    @Test("an answer that ends URLSession ends the child only: that request fails, named, and the next one is forwarded")
    func trailerCostsOneRequest() async throws {
        let upstream = try await Self.upstream()
        defer { Task { await upstream.stop() } }
        let forwarder = try Self.forwarder(to: upstream)
        do {
            _ = try await forwarder.forward(StubRequest(method: "GET", path: "/trailer"))
            Issue.record("the trailer answer was forwarded: URLSession no longer dies on trailers, see URLSessionTrailerCrashTests")
        } catch let error as UpstreamError {
            #expect(error.url == upstream.baseURL.absoluteString + "/trailer")
            #expect(error.reason.hasPrefix("URLSession on Linux cannot read this answer (a chunked body with a trailer field"), "\(error)")
            #expect(error.reason.hasSuffix("record this API over http, through a TLS-terminating proxy in front of it"), "\(error)")
        }
        let next = try await forwarder.forward(StubRequest(method: "GET", path: "/after"))
        #expect(String(decoding: next.body, as: UTF8.self) == "GET /after ")
    }

    @Test("a job and an answer survive their JSON; an answer that is no JSON is named")
    func wireFormat() throws {
        let job = ForwardJob(
            request: StubRequest(method: "PUT", path: "/a b", headers: ["Set-Cookie": "a=1", "set-cookie": "b=2"], body: Data([0, 255, 10])),
            url: URL(string: "https://api.example.com/a%20b?x=1")!, timeoutSeconds: 7)
        let read = try ForwardJob(decoding: job.encoded())
        #expect(read.url == job.url && read.timeoutSeconds == 7 && read.request.method == "PUT")
        #expect(read.request.headers == job.request.headers && read.request.body == job.request.body)
        #expect(throws: UpstreamError(url: "https://api.example.com/a%20b?x=1", reason: "the child process that forwarded it wrote no answer")) {
            try job.response(from: Data("Fatal error".utf8))
        }
        #expect(throws: UpstreamError(url: "https://api.example.com/a%20b?x=1", reason: "cannot connect")) {
            try job.response(from: Data(#"{"error":"cannot connect"}"#.utf8))
        }
    }
}
#endif
