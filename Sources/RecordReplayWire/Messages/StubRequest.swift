public import Foundation

/// An HTTP request as the stub server received it, or as a fixture recorded it.
///
/// `path` is the request target's path exactly as sent (still percent-encoded); `query` holds the
/// query's name–value pairs in order, percent-decoded with `+` read as a space (see ``QueryItem``). Matching
/// normalises both; the journal and fixtures keep what was sent.
public struct StubRequest: Sendable, Hashable {
    /// The method token, as sent (`GET`, `POST`, …).
    public var method: String
    /// The path of the request target, percent-encoded as sent, starting with `/`.
    public var path: String
    /// The query items in order; empty when the target has no `?`.
    public var query: [QueryItem]
    /// The header fields in order.
    public var headers: HTTPHeaders
    /// The body after de-chunking; empty when there is none.
    public var body: Data

    /// Creates a request.
    public init(
        method: String, path: String, query: [QueryItem] = [], headers: HTTPHeaders = [:],
        body: Data = Data()
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }
}

/// One `name=value` item of a URL query, percent-decoded, with `+` read as a space as browsers and
/// servers read queries (`%2B` is a literal plus).
///
/// `value` is `nil` for an item written without `=` (`?flag`), which is not the same as `?flag=`.
public struct QueryItem: Sendable, Hashable {
    /// The decoded name.
    public var name: String
    /// The decoded value, or `nil` when the item had no `=`.
    public var value: String?

    /// Creates a query item.
    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }
}

extension StubRequest {
    /// The request with its body cut to its first `limit` bytes (copied, so the whole body's storage
    /// can be freed), or unchanged when the body is not larger.
    package func keepingBody(upTo limit: Int) -> StubRequest {
        guard body.count > max(limit, 0) else { return self }
        var kept = self
        kept.body = Data(body.prefix(max(limit, 0)))
        return kept
    }
}
