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
    /// Where the request was sent, when it was not sent to the stub server itself: the origin of the
    /// URL a client named when `URLSession` interception brought the request in process, or the origin
    /// a fixture recorded. `nil` for a request received on the server's socket, and for an interaction
    /// recorded through it (matching any origin).
    public var origin: HTTPOrigin?

    /// Creates a request.
    public init(
        method: String, path: String, query: [QueryItem] = [], headers: HTTPHeaders = [:],
        body: Data = Data(), origin: HTTPOrigin? = nil
    ) {
        self.origin = origin
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

/// HTTP header fields as an ordered list of name–value pairs.
///
/// Order and duplicates are kept as received or recorded (`Set-Cookie` may appear twice); look-ups by
/// name ignore ASCII case, as HTTP field names do.
public struct HTTPHeaders: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The field name as written (case kept).
        public var name: String
        /// The field value, without surrounding whitespace.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in order.
    public var fields: [Field]

    /// Creates headers from fields in order.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Creates headers from name–value pairs in order.
    public init(_ pairs: [(String, String)]) {
        self.fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    /// Creates headers from a literal; the literal's order is kept.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The position of the first field (`0`).
    public var startIndex: Int { fields.startIndex }
    /// The position after the last field (the field count).
    public var endIndex: Int { fields.endIndex }
    /// The field at `position`, in order.
    public subscript(position: Int) -> Field { fields[position] }

    /// The value of the first field named `name` (ASCII case-insensitive), or `nil`.
    public subscript(name: String) -> String? {
        fields.first { $0.name.equalsIgnoringASCIICase(name) }?.value
    }

    /// Every value of the fields named `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.equalsIgnoringASCIICase(name) }.map { $0.value }
    }

    /// Appends a field at the end.
    public mutating func append(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field named `name` by one field with `value` (at the first one's position), or
    /// appends it.
    public mutating func replaceOrAppend(name: String, value: String) {
        if let first = fields.firstIndex(where: { $0.name.equalsIgnoringASCIICase(name) }) {
            fields[first].value = value
            fields = fields.enumerated().filter { index, field in
                index == first || !field.name.equalsIgnoringASCIICase(name)
            }.map(\.element)
        } else {
            append(name: name, value: value)
        }
    }

    /// Removes every field named `name`.
    public mutating func removeAll(named name: String) {
        fields.removeAll { $0.name.equalsIgnoringASCIICase(name) }
    }
}

extension String {
    /// Whether two strings are equal when ASCII letters are compared without case (HTTP field names,
    /// methods' tokens, media types).
    package func equalsIgnoringASCIICase(_ other: String) -> Bool {
        var left = self, right = other
        return left.withUTF8 { left in
            right.withUTF8 { right in
                guard left.count == right.count else { return false }
                for index in 0..<left.count where left[index].asciiLowercased != right[index].asciiLowercased { return false }
                return true
            }
        }
    }
}

extension UInt8 {
    /// The byte with an ASCII upper-case letter mapped to lower case.
    package var asciiLowercased: UInt8 {
        self >= 0x41 && self <= 0x5A ? self | 0x20 : self
    }
}

extension Collection<UInt8> {
    /// The bytes with ASCII upper-case letters mapped to lower case, in one pass over a buffer: the secret
    /// scan lowers whole texts, and a debug build made `map { $0.asciiLowercased }` a closure call and a
    /// generic append per byte (eight times slower).
    package var asciiLowercasedBytes: [UInt8] {
        var lowered = Array(self)
        lowered.withUnsafeMutableBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let byte = buffer[index]
                if byte >= 0x41, byte <= 0x5A { buffer[index] = byte | 0x20 }
                index += 1
            }
        }
        return lowered
    }
}
