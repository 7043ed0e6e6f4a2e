import Foundation

extension EntityFactory {
    /// The fields in which `stored` differs from `sent`, one line each with both values:
    /// `$.createdAt: stored 2023-11-14T22:13:21Z, sent 2023-11-14T22:13:21.123456Z`. Empty when the
    /// entity is not `Encodable` or the encodings agree.
    package func fieldDifferences(stored: Entity, sent: Entity) -> [String] {
        guard let a = ValueTreeText.tree(of: stored), let b = ValueTreeText.tree(of: sent) else { return [] }
        return ValueTree.differences(a, b).prefix(8).map { difference in
            "\(difference.path): stored \(FieldText.text(difference.a)), sent \(FieldText.text(difference.b))"
        }
    }

    /// `entity` with its string id replaced by `id` (through its `Codable` tree), or `nil` when the
    /// entity is not `Codable`, its id is not one string field, or the result does not decode.
    package func entity(_ entity: Entity, withStringID id: String) -> Entity? {
        guard let tree = ValueTreeText.tree(of: entity), let twinTree = ValueTreeText.tree(of: twin(entity, 2)) else { return nil }
        let paths = ValueTree.differences(tree, twinTree).map(\.path)
        guard paths.count == 1, case .string = tree.value(at: paths[0]) else { return nil }
        let changed = ValueTreeText.decode(tree.replacing(paths[0], with: .string(id)), as: Entity.self)
        return changed.flatMap { ($0.id as? String) == id ? $0 : nil }
    }
}

/// How one field's value reads in a failure.
enum FieldText {
    static func text(_ value: ValueTree?) -> String {
        guard let value else { return "absent" }
        switch value {
        case .null: return "null"
        case .bool(let flag): return String(flag)
        case .number(let text): return text
        case .string(let text):
            let shown = text.count <= 60 ? text : String(text.prefix(40)) + "…"
            let quoted = String(reflecting: shown)
            return text.count <= 60 ? quoted : "\(quoted) (\(text.count) characters)"
        case .date(let date): return FullPrecisionText.iso8601(date)
        case .array(let elements):
            let json = ValueTreeText.json(value)
            return elements.count <= 5 && json.count <= 80 ? json : "\(elements.count) elements, first \(text(elements.first))"
        case .object: return abbreviate(ValueTreeText.json(value), limit: 80)
        }
    }
}
