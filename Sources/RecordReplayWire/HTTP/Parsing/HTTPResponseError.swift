/// Why an upstream's answer cannot be read as one complete HTTP/1.1 response: what ``ResponseDecoder``
/// throws, each with a sentence for the message that names the failed request.
package enum HTTPResponseError: Error, Equatable, Sendable {
    /// The connection closed before a single byte of an answer came.
    case emptyReply
    /// The connection closed in the middle of the head (status line and header fields), after `received`
    /// bytes of it.
    case closedInHead(received: Int)
    /// The first line is not an `HTTP/1.x` status line; `line` is its start, as text.
    case malformedStatusLine(line: String)
    /// A header field line that is not `name: value`, or a value with a control character.
    case malformedHeaderField
    /// The head is larger than the limit, or has more fields than it.
    case headTooLarge
    /// `Content-Length` is not a decimal number, or its values differ.
    case invalidContentLength
    /// `Transfer-Encoding` names a coding other than a lone `chunked` (the coding is not undone).
    case unsupportedTransferCoding(String)
    /// `101 Switching Protocols`: the connection would stop speaking HTTP.
    case switchingProtocols
    /// The connection closed after `received` of the `expected` body bytes `Content-Length` announced.
    case truncatedBody(received: Int, expected: Int)
    /// The connection closed in the middle of a chunked body, after `received` bytes of chunk data.
    case truncatedChunkedBody(received: Int)
    /// The chunked body is not well formed; `reason` says where.
    case malformedChunkedBody(reason: String)

    /// A sentence naming the problem, for the message about the request it answered.
    package var message: String {
        switch self {
        case .emptyReply:
            "the connection closed without an answer"
        case .closedInHead(let received):
            "the connection closed in the middle of the answer's head (after \(received) byte\(received == 1 ? "" : "s"))"
        case .malformedStatusLine(let line):
            "the answer does not start with an HTTP/1.x status line: \(line.debugDescription)"
        case .malformedHeaderField:
            "the answer has a malformed header field"
        case .headTooLarge:
            "the answer's header section is too large"
        case .invalidContentLength:
            "the answer's Content-Length is invalid"
        case .unsupportedTransferCoding(let coding):
            "the answer's transfer coding \(coding.debugDescription) is not supported (chunked only)"
        case .switchingProtocols:
            "the upstream switched protocols (101), which recording does not support"
        case .truncatedBody(let received, let expected):
            "the connection closed after \(received) of the \(expected) body bytes its Content-Length announced"
        case .truncatedChunkedBody(let received):
            "the connection closed in the middle of the chunked body (after \(received) byte\(received == 1 ? "" : "s") of it)"
        case .malformedChunkedBody(let reason):
            "the answer's chunked body is malformed (\(reason))"
        }
    }
}
