import RecordReplayMessages
import Foundation

/// The response step of a connection: encodes what the server answers (a response, a fault, a refusal)
/// in HTTP/1.1 wire format into a byte buffer reused from one answer to the next, and says how the
/// connection goes on once it is sent. It does no I/O: the connection sends ``output`` and the
/// ``Reply/body`` with one write, then ends as the reply says.
///
/// The server frames every response itself: it drops the response's own `Content-Length`,
/// `Transfer-Encoding` and `Connection` fields, writes `Content-Length` from the body (none for 1xx, 204
/// and 304), and `Connection: close` when it will close. It writes no `Date`, so answers are
/// byte-for-byte repeatable. Field names that are not tokens are left out, and control characters in
/// values and reason phrases become spaces, so a hand-edited fixture cannot break the framing.
struct ResponseEncoder {
    /// How the connection goes on after a reply.
    enum Ending: Equatable {
        /// It reads the next request.
        case keepOpen
        /// It closes at once.
        case close
        /// It stops writing and drains what the client still sends for a moment, then closes, so the
        /// client reads everything sent.
        case closeGracefully
        /// It closes with a TCP reset.
        case reset
        /// It sends nothing more and waits until the client closes (or the server stops).
        case waitForClientToClose
    }

    /// One answer: whether to send ``ResponseEncoder/output`` followed by `body`, and how the connection
    /// ends after.
    struct Reply {
        /// Whether there is anything to send.
        var sends: Bool
        /// Bytes sent after ``ResponseEncoder/output``, from their own storage (a large body); often empty.
        var body = Data()
        /// How the connection goes on once everything is sent.
        var ending: Ending
        /// How it goes on when sending fails.
        var endingIfUnsent: Ending
    }

    /// Bodies up to this size are copied behind the head; larger ones are sent from their own storage
    /// (still one `sendmsg`).
    static let copiedBodyLimit = 32 * 1024

    /// The interim response sent before reading a body the client holds back (`Expect: 100-continue`).
    static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// The bytes of the current reply: the head, and the body when it is small.
    private(set) var output: [UInt8] = []

    /// What ``output`` answers while it holds the reply to a response: a keep-alive client given the same
    /// response again (a repeated request, a replayed `repeatLast` answer) gets the same bytes without
    /// their being encoded again.
    private var encoded: EncodedReply?

    /// A reply, with what it answers.
    private struct EncodedReply {
        let response: StubResponse
        let terms: ResponseTerms
        let stopRequested: Bool
        let reply: Reply

        /// Whether this reply answers `response` to a request with `terms`: the same bytes would be encoded.
        func answers(_ response: StubResponse, terms: ResponseTerms, stopRequested: Bool) -> Bool {
            self.terms == terms && self.stopRequested == stopRequested
                && ResponseEncoder.encodeAlike(self.response, response)
        }
    }

    init() {
        output.reserveCapacity(2048)
    }

    /// The reply sending `response` to a request that asked for `terms`, keeping the connection open unless
    /// the request, the response (a 1xx status, its own `Connection: close`) or `stopRequested` says to
    /// close.
    mutating func reply(with response: StubResponse, honouring terms: ResponseTerms, stopRequested: Bool) -> Reply {
        // Looked at in place: a copy of the reply it holds retains each part of its response.
        if encoded?.answers(response, terms: terms, stopRequested: stopRequested) == true, let reply = encoded?.reply {
            return reply
        }
        // Checked, not copied: a copy of the response retains and releases each of its parts.
        guard Self.isSendable(response) else {
            return reply(with: Self.invalidStatusResponse(response), honouring: terms, stopRequested: stopRequested)
        }
        let closing = !terms.keepAlive || response.status < 200 || stopRequested || Self.asksToClose(response.headers)
        let allowsBody = Self.statusAllowsBody(response.status)
        encoded = nil
        output.removeAll(keepingCapacity: true)
        appendHead(
            of: response, contentLength: allowsBody ? response.body.count : nil,
            connection: closing ? .close : terms.isHTTP10 ? .keepAlive : .none)
        var reply = Reply(sends: true, ending: closing ? .closeGracefully : .keepOpen, endingIfUnsent: .close)
        if allowsBody && !terms.isHead && !response.body.isEmpty {
            if response.body.count > Self.copiedBodyLimit {
                reply.body = response.body
            } else {
                response.body.withUnsafeBytes { output.append(contentsOf: $0) }
            }
        }
        encoded = EncodedReply(response: response, terms: terms, stopRequested: stopRequested, reply: reply)
        return reply
    }

    /// Whether two responses are encoded to the same bytes: equal byte for byte. (`==` on strings compares
    /// what they mean, and canonically equivalent texts can be different bytes.)
    private static func encodeAlike(_ left: StubResponse, _ right: StubResponse) -> Bool {
        guard left.status == right.status, left.headers.count == right.headers.count,
            sameBytes(left.reason ?? "", right.reason ?? ""), (left.reason == nil) == (right.reason == nil),
            left.body.withUnsafeBytes({ leftBody in right.body.withUnsafeBytes { leftBody.hasSameBytes(as: $0) } })
        else { return false }
        for (leftField, rightField) in zip(left.headers.fields, right.headers.fields) {
            guard sameBytes(leftField.name, rightField.name), sameBytes(leftField.value, rightField.value) else {
                return false
            }
        }
        return true
    }

    private static func sameBytes(_ left: String, _ right: String) -> Bool {
        // Read in place (native strings are contiguous UTF-8): a copy for `withUTF8` retains each string.
        let compared = left.utf8.withContiguousStorageIfAvailable { left in
            right.utf8.withContiguousStorageIfAvailable { right in
                UnsafeRawBufferPointer(left).hasSameBytes(as: UnsafeRawBufferPointer(right))
            }
        }
        return (compared ?? nil) ?? left.utf8.elementsEqual(right.utf8)
    }

    /// The reply carrying out `fault` instead of answering a request that asked for `terms`.
    mutating func reply(with fault: ConnectionFault, honouring terms: ResponseTerms) -> Reply {
        encoded = nil
        output.removeAll(keepingCapacity: true)
        switch fault {
        case .connectionReset:
            return Reply(sends: false, ending: .reset, endingIfUnsent: .reset)
        case .closeWithoutReply:
            return Reply(sends: false, ending: .closeGracefully, endingIfUnsent: .closeGracefully)
        case .malformedResponse(let bytes):
            output.append(contentsOf: bytes)
            return Reply(sends: true, ending: .closeGracefully, endingIfUnsent: .closeGracefully)
        case .truncatedBody(let response, let keepingBytes):
            let response = Self.isSendable(response) ? response : Self.invalidStatusResponse(response)
            let allowsBody = Self.statusAllowsBody(response.status)
            appendHead(
                of: response, contentLength: allowsBody ? response.body.count : nil,
                connection: terms.isHTTP10 && terms.keepAlive ? .keepAlive : .none)
            let kept = allowsBody && !terms.isHead ? min(max(keepingBytes, 0), response.body.count) : 0
            return Reply(
                sends: true, body: response.body.prefix(kept), ending: .closeGracefully, endingIfUnsent: .closeGracefully)
        case .neverRespond:
            return Reply(sends: false, ending: .waitForClientToClose, endingIfUnsent: .waitForClientToClose)
        }
    }

    /// The reply refusing a request: a complete `text/plain` response with `Connection: close`
    /// (`message` names the problem), then a graceful close.
    mutating func refusal(status: Int, message: String) -> Reply {
        encoded = nil
        output.removeAll(keepingCapacity: true)
        appendStatusLine(status: status, reason: nil)
        output.append(contentsOf: "Content-Type: text/plain; charset=utf-8\r\nContent-Length: ".utf8)
        appendDecimal(message.utf8.count + 1)
        output.append(contentsOf: "\r\nConnection: close\r\n\r\n".utf8)
        output.append(contentsOf: message.utf8)
        output.append(0x0A)
        return Reply(sends: true, ending: .closeGracefully, endingIfUnsent: .close)
    }

    // MARK: Wire format

    /// The `Connection` field the server adds.
    private enum ConnectionField {
        /// None: HTTP/1.1 keeps the connection open by default.
        case none
        /// `Connection: close`: the server closes after this response.
        case close
        /// `Connection: keep-alive`: an HTTP/1.0 client asked to keep the connection open.
        case keepAlive
    }

    /// Whether a response with `status` carries a body and `Content-Length` (not 1xx, 204 or 304).
    private static func statusAllowsBody(_ status: Int) -> Bool {
        status >= 200 && status != 204 && status != 304
    }

    /// Whether `response` can be sent: its status is a three-digit code.
    private static func isSendable(_ response: StubResponse) -> Bool {
        (100...999).contains(response.status)
    }

    /// The 500 sent instead of `response`, explaining why it cannot be sent (see ``isSendable(_:)``).
    private static func invalidStatusResponse(_ response: StubResponse) -> StubResponse {
        StubResponse(
            status: 500, headers: ["Content-Type": "text/plain; charset=utf-8"],
            body: Data("stub response has an invalid status code: \(response.status)\n".utf8))
    }

    /// Whether the response's own `Connection` field says `close`.
    private static func asksToClose(_ headers: HTTPHeaders) -> Bool {
        headers.fields.contains { field in
            field.name.equalsIgnoringASCIICase("connection")
                && field.value.split(separator: ",").contains {
                    String($0).trimmingCharacters(in: .whitespaces).equalsIgnoringASCIICase("close")
                }
        }
    }

    /// Appends the head of `response`: status line, fields, `Content-Length` (when `contentLength` is not
    /// `nil`), the `Connection` field and the empty line.
    private mutating func appendHead(of response: StubResponse, contentLength: Int?, connection: ConnectionField) {
        appendStatusLine(status: response.status, reason: response.reason)
        for field in response.headers.fields where !Self.isFramingField(field.name) {
            guard Self.isToken(field.name) else { continue }
            output.append(contentsOf: field.name.utf8)
            output.append(0x3A)
            output.append(0x20)
            appendSanitized(field.value)
            appendLineEnd()
        }
        if let contentLength {
            output.append(contentsOf: "Content-Length: ".utf8)
            appendDecimal(contentLength)
            appendLineEnd()
        }
        switch connection {
        case .none: break
        case .close: output.append(contentsOf: "Connection: close\r\n".utf8)
        case .keepAlive: output.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        appendLineEnd()
    }

    private mutating func appendStatusLine(status: Int, reason: String?) {
        output.append(contentsOf: "HTTP/1.1 ".utf8)
        appendDecimal(status)
        output.append(0x20)
        appendSanitized(reason ?? Self.reasonPhrase(for: status))
        appendLineEnd()
    }

    private mutating func appendLineEnd() {
        output.append(0x0D)
        output.append(0x0A)
    }

    /// Appends a non-negative integer in decimal.
    private mutating func appendDecimal(_ value: Int) {
        guard value > 0 else {
            output.append(0x30)
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
            UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var remaining = value
            var index = buffer.count
            while remaining > 0 {
                index -= 1
                buffer[index] = UInt8(truncatingIfNeeded: 0x30 + remaining % 10)
                remaining /= 10
            }
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[index...]))
        }
    }

    /// Appends a field value or reason phrase with control characters (other than tab) made spaces.
    private mutating func appendSanitized(_ text: String) {
        let start = output.count
        output.append(contentsOf: text.utf8)
        for index in start..<output.count where !HTTPByte.isFieldValueCharacter(output[index]) {
            output[index] = 0x20
        }
    }

    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(HTTPByte.isTokenCharacter)
    }

    /// `Content-Length`, `Transfer-Encoding` and `Connection`: the fields the server writes itself.
    private static func isFramingField(_ name: String) -> Bool {
        switch name.utf8.count {
        case 10: name.equalsIgnoringASCIICase("connection")
        case 14: name.equalsIgnoringASCIICase("content-length")
        case 17: name.equalsIgnoringASCIICase("transfer-encoding")
        default: false
        }
    }

    /// The standard reason phrase of `status` (RFC 9110 §15 and the IANA registry), or an empty string
    /// for a code without one.
    static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 102: "Processing"
        case 103: "Early Hints"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 203: "Non-Authoritative Information"
        case 204: "No Content"
        case 205: "Reset Content"
        case 206: "Partial Content"
        case 207: "Multi-Status"
        case 208: "Already Reported"
        case 226: "IM Used"
        case 300: "Multiple Choices"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 305: "Use Proxy"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 402: "Payment Required"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 407: "Proxy Authentication Required"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 417: "Expectation Failed"
        case 418: "I'm a teapot"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 423: "Locked"
        case 424: "Failed Dependency"
        case 425: "Too Early"
        case 426: "Upgrade Required"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 451: "Unavailable For Legal Reasons"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        case 506: "Variant Also Negotiates"
        case 507: "Insufficient Storage"
        case 508: "Loop Detected"
        case 510: "Not Extended"
        case 511: "Network Authentication Required"
        default: ""
        }
    }
}
