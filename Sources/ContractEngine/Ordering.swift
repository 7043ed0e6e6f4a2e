/// The order in which a conformer's `fetchAll()` (and its pages) return entities.
public struct Ordering<Entity: Sendable>: Sendable, CustomStringConvertible {
    /// How entities are ordered (`package`: the CRUD model checker in `ModelChecking` reads it).
    package enum Rule: Sendable {
        case unspecified
        case insertion
        case sorted(@Sendable (Entity, Entity) -> Bool)
    }

    package let rule: Rule
    /// The keys of a sort declared with `sorted(by:ties:)`; empty for any other order.
    public let keys: [SortKey<Entity>]
    /// What orders entities that tie on every key of a sort.
    public let ties: TieOrder
    /// How the order is named in reports.
    public let description: String

    init(rule: Rule, keys: [SortKey<Entity>] = [], ties: TieOrder = .unspecified, description: String) {
        self.rule = rule
        self.keys = keys
        self.ties = ties
        self.description = description
    }

    /// No promise: clauses compare `fetchAll()` as a set.
    public static var unspecified: Self { Self(rule: .unspecified, description: "unspecified") }

    /// In the order entities were first created; an update keeps an entity's place.
    public static var insertion: Self { Self(rule: .insertion, description: "insertion order") }

    /// Sorted by `areInIncreasingOrder`; `name` says by what, for reports ("by title"). Entities neither
    /// side of which is in increasing order may come in any order.
    ///
    /// The order is checked on the entities the store returns. Prefer `sorted(by:ties:)`: its keys also
    /// let the contract make ties on purpose.
    public static func sorted(_ name: String, by areInIncreasingOrder: @escaping @Sendable (Entity, Entity) -> Bool) -> Self {
        Self(rule: .sorted(areInIncreasingOrder), description: "sorted \(name)")
    }

    /// Sorted by `keys`, the first deciding, the next breaking its ties, and so on; `ties` says what
    /// orders entities equal on every key.
    ///
    /// ```swift
    /// ordering: .sorted(by: .descending(\.updatedAt), .ascending(\.id))
    /// ```
    public static func sorted(by keys: SortKey<Entity>..., ties: TieOrder = .unspecified) -> Self {
        sorted(by: keys, ties: ties)
    }

    /// Sorted by `keys`; see `sorted(by:ties:)` with variadic keys.
    public static func sorted(by keys: [SortKey<Entity>], ties: TieOrder = .unspecified) -> Self {
        let compare: @Sendable (Entity, Entity) -> Bool = { lhs, rhs in
            for key in keys {
                let order = key.compare(lhs, rhs)
                if order != 0 { return order < 0 }
            }
            return false
        }
        let named = keys.map(\.description).joined(separator: ", then ")
        let tail = ties == .insertion ? ", ties in creation order" : ""
        return Self(rule: .sorted(compare), keys: keys, ties: ties, description: "sorted by \(named)\(tail)")
    }

    /// Whether the conformer promises any order at all.
    public var isSpecified: Bool {
        if case .unspecified = rule { false } else { true }
    }

    /// Whether the conformer promises a sort (by a comparator or by keys).
    public var isSorted: Bool {
        if case .sorted = rule { true } else { false }
    }

    /// The order `fetchAll()` must have, given entities in the order they were first created: the model's
    /// view, from the values the contract sent.
    public func arrange(_ entitiesInCreationOrder: [Entity]) -> [Entity] {
        switch rule {
        case .unspecified, .insertion: entitiesInCreationOrder
        case .sorted(let areInIncreasingOrder): entitiesInCreationOrder.sorted(by: areInIncreasingOrder)
        }
    }
}

extension Ordering where Entity: Identifiable {
    /// Where `returned` breaks the order, judged on the values the store returned: the index of the first
    /// entity that should have come before its predecessor, or `nil` when the list is in order.
    ///
    /// `creationRank` gives an entity's place in creation order, for insertion order and for ties a
    /// stable sort orders by creation; ids it does not know are not judged by it.
    public func firstViolation(in returned: [Entity], creationRank: (Entity.ID) -> Int?) -> Int? {
        guard returned.count > 1 else { return nil }
        for index in 1..<returned.count {
            let previous = returned[index - 1], current = returned[index]
            switch rule {
            case .unspecified:
                return nil
            case .insertion:
                if let a = creationRank(previous.id), let b = creationRank(current.id), b < a { return index }
            case .sorted(let areInIncreasingOrder):
                if areInIncreasingOrder(current, previous) { return index }
                if ties == .insertion, !areInIncreasingOrder(previous, current),
                    let a = creationRank(previous.id), let b = creationRank(current.id), b < a
                {
                    return index
                }
            }
        }
        return nil
    }
}
