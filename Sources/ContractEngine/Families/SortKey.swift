/// One key of a declared sort: a property of the entity, compared ascending or descending.
///
/// ```swift
/// ordering: .sorted(by: .descending(\.updatedAt), .ascending(\.id))
/// ```
///
/// Keys are compared on the entities the store returns, so a key the store maintains (an `updatedAt` it
/// refreshes on every write) is checked as the store set it. A key whose path is writable also lets the
/// contract make ties on purpose: it copies one entity's value into others and checks the next key (or
/// the declared ``TieOrder``) decides.
public struct SortKey<Entity>: Sendable, CustomStringConvertible {
    /// Which way a key sorts.
    // Frozen by decision: a key sorts one way or the other; any other order is another key.
    @frozen
    public enum Direction: String, Sendable {
        /// Smallest first.
        case ascending
        /// Largest first.
        case descending
    }

    /// `updatedAt descending`: how the key is named in reports.
    public let description: String
    /// The path's name: `updatedAt`.
    public let name: String
    /// Which way it sorts.
    public let direction: Direction
    private let compareValues: @Sendable (Entity, Entity) -> Int
    private let copyValue: (@Sendable (Entity, Entity) -> Entity)?

    private init<Value: Comparable & Sendable>(_ path: any KeyPath<Entity, Value> & Sendable, _ direction: Direction) {
        let name = Self.name(of: path)
        self.name = name
        self.direction = direction
        self.description = "\(name) \(direction.rawValue)"
        compareValues = { lhs, rhs in
            let a = lhs[keyPath: path], b = rhs[keyPath: path]
            let ascending = a < b ? -1 : (b < a ? 1 : 0)
            return direction == .ascending ? ascending : -ascending
        }
        if let writable = path as? WritableKeyPath<Entity, Value> {
            let box = UncheckedSendableKeyPath(path: writable)
            copyValue = { target, source in
                var copy = target
                copy[keyPath: box.path] = source[keyPath: box.path]
                return copy
            }
        } else {
            copyValue = nil
        }
    }

    /// Sorts by `path`, smallest first.
    public static func ascending<Value: Comparable & Sendable>(_ path: any KeyPath<Entity, Value> & Sendable) -> Self {
        Self(path, .ascending)
    }

    /// Sorts by `path`, largest first.
    public static func descending<Value: Comparable & Sendable>(_ path: any KeyPath<Entity, Value> & Sendable) -> Self {
        Self(path, .descending)
    }

    /// Negative when `lhs` sorts before `rhs` by this key, positive when after, zero when they tie.
    public func compare(_ lhs: Entity, _ rhs: Entity) -> Int {
        compareValues(lhs, rhs)
    }

    /// Whether the contract can make two entities tie on this key (its path is writable).
    public var canMakeTies: Bool { copyValue != nil }

    /// `entity` with this key's value taken from `source`: a tie on purpose. `nil` when the path is
    /// read-only.
    public func tie(_ entity: Entity, to source: Entity) -> Entity? {
        copyValue?(entity, source)
    }

    /// `\Note.updatedAt` → `updatedAt`.
    static func name(of path: AnyKeyPath) -> String {
        let text = String(describing: path)
        guard let dot = text.firstIndex(of: ".") else { return text }
        return String(text[text.index(after: dot)...])
    }
}

/// What decides the order of entities that tie on every declared ``SortKey``.
///
/// A struct over private storage rather than an enum, so that a new order is not a breaking change
/// for code that switches over the ones it knows (compare with `==`).
public struct TieOrder: Sendable, Hashable, CustomStringConvertible {
    /// The orders, for the package's own exhaustive switches.
    package enum Kind: String, Sendable, Hashable {
        case unspecified, insertion
    }

    /// Which order this is.
    package let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// Nothing: tied entities may come in any order (but each exactly once, also across pages).
    public static let unspecified = TieOrder(.unspecified)
    /// The order they were first created in: a stable sort.
    public static let insertion = TieOrder(.insertion)

    /// The order's name: `unspecified`, `insertion`.
    public var description: String { kind.rawValue }
}

/// A writable key path found by casting a sendable read-only one: key paths are immutable values, so
/// sharing it across tasks is safe although its type does not say so.
private struct UncheckedSendableKeyPath<Root, Value>: @unchecked Sendable {
    let path: WritableKeyPath<Root, Value>
}
