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
    /// How many entities the bulk clauses use: `values.thousandEntitiesRoundTrip` stores this many, and
    /// the concurrency clauses release this many operations at once, at most 32. Default: 1,000. Lower
    /// it for a slow backend (a live API, a store whose `fetch(id:)` scans a list), with
    /// ``Conformance/scalingBulkClauses(to:)``.
    public var bulkEntityCount: Int

    /// Declares the promises; the defaults are the common strict choices.
    public init(
        capabilities: Capabilities = .crud,
        policies: RequestPolicies = RequestPolicies(),
        ordering: Ordering<Entity> = .unspecified,
        equivalence: Equivalence<Entity> = .equal,
        classifyError: @escaping @Sendable (any Error) -> RepositoryError.Kind? = { ($0 as? RepositoryError)?.kind },
        edgeCases: EdgeCases = .derived,
        bulkEntityCount: Int = 1_000
    ) {
        self.capabilities = capabilities
        self.policies = policies
        self.ordering = ordering
        self.equivalence = equivalence
        self.classifyError = classifyError
        self.edgeCases = edgeCases
        self.bulkEntityCount = bulkEntityCount
    }

    /// "capabilities [.create, …], ordering unspecified, update of missing: …": what a failure repeats.
    public var description: String {
        "capabilities \(capabilities), ordering \(ordering), \(policies)" + (edgeCases.isDerived ? "" : ", edge cases off")
            + (bulkEntityCount == 1_000 ? "" : ", bulk clauses scaled to \(bulkEntityCount) entities")
    }

    /// Problems in the promises themselves; empty when they are consistent.
    public var mistakes: [String] {
        var found: [String] = []
        if !capabilities.contains(.create), capabilities.contains(.serverAssignedIDs) {
            found.append(".serverAssignedIDs is declared without .create: only create assigns ids")
        }
        if bulkEntityCount < 2 {
            found.append("bulkEntityCount is \(bulkEntityCount): the bulk clauses need at least 2 entities")
        }
        return found
    }
}
