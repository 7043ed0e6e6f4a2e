/// Why a request cannot be served: each case maps to the status the server answers with before closing
/// the connection, and to the short text it puts in the body.
package enum HTTPRequestError: Error, Equatable, Sendable {
    /// The request line is longer than the limit (414).
    case requestLineTooLong
    /// The header section is larger than the limit (431).
    case headerSectionTooLarge
    /// There are more header fields than the limit (431).
    case tooManyHeaderFields
    /// The trailer section of a chunked body is larger than the header limits allow (431).
    case trailerSectionTooLarge
    /// The body is larger than the limit, as announced or as received (413).
    case bodyTooLarge
    /// The request line is not `method SP target SP version` (400).
    case malformedRequestLine
    /// More than a few empty lines came before the request line (400).
    case tooManyEmptyLines
    /// The method is not a token (400).
    case invalidMethod
    /// The request target has a character that is not allowed, or is not in origin, absolute or
    /// asterisk form (400).
    case invalidTarget
    /// The version is not `HTTP/<digit>.<digit>` (400).
    case malformedVersion
    /// The version's major number is not 1 (505).
    case unsupportedVersion
    /// A CR not followed by LF (400).
    case bareCarriageReturn
    /// A field line without a colon, with an empty name, a name that is not a token or whitespace
    /// before the colon (400).
    case malformedHeaderField
    /// A field value with a control character (400).
    case invalidHeaderValue
    /// A field line starting with whitespace: obsolete line folding (400).
    case obsoleteLineFolding
    /// A `Content-Length` that is not a decimal number (400).
    case invalidContentLength
    /// Several `Content-Length` values that differ (400).
    case conflictingContentLength
    /// Both `Content-Length` and `Transfer-Encoding` (400).
    case contentLengthWithTransferEncoding
    /// `Transfer-Encoding` whose last coding is not `chunked`, or with `chunked` twice (400).
    case malformedTransferEncoding
    /// `Transfer-Encoding` in an HTTP/1.0 request, whose framing is then unreliable (400).
    case transferEncodingInHTTP10
    /// A transfer coding other than `chunked` (501).
    case unsupportedTransferCoding
    /// An HTTP/1.1 request without `Host` (400).
    case missingHost
    /// More than one `Host` field (400).
    case multipleHosts
    /// A chunk-size line or chunk ending that is not well formed (400).
    case malformedChunk
    /// A chunk-size line longer than the limit (400).
    case chunkLineTooLong
    /// The bodies being received on all connections would exceed
    /// ``ServerOptions/maxBufferedBodyBytes`` with this one (503).
    case bodyMemoryExhausted(limit: Int)

    /// The status code the server answers with.
    package var status: Int {
        switch self {
        case .requestLineTooLong: 414
        case .headerSectionTooLarge, .tooManyHeaderFields, .trailerSectionTooLarge: 431
        case .bodyTooLarge: 413
        case .unsupportedVersion: 505
        case .unsupportedTransferCoding: 501
        case .bodyMemoryExhausted: 503
        default: 400
        }
    }

    /// A short sentence naming the problem, for the `text/plain` body of the error response.
    package var message: String {
        switch self {
        case .requestLineTooLong: "request line too long"
        case .headerSectionTooLarge: "header section too large"
        case .tooManyHeaderFields: "too many header fields"
        case .trailerSectionTooLarge: "chunked trailer section too large"
        case .bodyTooLarge: "request body too large"
        case .malformedRequestLine: "malformed request line"
        case .tooManyEmptyLines: "too many empty lines before the request line"
        case .invalidMethod: "invalid method"
        case .invalidTarget: "invalid request target"
        case .malformedVersion: "malformed HTTP version"
        case .unsupportedVersion: "HTTP version not supported (HTTP/1.x only)"
        case .bareCarriageReturn: "CR not followed by LF"
        case .malformedHeaderField: "malformed header field"
        case .invalidHeaderValue: "invalid character in a header field value"
        case .obsoleteLineFolding: "obsolete line folding in the header section"
        case .invalidContentLength: "invalid Content-Length"
        case .conflictingContentLength: "conflicting Content-Length values"
        case .contentLengthWithTransferEncoding: "both Content-Length and Transfer-Encoding"
        case .malformedTransferEncoding: "Transfer-Encoding must end with chunked, once"
        case .transferEncodingInHTTP10: "Transfer-Encoding in an HTTP/1.0 request"
        case .unsupportedTransferCoding: "transfer coding not supported (chunked only)"
        case .missingHost: "missing Host header field"
        case .multipleHosts: "more than one Host header field"
        case .malformedChunk: "malformed chunk"
        case .chunkLineTooLong: "chunk-size line too long"
        case .bodyMemoryExhausted(let limit):
            "the server is holding its limit of request bodies (ServerOptions.maxBufferedBodyBytes = \(limit) "
                + "bytes) for other connections; retry later"
        }
    }
}
