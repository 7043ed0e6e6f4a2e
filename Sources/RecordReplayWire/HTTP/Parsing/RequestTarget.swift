/// A request target split into the path (kept percent-encoded, as sent) and the query's items
/// (percent-decoded, `+` read as a space, as ``QueryItem`` documents).
package struct RequestTarget: Equatable, Sendable {
    /// One query item; `value` is `nil` when the item has no `=`.
    package struct Item: Equatable, Sendable {
        package var name: String
        package var value: String?

        package init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// The path as sent: `/…` for origin and absolute forms (`/` when an absolute form has none), `*`
    /// for the asterisk form.
    package var path: String
    /// The query items in order; empty items (`a=1&&b=2`) are left out.
    package var query: [Item]

    /// Splits a target as the head parser accepted it. A `%` not followed by two hexadecimal digits is
    /// kept as it is; decoded bytes that are not UTF-8 become U+FFFD.
    package init(_ target: String) {
        var target = target
        let split = target.withUTF8 { bytes in Self.split(bytes) }
        path = split.path
        query = split.query
    }

    private static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> (path: String, query: [Item]) {
        var pathStart = 0
        if bytes.first != 0x2F && bytes.first != 0x2A {  // absolute form: skip scheme://authority
            let afterScheme = (bytes.firstIndex(of: 0x3A) ?? bytes.count - 1) + 3
            pathStart = bytes[min(afterScheme, bytes.count)...].firstIndex { $0 == 0x2F || $0 == 0x3F } ?? bytes.count
        }
        let questionMark = bytes[pathStart...].firstIndex(of: 0x3F) ?? bytes.count
        let pathBytes = bytes[pathStart..<questionMark]
        var path = HTTPByte.string(pathBytes)
        if path.isEmpty { path = "/" }
        guard questionMark < bytes.count else { return (path, []) }
        var items: [Item] = []
        for piece in bytes[(questionMark + 1)...].split(separator: 0x26, omittingEmptySubsequences: true) {
            if let equals = piece.firstIndex(of: 0x3D) {
                items.append(
                    Item(name: percentDecoded(piece[piece.startIndex..<equals]), value: percentDecoded(piece[(equals + 1)...])))
            } else {
                items.append(Item(name: percentDecoded(piece), value: nil))
            }
        }
        return (path, items)
    }

    /// The bytes with `%XY` sequences decoded and `+` read as a space (form encoding, as browsers and
    /// servers read queries), as a UTF-8 string.
    static func percentDecoded(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        guard bytes.contains(0x25) || bytes.contains(0x2B) else { return HTTPByte.string(bytes) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0x25, index + 2 < bytes.endIndex,
                let high = HTTPByte.hexValue(bytes[index + 1]), let low = HTTPByte.hexValue(bytes[index + 2])
            {
                decoded.append(UInt8(high * 16 + low))
                index += 3
            } else {
                decoded.append(bytes[index] == 0x2B ? 0x20 : bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }
}
