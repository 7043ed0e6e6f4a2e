public import Foundation

/// An HTTP response the stub server sends: from a fixture, a programmable stub or a fault rule.
///
/// The server writes `Content-Length` itself from `body` (replacing any recorded `Content-Length` or
/// `Transfer-Encoding`), so a fixture edited by hand cannot announce the wrong length.
public struct StubResponse: Sendable, Hashable {
    /// The status code (100–999).
    public var status: Int
    /// The reason phrase; `nil` writes the standard one for `status`.
    public var reason: String?
    /// The header fields in order.
    public var headers: HTTPHeaders
    /// The body bytes (not sent for `HEAD` requests and 1xx/204/304 statuses).
    public var body: Data

    /// Creates a response.
    public init(status: Int = 200, reason: String? = nil, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }
}
