import Foundation

/// Writes responses in HTTP/1.1 wire format into a reused byte buffer, so each response goes out in one
/// write.
///
/// The server frames every response itself: it drops the response's own `Content-Length`,
/// `Transfer-Encoding` and `Connection` fields, writes `Content-Length` from the body (none for 1xx, 204
/// and 304), and `Connection: close` when it will close. It writes no `Date`, so answers are
/// byte-for-byte repeatable. Field names that are not tokens are left out, and control characters in
/// values and reason phrases become spaces, so a hand-edited fixture cannot break the framing.
enum ResponseSerializer {
    /// The `Connection` field the server adds.
    enum ConnectionField {
        /// None: HTTP/1.1 keeps the connection open by default.
        case none
        /// `Connection: close`: the server closes after this response.
        case close
        /// `Connection: keep-alive`: an HTTP/1.0 client asked to keep the connection open.
        case keepAlive
    }

    /// The interim response sent before reading a body the client holds back (`Expect: 100-continue`).
    static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Whether a response with `status` carries a body and `Content-Length` (not 1xx, 204 or 304).
    static func statusAllowsBody(_ status: Int) -> Bool {
        status >= 200 && status != 204 && status != 304
    }

    /// A response that can be sent: `response` itself, or a 500 explaining why it cannot (its status is
    /// not a three-digit code).
    static func sendable(_ response: StubResponse) -> StubResponse {
        guard !(100...999).contains(response.status) else { return response }
        return StubResponse(
            status: 500, headers: ["Content-Type": "text/plain; charset=utf-8"],
            body: Data("stub response has an invalid status code: \(response.status)\n".utf8))
    }

    /// Appends the head of `response`: status line, fields, `Content-Length` (when `contentLength` is not
    /// `nil`), the `Connection` field and the empty line.
    static func appendHead(
        of response: StubResponse, contentLength: Int?, connection: ConnectionField, into out: inout [UInt8]
    ) {
        appendStatusLine(status: response.status, reason: response.reason, into: &out)
        for field in response.headers.fields where !isFramingField(field.name) {
            guard isToken(field.name) else { continue }
            out.append(contentsOf: field.name.utf8)
            out.append(0x3A)
            out.append(0x20)
            appendSanitized(field.value, into: &out)
            appendLineEnd(into: &out)
        }
        if let contentLength {
            out.append(contentsOf: "Content-Length: ".utf8)
            appendDecimal(contentLength, into: &out)
            appendLineEnd(into: &out)
        }
        switch connection {
        case .none: break
        case .close: out.append(contentsOf: "Connection: close\r\n".utf8)
        case .keepAlive: out.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        appendLineEnd(into: &out)
    }

    /// Appends a complete `text/plain` error response with `Connection: close`, for a request the server
    /// refuses (`message` names the problem).
    static func appendErrorResponse(status: Int, message: String, into out: inout [UInt8]) {
        appendStatusLine(status: status, reason: nil, into: &out)
        out.append(contentsOf: "Content-Type: text/plain; charset=utf-8\r\nContent-Length: ".utf8)
        appendDecimal(message.utf8.count + 1, into: &out)
        out.append(contentsOf: "\r\nConnection: close\r\n\r\n".utf8)
        out.append(contentsOf: message.utf8)
        out.append(0x0A)
    }

    private static func appendStatusLine(status: Int, reason: String?, into out: inout [UInt8]) {
        out.append(contentsOf: "HTTP/1.1 ".utf8)
        appendDecimal(status, into: &out)
        out.append(0x20)
        appendSanitized(reason ?? StatusReason.phrase(for: status), into: &out)
        appendLineEnd(into: &out)
    }

    private static func appendLineEnd(into out: inout [UInt8]) {
        out.append(0x0D)
        out.append(0x0A)
    }

    /// Appends a non-negative integer in decimal.
    static func appendDecimal(_ value: Int, into out: inout [UInt8]) {
        guard value > 0 else {
            out.append(0x30)
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
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[index...]))
        }
    }

    /// Appends a field value or reason phrase with control characters (other than tab) made spaces.
    private static func appendSanitized(_ text: String, into out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: text.utf8)
        for index in start..<out.count where !HTTPByte.isFieldValueCharacter(out[index]) {
            out[index] = 0x20
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
}
