package import Foundation

/// Percent-encoding rules of RFC 3986 that matching uses to compare paths and form bodies.
package enum PercentEncoding {
    /// The path with equivalent spellings made equal: `%XX` of an unreserved character (letters,
    /// digits, `-._~`) decoded, the hex digits of the remaining escapes upper-cased, reserved
    /// characters (`/?#[]@!$&'()*+,;=`) left as they are, and any other byte (space, non-ASCII, …)
    /// percent-encoded. A `%` not followed by two hex digits is kept as written.
    package static func normalizedPath(_ path: String) -> String {
        // The common case, checked on the string's own bytes: nothing to change, nothing copied.
        let unchanged = { (byte: UInt8) in isUnreserved(byte) || isReserved(byte) }
        if path.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(unchanged) }) ?? path.utf8.allSatisfy(unchanged) {
            return path
        }
        let bytes = Array(path.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        var position = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "%"), position + 2 < bytes.count,
                let high = hexValue(bytes[position + 1]), let low = hexValue(bytes[position + 2])
            {
                let decoded = UInt8(high << 4 | low)
                if isUnreserved(decoded) {
                    output.append(decoded)
                } else {
                    output.append(contentsOf: escape(decoded))
                }
                position += 3
            } else if isUnreserved(byte) || isReserved(byte) || byte == UInt8(ascii: "%") {
                output.append(byte)
                position += 1
            } else {
                output.append(contentsOf: escape(byte))
                position += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `text` with `%XX` escapes decoded (and `+` read as a space when `plusIsSpace`); an escape that
    /// is not two hex digits, and decoded bytes that are not UTF-8, are kept as written.
    package static func decoded(_ text: Substring, plusIsSpace: Bool) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "%")) || (plusIsSpace && bytes.contains(UInt8(ascii: "+"))) else {
            return String(text)
        }
        return String(bytes: percentDecoded(bytes, plusIsSpace: plusIsSpace), encoding: .utf8) ?? String(text)
    }

    /// The items of an `application/x-www-form-urlencoded` body, decoded; an item without `=` has a
    /// `nil` value and empty items (`a=1&&b=2`) are skipped.
    package static func formItems(_ body: Data) -> [QueryItem] {
        let text = String(decoding: body, as: UTF8.self)
        return text.split(separator: "&", omittingEmptySubsequences: true).map { item in
            if let equals = item.firstIndex(of: "=") {
                return QueryItem(
                    name: decoded(item[..<equals], plusIsSpace: true),
                    value: decoded(item[item.index(after: equals)...], plusIsSpace: true))
            }
            return QueryItem(name: decoded(item, plusIsSpace: true), value: nil)
        }
    }

    /// `bytes` with `%XY` escapes decoded, and `+` read as a space when `plusIsSpace` (RFC 3986 §2.1;
    /// form encoding); a `%` not followed by two hexadecimal digits is kept as written. The one decoding
    /// loop of the package: the wire's request-target query and ``decoded(_:plusIsSpace:)`` differ only
    /// in how they turn the bytes into text.
    package static func percentDecoded<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, plusIsSpace: Bool)
        -> [UInt8] where Bytes.Index == Int
    {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == 0x25, index + 2 < bytes.endIndex,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                decoded.append(UInt8(high * 16 + low))
                index += 3
            } else {
                decoded.append(plusIsSpace && bytes[index] == 0x2B ? 0x20 : bytes[index])
                index += 1
            }
        }
        return decoded
    }

    private static func escape(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }

    /// The value of a hexadecimal digit, or `nil`.
    package static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func isReserved(_ byte: UInt8) -> Bool {
        "/?#[]@!$&'()*+,;=:".utf8.contains(byte)
    }
}
