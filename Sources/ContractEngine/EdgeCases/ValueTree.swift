import Foundation
import RepositoryContractsJSON

/// An entity as the tree its `Encodable` conformance writes: what edge cases are derived on, and what a
/// failure compares field by field. Numbers keep their literal text (so every integer width round-trips),
/// and dates are leaves of their own (written with a marker the matching decoder reads back). Paths into it
/// are ``JSONPath``s, printed as every JSON path of the package is: `$.title`, `$.tags[0]`, `$["due date"]`.
indirect enum ValueTree: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case date(Date)
    case array([ValueTree])
    /// Members in the order they were written.
    case object([(key: String, value: ValueTree)])

    /// Strings compare as Swift's `String` does (canonically equivalent spellings are equal), the one
    /// string equality of the package's JSON, as the entities' own `==` compares them.
    static func == (lhs: ValueTree, rhs: ValueTree) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.date(let a), .date(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(json.serialized())
    }

    /// The value at `path`, if there is one.
    func value(at path: JSONPath) -> ValueTree? {
        value(at: path.components[...])
    }

    private func value(at path: ArraySlice<JSONPath.Component>) -> ValueTree? {
        guard let step = path.first else { return self }
        switch (self, step) {
        case (.object(let members), .member(let key)): return members.first { $0.key == key }?.value.value(at: path.dropFirst())
        case (.array(let elements), .index(let index)) where index < elements.count:
            return elements[index].value(at: path.dropFirst())
        default: return nil
        }
    }

    /// The tree with the value at `path` replaced by `replacement` (`nil`: the member removed).
    func replacing(_ path: JSONPath, with replacement: ValueTree?) -> ValueTree {
        replacing(path.components[...], with: replacement)
    }

    private func replacing(_ path: ArraySlice<JSONPath.Component>, with replacement: ValueTree?) -> ValueTree {
        guard let step = path.first else { return replacement ?? .null }
        let rest = path.dropFirst()
        switch (self, step) {
        case (.object(var members), .member(let key)):
            if let index = members.firstIndex(where: { $0.key == key }) {
                if rest.isEmpty, replacement == nil {
                    members.remove(at: index)
                } else {
                    members[index].value = members[index].value.replacing(rest, with: replacement)
                }
            } else if rest.isEmpty, let replacement {
                members.append((key, replacement))
            }
            return .object(members)
        case (.array(var elements), .index(let index)) where index < elements.count:
            elements[index] = elements[index].replacing(rest, with: replacement)
            return .array(elements)
        default:
            return self
        }
    }

    /// Every leaf (and every array) with its path, depth first, in the order written.
    func paths(prefix: JSONPath = JSONPath()) -> [(JSONPath, ValueTree)] {
        switch self {
        case .object(let members):
            return members.flatMap { $0.value.paths(prefix: prefix.member($0.key)) }
        case .array(let elements):
            return [(prefix, self)] + (elements.first.map { $0.paths(prefix: prefix.index(0)) } ?? [])
        default:
            return [(prefix, self)]
        }
    }

    /// The leaves whose values differ between two trees, with both values: `[($.title, a, b)]`.
    static func differences(_ a: ValueTree, _ b: ValueTree, at path: JSONPath = JSONPath()) -> [(path: JSONPath, a: ValueTree?, b: ValueTree?)] {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            var keys = x.map(\.key)
            keys += y.map(\.key).filter { !keys.contains($0) }
            return keys.flatMap { key -> [(path: JSONPath, a: ValueTree?, b: ValueTree?)] in
                let left = x.first { $0.key == key }?.value, right = y.first { $0.key == key }?.value
                if let left, let right { return differences(left, right, at: path.member(key)) }
                return left == right ? [] : [(path.member(key), left, right)]
            }
        default:
            return a == b ? [] : [(path, a, b)]
        }
    }
}

extension ValueTree {
    /// The tree of a JSON value: strings that carry the date marker become dates.
    init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let lexeme): self = .number(lexeme)
        case .string(let text): self = ValueTreeText.date(fromMarked: text).map(ValueTree.date) ?? .string(text)
        case .array(let elements): self = .array(elements.map(ValueTree.init))
        case .object(let members): self = .object(members.map { (key: $0.name, value: ValueTree($0.value)) })
        }
    }

    /// The tree as a JSON value, dates as strings with their marker.
    var json: JSONValue {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let lexeme): .number(lexeme)
        case .string(let text): .string(text)
        case .date(let date): .string(ValueTreeText.marked(date))
        case .array(let elements): .array(elements.map(\.json))
        case .object(let members): .object(members.map { JSONValue.Member($0.key, $0.value.json) })
        }
    }
}
