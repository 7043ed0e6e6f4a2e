import RecordReplayMessages
import Foundation
import RecordReplay
import Testing

/// Answers a live API may give, as raw bytes, for the tests of what recording does with each: valid
/// ones that are easy to get wrong (trailers, interim answers, bodies a status or `HEAD` rules out) and
/// broken ones (a connection closed early, bytes that are not HTTP).
///
/// The upstream is a ``StubServer`` whose fault ``Fault/malformedResponse(_:)`` writes the bytes as
/// they are after reading the request, then closes the connection.
struct RawUpstreamAnswer: Sendable, CustomTestStringConvertible {
    /// What recording must make of the answer.
    enum Outcome: Sendable {
        /// This status and body, and none of the answer's framing fields.
        case response(status: Int, body: String)
        /// A failure whose reason contains this text.
        case failure(String)
    }

    var name: String
    var method = "GET"
    var bytes: String
    var outcome: Outcome

    var testDescription: String { name }

    /// The path the upstream answers with the bytes.
    var path: String { "/raw/" + name.replacingOccurrences(of: " ", with: "-") }

    /// Valid answers: each must be recorded, body and status as sent.
    static let valid: [RawUpstreamAnswer] = [
        RawUpstreamAnswer(
            name: "chunked body with a trailer field",
            bytes: "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\nTrailer: X-Checksum\r\n\r\n"
                + "5\r\nhello\r\n6\r\n world\r\n0\r\nX-Checksum: 5eb63bbbe01eeed0\r\n\r\n",
            outcome: .response(status: 200, body: "hello world")),
        RawUpstreamAnswer(
            name: "chunked body without trailer",
            bytes: "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n",
            outcome: .response(status: 200, body: "hello world")),
        RawUpstreamAnswer(
            name: "100 Continue and 103 Early Hints before the answer",
            bytes: "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </app.css>; rel=preload\r\n\r\n"
                + "HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello",
            outcome: .response(status: 201, body: "hello")),
        RawUpstreamAnswer(
            name: "HEAD answered with a Content-Length and no body", method: "HEAD",
            bytes: "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1234\r\n\r\n",
            outcome: .response(status: 200, body: "")),
        RawUpstreamAnswer(
            name: "204 with a Content-Length",
            bytes: "HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\n",
            outcome: .response(status: 204, body: "")),
        RawUpstreamAnswer(
            name: "304 with a Content-Length",
            bytes: "HTTP/1.1 304 Not Modified\r\nETag: \"v1\"\r\nContent-Length: 5\r\n\r\n",
            outcome: .response(status: 304, body: "")),
        RawUpstreamAnswer(
            name: "body delimited by the close",
            bytes: "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nhello until the close",
            outcome: .response(status: 200, body: "hello until the close")),
    ]

    /// Broken answers: each must fail the one request, naming what broke.
    static let broken: [RawUpstreamAnswer] = [
        RawUpstreamAnswer(
            name: "connection closed in the middle of a Content-Length body",
            bytes: "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\nhello",
            outcome: .failure("the connection closed after 5 of the 100 body bytes its Content-Length announced")),
        RawUpstreamAnswer(
            name: "connection closed in the middle of a chunk",
            bytes: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n10\r\nabc",
            outcome: .failure("the connection closed in the middle of the chunked body")),
        RawUpstreamAnswer(
            name: "not HTTP",
            bytes: "HTTQ garbage\r\n\r\n",
            outcome: .failure("the answer does not start with an HTTP/1.x status line")),
        RawUpstreamAnswer(
            name: "no answer at all",
            bytes: "",
            outcome: .failure("the connection closed without an answer")),
    ]

    /// A started upstream answering each of `answers` at its ``path`` and anything else with
    /// `200 ok <path>`. The caller stops it.
    static func upstream(answering answers: [RawUpstreamAnswer]) async throws -> StubServer {
        let upstream = StubServer()
        upstream.playback.stub(.any) { request in
            StubResponse(headers: ["Content-Type": "text/plain"], body: Data("ok \(request.path)".utf8))
        }
        for answer in answers {
            upstream.playback.inject(.malformedResponse(Data(answer.bytes.utf8)), when: .method(answer.method, answer.path))
        }
        try await upstream.start()
        return upstream
    }
}
