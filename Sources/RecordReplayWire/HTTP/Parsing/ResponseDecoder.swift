package import RecordReplayMessages
import Foundation

/// Reads the response to one request out of the bytes an upstream connection receives: the way a
/// recording reads the live API's answer over the package's own client.
///
/// It does no I/O. The caller passes every byte received and not yet used to ``decode(_:)``, drops the
/// bytes the call used, and reads more while it asks; when the connection ends, ``finish()`` gives the
/// response whose body ran until the close, or says what was cut short. Interim `1xx` answers
/// (`100 Continue`, `103 Early Hints`) are skipped (their statuses are kept in
/// ``informationalStatuses``); the body is delimited as ``ResponseHeadParser`` says, and a chunked
/// body's trailer fields are checked and dropped (the body is the chunks' data). Each step is linear in
/// the bytes it is given.
package struct ResponseDecoder {
    /// What the decoder needs next, or the response.
    package enum Step: Equatable, Sendable {
        /// More bytes, or the end of the connection (then call ``ResponseDecoder/finish()``).
        case needsBytes
        /// The complete response: status, header fields as received, and the body with its framing
        /// undone (no chunk sizes, no trailer section).
        case response(StubResponse)
    }

    private enum State {
        /// Looking for the end of a head: where the current line starts, how far was scanned, and
        /// whether a line with content (the status line) has come.
        case head(lineStart: Int, scanned: Int, started: Bool)
        case body(ResponseHead, chunks: ChunkedBodyDecoder?)
        case done
    }

    /// The largest head (status line and header section) read, in bytes; the default is 256 KiB.
    package let maxHeadBytes: Int
    private let method: String
    private let chunkLimits: HTTPParserLimits
    private var state = State.head(lineStart: 0, scanned: 0, started: false)
    private var body: [UInt8] = []
    /// The statuses of the interim (`1xx`) answers skipped before the final one, in order.
    package private(set) var informationalStatuses: [Int] = []

    /// A decoder for the answer to a request with `method` (`HEAD` answers have no body).
    package init(method: String, maxHeadBytes: Int = 256 * 1024, maxHeaderCount: Int = 1000) {
        self.method = method
        self.maxHeadBytes = maxHeadBytes
        self.chunkLimits = HTTPParserLimits(
            maxHeaderBytes: maxHeadBytes, maxHeaderCount: maxHeaderCount, maxBodyBytes: Int.max)
    }

    /// Decodes what it can of `bytes` (everything received and not yet used) and returns the next step
    /// with how many bytes of `bytes` it used.
    ///
    /// - Throws: ``HTTPResponseError`` for an answer that is not HTTP/1.1, or whose framing is broken.
    package mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(HTTPResponseError) -> (step: Step, used: Int) {
        var used = 0
        while true {
            switch state {
            case .head(let lineStart, let scanned, let started):
                let rest = UnsafeBufferPointer(rebasing: bytes[used...])
                guard let end = try headEnd(in: rest, lineStart: lineStart, scanned: scanned, started: started) else {
                    return (.needsBytes, used)
                }
                let head = try ResponseHeadParser.parse(UnsafeBufferPointer(rebasing: rest[..<end]), answering: method)
                used += end
                if head.status == 101 { throw .switchingProtocols }
                if head.status < 200 {
                    informationalStatuses.append(head.status)
                    state = .head(lineStart: 0, scanned: 0, started: false)
                    continue
                }
                state = .body(head, chunks: head.framing == .chunked ? ChunkedBodyDecoder(limits: chunkLimits) : nil)
            case .body(let head, var chunks):
                let rest = UnsafeBufferPointer(rebasing: bytes[used...])
                switch head.framing {
                case .none:
                    break
                case .contentLength(let length):
                    let take = min(length - body.count, rest.count)
                    body.append(contentsOf: UnsafeBufferPointer(rebasing: rest[..<take]))
                    used += take
                    if body.count < length { return (.needsBytes, used) }
                case .chunked:
                    var decoder = chunks ?? ChunkedBodyDecoder(limits: chunkLimits)
                    do {
                        used += try decoder.decode(rest, into: &body)
                    } catch {
                        throw .malformedChunkedBody(reason: error.message)
                    }
                    chunks = decoder
                    state = .body(head, chunks: chunks)
                    if !decoder.isComplete { return (.needsBytes, used) }
                case .untilClose:
                    body.append(contentsOf: rest)
                    return (.needsBytes, bytes.count)
                }
                state = .done
                return (.response(response(head)), used)
            case .done:
                return (.needsBytes, used)
            }
        }
    }

    /// The response when the connection has ended (after the last ``decode(_:)``): the body that ran
    /// until the close, or the response already complete.
    ///
    /// - Throws: ``HTTPResponseError`` naming what the close cut short: nothing came, the head, a body
    ///   shorter than its `Content-Length`, a chunked body before its last chunk.
    package mutating func finish() throws(HTTPResponseError) -> StubResponse {
        switch state {
        case .head(_, let scanned, _):
            if scanned == 0 && informationalStatuses.isEmpty { throw .emptyReply }
            throw .closedInHead(received: scanned)
        case .body(let head, _):
            switch head.framing {
            case .contentLength(let length) where body.count < length:
                throw .truncatedBody(received: body.count, expected: length)
            case .chunked:
                throw .truncatedChunkedBody(received: body.count)
            default:
                state = .done
                return response(head)
            }
        case .done:
            throw .emptyReply
        }
    }

    private func response(_ head: ResponseHead) -> StubResponse {
        StubResponse(status: head.status, headers: head.headers, body: Data(body))
    }

    /// Where the head in `bytes` ends (just after the empty line that follows its status line and
    /// fields; empty lines before the status line are skipped by the parser), or `nil` when it has not
    /// all come; resumes where the last call stopped, and throws once the head outgrows ``maxHeadBytes``.
    private mutating func headEnd(in bytes: UnsafeBufferPointer<UInt8>, lineStart: Int, scanned: Int, started: Bool)
        throws(HTTPResponseError) -> Int?
    {
        var lineStart = lineStart
        var started = started
        var index = scanned
        while index < bytes.count {
            if bytes[index] == HTTPByte.lineFeed {
                let isEmpty = index == lineStart || (index == lineStart + 1 && bytes[lineStart] == HTTPByte.carriageReturn)
                if isEmpty && started { return index + 1 }
                started = started || !isEmpty
                lineStart = index + 1
            }
            index += 1
            if index > maxHeadBytes { throw .headTooLarge }
        }
        state = .head(lineStart: lineStart, scanned: index, started: started)
        return nil
    }
}
