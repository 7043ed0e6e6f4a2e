/// The order in which a conformer's `fetchAll()` returns entities.
public struct Ordering<Entity: Sendable>: Sendable, CustomStringConvertible {
    enum Rule: Sendable {
        case unspecified
        case insertion
        case sorted(@Sendable (Entity, Entity) -> Bool)
    }

    let rule: Rule
    /// How the order is named in reports.
    public let description: String

    /// No promise: clauses compare `fetchAll()` as a set.
    public static var unspecified: Self { Self(rule: .unspecified, description: "unspecified") }

    /// In the order entities were first created; an update keeps an entity's place.
    public static var insertion: Self { Self(rule: .insertion, description: "insertion order") }

    /// Sorted by `areInIncreasingOrder`; `name` says by what, for reports ("by title").
    public static func sorted(_ name: String, by areInIncreasingOrder: @escaping @Sendable (Entity, Entity) -> Bool) -> Self {
        Self(rule: .sorted(areInIncreasingOrder), description: "sorted \(name)")
    }

    /// Whether the conformer promises any order at all.
    public var isSpecified: Bool {
        if case .unspecified = rule { false } else { true }
    }

    /// The order `fetchAll()` must have, given entities in the order they were first created.
    public func arrange(_ entitiesInCreationOrder: [Entity]) -> [Entity] {
        switch rule {
        case .unspecified, .insertion: entitiesInCreationOrder
        case .sorted(let areInIncreasingOrder): entitiesInCreationOrder.sorted(by: areInIncreasingOrder)
        }
    }
}
