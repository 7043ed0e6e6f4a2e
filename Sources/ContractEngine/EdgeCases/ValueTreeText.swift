import Foundation
import RepositoryContractsJSON

/// Turns entities into ``ValueTree``s and back through their `Codable` conformances (the package's one
/// JSON parser and serializer in between), and trees into the JSON text the decoder reads. Dates travel
/// as strings with a marker, so they stay dates in the tree and keep every bit.
enum ValueTreeText {
    private static let dateMarker = "\u{1}date:"

    /// The tree `value` encodes to, or `nil` when it is not `Encodable` or its encoding fails.
    static func tree(of value: Any) -> ValueTree? {
        guard let encodable = value as? any Encodable else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(marked(date))
        }
        guard let data = try? encoder.encode(encodable), let json = JSONValue(parsingIfValid: data) else { return nil }
        return ValueTree(json)
    }

    /// The `Entity` that `tree` decodes to, or `nil` when it does not decode (or `Entity` is not
    /// `Decodable`).
    static func decode<Entity>(_ tree: ValueTree, as type: Entity.Type) -> Entity? {
        guard let decodable = Entity.self as? any Decodable.Type else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = date(fromMarked: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date"))
            }
            return date
        }
        return (try? decoder.decode(decodable, from: Data(json(tree).utf8))) as? Entity
    }

    /// The tree as JSON text (dates with their marker).
    static func json(_ tree: ValueTree) -> String {
        tree.json.serialized()
    }

    /// `date` as the marked string it travels as.
    static func marked(_ date: Date) -> String {
        dateMarker + String(date.timeIntervalSinceReferenceDate.bitPattern, radix: 16)
    }

    /// The date a marked string carries, or `nil` when `text` is not one.
    static func date(fromMarked text: String) -> Date? {
        guard text.hasPrefix(dateMarker), let bits = UInt64(text.dropFirst(dateMarker.count), radix: 16) else { return nil }
        return Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits))
    }
}
