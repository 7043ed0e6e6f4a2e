import RecordReplayMessages
import RecordReplayWire
import Foundation
import Testing

/// The response decoder on its own, fed an upstream's bytes whole and one at a time: every valid
/// answer gives the same response both ways, and an answer cut short by the close says what was cut.
@Suite("HTTP response decoder")
struct ResponseDecoderTests {
    /// The response `text` decodes to, answering `method`, fed `step` bytes at a time and then the end
    /// of the connection; and the interim statuses skipped.
    static func decode(_ text: String, method: String = "GET", step: Int) throws(HTTPResponseError) -> (StubResponse, [Int]) {
        let bytes = Array(text.utf8)
        var decoder = ResponseDecoder(method: method)
        var buffered: [UInt8] = []
        var offset = 0
        while offset < bytes.count {
            buffered += bytes[offset..<min(offset + step, bytes.count)]
            offset += step
            let (next, used) = try buffered.withUnsafeBufferPointer { all throws(HTTPResponseError) in try decoder.decode(all) }
            buffered.removeFirst(used)
            if case .response(let response) = next { return (response, decoder.informationalStatuses) }
        }
        return (try decoder.finish(), decoder.informationalStatuses)
    }

    /// Both feeds (whole, byte by byte) give the same result; it is returned.
    static func decodeBothWays(_ text: String, method: String = "GET") throws(HTTPResponseError) -> (StubResponse, [Int]) {
        let whole = try decode(text, method: method, step: .max / 2)
        let trickled = try decode(text, method: method, step: 1)
        #expect(whole.0 == trickled.0)
        #expect(whole.1 == trickled.1)
        return whole
    }

    /// The error `text` decodes to, the same whole and byte by byte.
    static func error(of text: String, method: String = "GET") -> HTTPResponseError? {
        var errors: [HTTPResponseError?] = []
        for step in [Int.max / 2, 1] {
            do {
                _ = try decode(text, method: method, step: step)
                errors.append(nil)
            } catch {
                errors.append(error)
            }
        }
        #expect(errors[0] == errors[1])
        return errors[0]
    }

    @Test("a chunked body with a trailer section: the chunks' data, the fields of the head, no trailer field")
    func chunkedWithTrailer() throws {
        let (response, _) = try Self.decodeBothWays(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTrailer: X-Checksum\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Checksum: abc\r\nX-Other: 1\r\n\r\n")
        #expect(response.status == 200)
        #expect(response.body == Data("hello world".utf8))
        #expect(response.headers.map(\.name) == ["Transfer-Encoding", "Trailer"])
    }

    @Test("interim answers are skipped and their statuses kept; 101 is refused")
    func interimAnswers() throws {
        let (response, interim) = try Self.decodeBothWays(
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        #expect(interim == [100, 103])
        #expect(response.body == Data("ok".utf8))
        #expect(response.headers.map(\.name) == ["Content-Length"])
        #expect(Self.error(of: "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n") == .switchingProtocols)
    }

    @Test("no body for HEAD, 204 and 304, whatever Content-Length says; the response is complete without the close", arguments: [
        ("HEAD", "HTTP/1.1 200 OK\r\nContent-Length: 1234\r\n\r\n"),
        ("GET", "HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\n"),
        ("GET", "HTTP/1.1 304 Not Modified\r\nContent-Length: 5\r\n\r\n"),
    ])
    func noBody(method: String, text: String) throws {
        var decoder = ResponseDecoder(method: method)
        let bytes = Array(text.utf8)
        let (step, used) = try bytes.withUnsafeBufferPointer { all throws(HTTPResponseError) in try decoder.decode(all) }
        #expect(used == bytes.count)
        guard case .response(let response) = step else {
            Issue.record("the decoder waits for more: \(step)")
            return
        }
        #expect(response.body.isEmpty)
    }

    @Test("a body without Content-Length or chunking runs until the close")
    func closeDelimited() throws {
        let (response, _) = try Self.decodeBothWays("HTTP/1.0 200 OK\nContent-Type: text/plain\n\nall of it\r\n")
        #expect(response.body == Data("all of it\r\n".utf8))
    }

    @Test("what a close cuts short is named", arguments: [
        ("", HTTPResponseError.emptyReply),
        ("HTTP/1.1 200 OK\r\nContent-Le", .closedInHead(received: 27)),
        ("HTTP/1.1 100 Continue\r\n\r\n", .closedInHead(received: 0)),
        ("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nhello", .truncatedBody(received: 5, expected: 100)),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n10\r\nabc", .truncatedChunkedBody(received: 8)),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\nX-Checksum: a", .truncatedChunkedBody(received: 5)),
    ])
    func cutShort(text: String, error: HTTPResponseError) {
        #expect(Self.error(of: text) == error)
    }

    @Test("an answer that is not HTTP/1.x, or whose framing cannot be trusted, is refused", arguments: [
        ("HTTQ garbage\r\n\r\n", HTTPResponseError.malformedStatusLine(line: "HTTQ garbage")),
        ("HTTP/2 200\r\n\r\n", .malformedStatusLine(line: "HTTP/2 200")),
        ("HTTP/1.1 2000 OK\r\n\r\n", .malformedStatusLine(line: "HTTP/1.1 2000 OK")),
        ("HTTP/1.1 200 OK\r\nNo colon\r\n\r\n", .malformedHeaderField),
        ("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!", .invalidContentLength),
        ("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", .invalidContentLength),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", .unsupportedTransferCoding("gzip, chunked")),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", .malformedChunkedBody(reason: "malformed chunk")),
    ])
    func refused(text: String, error: HTTPResponseError) {
        #expect(Self.error(of: text) == error)
    }

    @Test("lenient where the RFC lets a recipient be: bare LF, no reason phrase, folded lines, empty lines first, a repeated equal Content-Length")
    func lenient() throws {
        let (response, _) = try Self.decodeBothWays(
            "\r\nHTTP/1.1 404\nX-A: one\n\ttwo\nContent-Length: 3, 3\n\nnot")
        #expect(response.status == 404)
        #expect(response.headers["X-A"] == "one two")
        #expect(response.body == Data("not".utf8))
    }

    @Test("a head larger than the limit is refused before it is all in")
    func headTooLarge() {
        var decoder = ResponseDecoder(method: "GET", maxHeadBytes: 64)
        let bytes = Array(("HTTP/1.1 200 OK\r\nX-Big: " + String(repeating: "a", count: 100)).utf8)
        #expect(throws: HTTPResponseError.headTooLarge) {
            _ = try bytes.withUnsafeBufferPointer { all throws(HTTPResponseError) in try decoder.decode(all) }
        }
    }
}
