package import RecordReplayMessages
package import Foundation

/// Encodes a request in HTTP/1.1 wire format for an upstream: the counterpart of ``ResponseEncoder`` on
/// the client side, used by the package's own client (``OutboundExchange``).
///
/// It writes the request line, `Host`, the given fields in their order, and `Content-Length` for a body
/// (also `0` for an empty `POST`, `PUT` or `PATCH`, whose methods define content, RFC 9110 §8.6); the
/// body follows whole, never chunked. Fields that frame the message or describe the connection
/// (`Host`, `Content-Length`, `Transfer-Encoding`, `Connection`) are the encoder's own, so those given
/// are left out; so are names that are not tokens, and control characters in values become spaces, so
/// nothing given can break the framing.
package enum RequestEncoder {
    /// Fields the encoder writes itself or leaves out.
    static let ownFields: Set<String> = ["host", "content-length", "transfer-encoding", "connection"]

    /// The bytes of the request `method target HTTP/1.1` to `host` (the `Host` value: a name or
    /// address, with `:port` when not the scheme's default) with `headers` and `body`.
    package static func encode(method: String, target: String, host: String, headers: HTTPHeaders, body: Data) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(512 + body.count)
        output += "\(method) \(target) HTTP/1.1\r\nHost: \(sanitized(host))\r\n".utf8
        for field in headers
        where !ownFields.contains(field.name.lowercased()) && !field.name.isEmpty
            && field.name.utf8.allSatisfy(HTTPByte.isTokenCharacter)
        {
            output += "\(field.name): \(sanitized(field.value))\r\n".utf8
        }
        let definesContent = ["POST", "PUT", "PATCH"].contains(method.uppercased())
        if !body.isEmpty || definesContent {
            output += "Content-Length: \(body.count)\r\n".utf8
        }
        output += "\r\n".utf8
        output += body
        return output
    }

    /// `value` with each control character (CR and LF included) replaced by a space.
    private static func sanitized(_ value: String) -> String {
        guard value.utf8.contains(where: { !HTTPByte.isFieldValueCharacter($0) }) else { return value }
        return String(decoding: value.utf8.map { HTTPByte.isFieldValueCharacter($0) ? $0 : HTTPByte.space }, as: UTF8.self)
    }
}
