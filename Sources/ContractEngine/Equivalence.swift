/// When two entities count as the same stored value.
public struct Equivalence<Entity: Equatable & Sendable>: Sendable {
    private let areEquivalent: @Sendable (Entity, Entity) -> Bool
    /// How the relation is named in failure messages.
    public let name: String

    /// A custom relation.
    public init(_ name: String, _ areEquivalent: @escaping @Sendable (Entity, Entity) -> Bool) {
        self.name = name
        self.areEquivalent = areEquivalent
    }

    /// `==`.
    public static var equal: Self { Self("==") { $0 == $1 } }

    /// `==` after passing both through `normalize`: clears server-owned fields (timestamps, versions, a
    /// server-assigned id) or rounds dates to the precision the backend keeps.
    public static func normalizing(_ name: String = "normalized ==", _ normalize: @escaping @Sendable (Entity) -> Entity) -> Self {
        Self(name) { normalize($0) == normalize($1) }
    }

    /// Whether `lhs` and `rhs` count as the same stored value.
    public func callAsFunction(_ lhs: Entity, _ rhs: Entity) -> Bool {
        areEquivalent(lhs, rhs)
    }
}
