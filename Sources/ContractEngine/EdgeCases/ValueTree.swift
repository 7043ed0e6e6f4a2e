import Foundation

/// An entity as the tree its `Encodable` conformance writes: what edge cases are derived on, and what a
/// failure compares field by field. Numbers keep their literal text (so every integer width round-trips),
/// and dates are leaves of their own (written with a marker the matching decoder reads back).
indirect enum ValueTree: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case date(Date)
    case array([ValueTree])
    /// Members in the order they were written.
    case object([(key: String, value: ValueTree)])

    static func == (lhs: ValueTree, rhs: ValueTree) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.date(let a), .date(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ValueTreeText.json(self))
    }

    /// The value at `path`, if there is one.
    func value(at path: [PathStep]) -> ValueTree? {
        guard let step = path.first else { return self }
        switch (self, step) {
        case (.object(let members), .key(let key)): return members.first { $0.key == key }?.value.value(at: Array(path.dropFirst()))
        case (.array(let elements), .index(let index)) where index < elements.count:
            return elements[index].value(at: Array(path.dropFirst()))
        default: return nil
        }
    }

    /// The tree with the value at `path` replaced by `replacement` (`nil`: the member removed).
    func replacing(_ path: [PathStep], with replacement: ValueTree?) -> ValueTree {
        guard let step = path.first else { return replacement ?? .null }
        let rest = Array(path.dropFirst())
        switch (self, step) {
        case (.object(var members), .key(let key)):
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
    func paths(prefix: [PathStep] = []) -> [([PathStep], ValueTree)] {
        switch self {
        case .object(let members):
            return members.flatMap { $0.value.paths(prefix: prefix + [.key($0.key)]) }
        case .array(let elements):
            return [(prefix, self)] + (elements.first.map { $0.paths(prefix: prefix + [.index(0)]) } ?? [])
        default:
            return [(prefix, self)]
        }
    }

    /// The leaves whose values differ between two trees, with both values: `[($.title, a, b)]`.
    static func differences(_ a: ValueTree, _ b: ValueTree, at path: [PathStep] = []) -> [(path: [PathStep], a: ValueTree?, b: ValueTree?)] {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            var keys = x.map(\.key)
            keys += y.map(\.key).filter { !keys.contains($0) }
            return keys.flatMap { key -> [(path: [PathStep], a: ValueTree?, b: ValueTree?)] in
                let left = x.first { $0.key == key }?.value, right = y.first { $0.key == key }?.value
                if let left, let right { return differences(left, right, at: path + [.key(key)]) }
                return left == right ? [] : [(path + [.key(key)], left, right)]
            }
        default:
            return a == b ? [] : [(path, a, b)]
        }
    }
}

/// One step of a path into a tree: a member's key or an array index.
enum PathStep: Hashable, Sendable {
    case key(String)
    case index(Int)
}

extension [PathStep] {
    /// `$.title`, `$.tags[0]`, `$.author.name`.
    var text: String {
        "$" + map { step in
            switch step {
            case .key(let key): "." + key
            case .index(let index): "[\(index)]"
            }
        }.joined()
    }
}
