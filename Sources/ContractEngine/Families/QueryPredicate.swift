#if canImport(Foundation)
public import Foundation

extension Query {
    /// A query whose meaning is a Foundation `Predicate`, evaluated in memory on each stored entity: the
    /// same predicate a SwiftData or Core Data store may run.
    ///
    /// ```swift
    /// .querying(.predicate("tag", parameters: \.tags) { tag in #Predicate<Note> { $0.tags.contains(tag) } })
    /// ```
    ///
    /// A predicate that throws on an entity (a force unwrap of `nil`) fails the clause, naming the query.
    ///
    /// - Parameters:
    ///   - isOrdered: Whether results come in the declared ordering. Default: `false` (compared as a set).
    ///   - parameters: The values an entity would be found by.
    ///   - nearMisses: Values close to a found one to try too. Default: for text, other case, one character
    ///     less and a space more.
    ///   - makePredicate: The predicate for one parameter.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    public static func predicate<Parameter: Hashable & Sendable>(
        _ name: String,
        isOrdered: Bool = false,
        parameters: @escaping @Sendable (Entity) -> [Parameter],
        nearMisses: (@Sendable (Parameter) -> [Parameter])? = nil,
        _ makePredicate: @escaping @Sendable (Parameter) -> Predicate<Entity>
    ) -> Self {
        typed(name, isOrdered: isOrdered, meaningKind: "a Predicate", parameters: parameters, nearMisses: nearMisses) { entity, parameter in
            try makePredicate(parameter).evaluate(entity)
        }
    }
}
#endif
