import Foundation
import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

/// Bad requests over real sockets: each is answered with its status and a `text/plain` reason, then the
/// server closes the connection.
@Suite("HTTP transport: refusals")
struct HTTPRefusalTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var request: String
        var status: Int
        var message: String
        var testDescription: String { name }

        init(_ name: String, _ request: String, _ status: Int, _ message: String) {
            self.name = name
            self.request = request
            self.status = status
            self.message = message
        }
    }

    static let limits = ServerOptions.patient { $0.maxBodyBytes = 10 }

    static let cases: [Case] = [
        Case("request line over 8 KiB", "GET /\(String(repeating: "a", count: 8200)) HTTP/1.1\r\nHost: x\r\n\r\n", 414,
            "request line too long"),
        Case("header section over 64 KiB", "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "b", count: 66_000))\r\n\r\n",
            431, "header section too large"),
        Case("more than 100 header fields",
            "GET / HTTP/1.1\r\nHost: x\r\n" + (1...100).map { "X-\($0): v\r\n" }.joined() + "\r\n", 431,
            "too many header fields"),
        Case("Content-Length over the body limit", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\nhello world",
            413, "request body too large"),
        Case("chunked body over the body limit",
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nhello \r\n5\r\nworld\r\n0\r\n\r\n", 413,
            "request body too large"),
        Case("request line with two parts", "GET /\r\nHost: x\r\n\r\n", 400, "malformed request line"),
        Case("request line with a double space", "GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400, "malformed request line"),
        Case("request line with four parts", "GET / HTTP/1.1 x\r\nHost: x\r\n\r\n", 400, "malformed request line"),
        Case("method that is not a token", "G(T / HTTP/1.1\r\nHost: x\r\n\r\n", 400, "invalid method"),
        Case("control character in the target", "GET /a\u{01}b HTTP/1.1\r\nHost: x\r\n\r\n", 400, "invalid request target"),
        Case("non-ASCII byte in the target", "GET /é HTTP/1.1\r\nHost: x\r\n\r\n", 400, "invalid request target"),
        Case("target not in origin form", "GET todos HTTP/1.1\r\nHost: x\r\n\r\n", 400, "invalid request target"),
        Case("lower-case protocol name", "GET / http/1.1\r\nHost: x\r\n\r\n", 400, "malformed HTTP version"),
        Case("version without minor", "GET / HTTP/1\r\nHost: x\r\n\r\n", 400, "malformed HTTP version"),
        Case("bare CR", "GET / HTTP/1.1\r\nHost: x\rX: y\r\n\r\n", 400, "CR not followed by LF"),
        Case("field line without colon", "GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n", 400, "malformed header field"),
        Case("space before the colon", "GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400, "malformed header field"),
        Case("empty field name", "GET / HTTP/1.1\r\nHost: x\r\n: v\r\n\r\n", 400, "malformed header field"),
        Case("control character in a value", "GET / HTTP/1.1\r\nHost: x\r\nX: a\u{01}b\r\n\r\n", 400,
            "invalid character in a header field value"),
        Case("obsolete line folding", "GET / HTTP/1.1\r\nHost: x\r\nX: a\r\n b\r\n\r\n", 400,
            "obsolete line folding in the header section"),
        Case("Content-Length not a number", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", 400,
            "invalid Content-Length"),
        Case("negative Content-Length", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400,
            "invalid Content-Length"),
        Case("conflicting Content-Length fields",
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", 400,
            "conflicting Content-Length values"),
        Case("conflicting Content-Length list", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3, 4\r\n\r\nabcd", 400,
            "conflicting Content-Length values"),
        Case("Content-Length and Transfer-Encoding",
            "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400,
            "both Content-Length and Transfer-Encoding"),
        Case("Transfer-Encoding in HTTP/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400,
            "Transfer-Encoding in an HTTP/1.0 request"),
        Case("chunked not the last coding", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", 400,
            "Transfer-Encoding must end with chunked, once"),
        Case("missing Host in HTTP/1.1", "GET / HTTP/1.1\r\n\r\n", 400, "missing Host header field"),
        Case("two Host fields", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "more than one Host header field"),
        Case("chunk size not hexadecimal", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400,
            "malformed chunk"),
        Case("chunk data not followed by CRLF",
            "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n", 400, "malformed chunk"),
        Case("too many empty lines before the request", "\r\n\r\n\r\n\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n", 400,
            "too many empty lines before the request line"),
        Case("HTTP/2.0", "GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505, "HTTP version not supported (HTTP/1.x only)"),
        Case("HTTP/3.1", "GET / HTTP/3.1\r\nHost: x\r\n\r\n", 505, "HTTP version not supported (HTTP/1.x only)"),
        Case("HTTP/0.9", "GET / HTTP/0.9\r\n\r\n", 505, "HTTP version not supported (HTTP/1.x only)"),
        Case("a transfer coding other than chunked", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n",
            501, "transfer coding not supported (chunked only)"),
    ]

    @Test("a bad request is refused with its status and reason, then the connection closes", arguments: cases)
    func refused(_ refusal: Case) async throws {
        try await withListener(Self.limits) { _, port in
            let (response, rest) = try await blocking {
                let client = try RawHTTPClient(port: port)
                try client.send(refusal.request)
                let response = try client.readResponse()
                return (response, try client.readToEnd())
            }
            #expect(response.status == refusal.status)
            #expect(response.text == refusal.message + "\n")
            #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(response.header("Connection") == "close")
            #expect(rest.isEmpty)
        }
    }

    @Test("a refused request does not disturb another connection")
    func otherConnectionsUnaffected() async throws {
        try await withListener { _, port in
            let (bad, good) = try await blocking {
                let healthy = try RawHTTPClient(port: port)
                _ = try healthy.exchange("GET /1 HTTP/1.1\r\nHost: x\r\n\r\n")
                let bad = try RawHTTPClient(port: port).exchange("\u{00}\u{01}garbage\r\n\r\n")
                return (bad, try healthy.exchange("GET /2 HTTP/1.1\r\nHost: x\r\n\r\n"))
            }
            #expect(bad.status == 400)
            #expect(good.status == 200)
        }
    }
}
