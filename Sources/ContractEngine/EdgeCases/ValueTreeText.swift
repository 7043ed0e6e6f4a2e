import Foundation

/// Turns entities into ``ValueTree``s and back through their `Codable` conformances, and trees into the
/// JSON text the decoder reads. Dates travel as strings with a marker, so they stay dates in the tree
/// and keep every bit.
enum ValueTreeText {
    private static let dateMarker = "\u{1}date:"

    /// The tree `value` encodes to, or `nil` when it is not `Encodable` or its encoding fails.
    static func tree(of value: Any) -> ValueTree? {
        guard let encodable = value as? any Encodable else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(dateMarker + String(date.timeIntervalSinceReferenceDate.bitPattern, radix: 16))
        }
        guard let data = try? encoder.encode(encodable) else { return nil }
        var parser = Parser(bytes: Array(data))
        return parser.parseDocument()
    }

    /// The `Entity` that `tree` decodes to, or `nil` when it does not decode (or `Entity` is not
    /// `Decodable`).
    static func decode<Entity>(_ tree: ValueTree, as type: Entity.Type) -> Entity? {
        guard let decodable = Entity.self as? any Decodable.Type else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard text.hasPrefix(dateMarker), let bits = UInt64(text.dropFirst(dateMarker.count), radix: 16) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date"))
            }
            return Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits))
        }
        return (try? decoder.decode(decodable, from: Data(json(tree).utf8))) as? Entity
    }

    /// The tree as JSON text (dates with their marker).
    static func json(_ tree: ValueTree) -> String {
        switch tree {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return quoted(text)
        case .date(let date): return quoted(dateMarker + String(date.timeIntervalSinceReferenceDate.bitPattern, radix: 16))
        case .array(let elements): return "[" + elements.map(json).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { quoted($0.key) + ":" + json($0.value) }.joined(separator: ",") + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A parser for the JSON `JSONEncoder` writes.
    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func parseDocument() -> ValueTree? {
            let value = parseValue()
            skipSpace()
            return index == bytes.count ? value : nil
        }

        private mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        private mutating func parseValue() -> ValueTree? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: ValueTree)] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard let key = parseString() else { return nil }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    guard let value = parseValue() else { return nil }
                    members.append((key, value))
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "}") { return .object(members) }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
                }
            case UInt8(ascii: "["):
                index += 1
                var elements: [ValueTree] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
                while true {
                    guard let value = parseValue() else { return nil }
                    elements.append(value)
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    index += 1
                    if bytes[index - 1] == UInt8(ascii: "]") { return .array(elements) }
                    guard bytes[index - 1] == UInt8(ascii: ",") else { return nil }
                }
            case UInt8(ascii: "\""):
                guard let text = parseString() else { return nil }
                if text.hasPrefix(ValueTreeText.dateMarker),
                   let bits = UInt64(text.dropFirst(ValueTreeText.dateMarker.count), radix: 16) {
                    return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits)))
                }
                return .string(text)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default:
                let start = index
                while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
                return index > start ? .number(String(decoding: bytes[start..<index], as: UTF8.self)) : nil
            }
        }

        private mutating func literal(_ word: String, _ value: ValueTree) -> ValueTree? {
            let utf8 = Array(word.utf8)
            guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else { return nil }
            index += utf8.count
            return value
        }

        private mutating func parseString() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            var scalars = String.UnicodeScalarView()
            var pendingHigh: UInt32?
            var raw: [UInt8] = []
            func flushRaw() {
                if !raw.isEmpty {
                    scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                    raw.removeAll()
                }
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") {
                    flushRaw()
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\") else { raw.append(byte); continue }
                flushRaw()
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{c}")
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count,
                          let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else { return nil }
                    index += 4
                    if (0xD800..<0xDC00).contains(code) {
                        pendingHigh = code
                    } else if (0xDC00..<0xE000).contains(code), let high = pendingHigh {
                        pendingHigh = nil
                        if let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)) { scalars.append(scalar) }
                    } else if let scalar = Unicode.Scalar(code) {
                        scalars.append(scalar)
                    }
                default: scalars.append(Unicode.Scalar(escape))
                }
            }
            return nil
        }
    }
}
