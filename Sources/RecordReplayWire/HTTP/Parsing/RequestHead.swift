/// A request's line and header section as parsed, plus what they say about the body and the connection.
///
/// Plain standard-library values: the server turns it into a ``StubRequest``.
package struct RequestHead: Equatable, Sendable {
    /// The method token as sent.
    package var method: String
    /// The request target as sent (origin, absolute or asterisk form).
    package var target: String
    /// The minor version of HTTP/1.x as sent (`0` for HTTP/1.0; `2` for HTTP/1.2, which is served as 1.1).
    package var minorVersion: Int
    /// The header fields in order, values without surrounding whitespace.
    package var fields: [HeaderField]
    /// How the body is delimited.
    package var framing: BodyFraming
    /// Whether the client lets the connection stay open after the response.
    package var keepAlive: Bool
    /// Whether the client waits for `100 Continue` before sending the body (HTTP/1.1 only).
    package var expectsContinue: Bool

    /// Whether the method is `HEAD` (the response then has no body).
    package var isHead: Bool { method == "HEAD" }
}

/// One header field as parsed.
package struct HeaderField: Equatable, Sendable {
    /// The name as sent.
    package var name: String
    /// The value without surrounding whitespace; bytes that are not UTF-8 become U+FFFD.
    package var value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// How a request's body is delimited (RFC 9112 §6.3).
package enum BodyFraming: Equatable, Sendable {
    /// No body.
    case none
    /// Exactly this many bytes.
    case contentLength(Int)
    /// Chunked transfer coding.
    case chunked
}
