/// What a repository conformer promises besides its operations: the capabilities it declares, what it
/// does with questionable requests, the order of `fetchAll()`, when two entities are the same stored
/// value, and how its errors map to a ``RepositoryError/Kind``.
public struct RepositoryPromises<Entity: Identifiable & Equatable & Sendable>: Sendable, CustomStringConvertible
where Entity.ID: Sendable {
    /// The operations and guarantees it declares. Default: ``Capabilities/crud`` with client-assigned ids.
    public var capabilities: Capabilities
    /// What it does with questionable requests.
    public var policies: RequestPolicies
    /// The order of `fetchAll()`.
    public var ordering: Ordering<Entity>
    /// When two entities count as the same stored value.
    public var equivalence: Equivalence<Entity>
    /// Maps the conformer's own errors to a ``RepositoryError/Kind`` (default: reads ``RepositoryError``).
    public var classifyError: @Sendable (any Error) -> RepositoryError.Kind?
    /// Whether edge cases are derived from a `Codable` entity for this conformer, and values of your own
    /// to try. Default: ``EdgeCases/derived``.
    public var edgeCases: EdgeCases

    /// Declares the promises; the defaults are the common strict choices.
    public init(
        capabilities: Capabilities = .crud,
        policies: RequestPolicies = RequestPolicies(),
        ordering: Ordering<Entity> = .unspecified,
        equivalence: Equivalence<Entity> = .equal,
        classifyError: @escaping @Sendable (any Error) -> RepositoryError.Kind? = { ($0 as? RepositoryError)?.kind },
        edgeCases: EdgeCases = .derived
    ) {
        self.capabilities = capabilities
        self.policies = policies
        self.ordering = ordering
        self.equivalence = equivalence
        self.classifyError = classifyError
        self.edgeCases = edgeCases
    }

    /// "capabilities [.create, …], ordering unspecified, update of missing: …": what a failure repeats.
    public var description: String {
        "capabilities \(capabilities), ordering \(ordering), \(policies)" + (edgeCases.isDerived ? "" : ", edge cases off")
    }

    /// Problems in the promises themselves; empty when they are consistent.
    public var mistakes: [String] {
        if !capabilities.contains(.create), capabilities.contains(.serverAssignedIDs) {
            return [".serverAssignedIDs is declared without .create: only create assigns ids"]
        }
        return []
    }
}
