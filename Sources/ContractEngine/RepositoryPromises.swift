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
    /// When two entities count as the same stored value, store-maintained fields left out: the declared
    /// equivalence, comparing after the expected entity took the ``storeMaintained`` values of the actual
    /// one. Setting it sets the declared one.
    public var equivalence: Equivalence<Entity> {
        get { equivalenceIgnoringStoreMaintained }
        set { declaredEquivalence = newValue }
    }
    /// The equivalence as declared, store-maintained fields included.
    public var declaredEquivalence: Equivalence<Entity> {
        didSet { remakeEquivalence() }
    }
    /// Fields the store sets itself (a version, timestamps, an ETag): left out of value comparison and
    /// checked by their own rules (the `maintained.*` clauses). Set with ``Conformance/maintaining(_:)``.
    public var storeMaintained: [StoreMaintained<Entity>] = [] {
        didSet { remakeEquivalence() }
    }
    /// ``equivalence``, made when either part is set rather than at each read: a check reads it for
    /// every comparison, and making it names the fields anew.
    private var equivalenceIgnoringStoreMaintained: Equivalence<Entity>

    private mutating func remakeEquivalence() {
        equivalenceIgnoringStoreMaintained = declaredEquivalence.ignoring(storeMaintained)
    }
    /// How pages behave, when the conformer reads in pages (the `pages.*` clauses); set with
    /// ``Conformance/paginated(_:)``. Its witness reads pages with ``RepositoryWitness/paging(invalidCursor:_:)``.
    public var pagination: Pagination?
    /// Which token a conditional update checks, and the error a stale one gets (the `versions.*`
    /// clauses); set with ``Conformance/optimisticConcurrency(_:)``. Its witness updates conditionally
    /// with ``RepositoryWitness/updatingConditionally(_:)``.
    public var optimisticConcurrency: OptimisticConcurrency<Entity>?
    /// What soft delete, restore and purge do (the `softDelete.*` clauses); set with
    /// ``Conformance/softDeleting(_:)``. Its witness names the operations with ``RepositoryWitness/softDeleting(delete:restore:purge:)``.
    public var softDeletion: SoftDeletion?
    /// What a batch insert does when part of it cannot be stored (the `batch.*` clauses); set with
    /// ``Conformance/batchWrites(_:)``.
    public var batchWrites: BatchWrites?
    /// The filters the conformer answers, each with its meaning (the `queries.*` clauses); set with
    /// ``Conformance/querying(_:)``.
    public var queries: [Query<Entity>] = []
    /// Inputs every write must refuse, changing nothing (the `atomicity.*` clauses); set with
    /// ``Conformance/refusing(_:)``.
    public var failingWrites: FailingWrites<Entity>?
    /// Whether every write goes through the stub server of the test's scope (an HTTP conformer under the
    /// `.stubServer(…)` trait), so that the `atomicity.serverFault*` clauses can fail it there and require
    /// that it throws and changes nothing; set with ``Conformance/writingThroughStubServer()``.
    public var writesThroughStubServer = false
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
        self.declaredEquivalence = equivalence
        self.equivalenceIgnoringStoreMaintained = equivalence
        self.classifyError = classifyError
        self.edgeCases = edgeCases
        self.bulkEntityCount = bulkEntityCount
    }

    /// "capabilities [.create, …], ordering unspecified, update of missing: …": what a failure repeats.
    public var description: String {
        "capabilities \(capabilities), ordering \(ordering), \(policies)" + (!edgeCases.isDerived ? ", edge cases off" : edgeCases.exclusions.isEmpty ? "" : ", edge cases \(edgeCases)")
            + (bulkEntityCount == 1_000 ? "" : ", bulk clauses scaled to \(bulkEntityCount) entities")
            + (storeMaintained.isEmpty ? "" : ", store-maintained \(storeMaintained.map(\.description).joined(separator: ", "))")
            + (familyNames.isEmpty ? "" : ", families \(familyNames.joined(separator: ", "))")
    }

    /// The families beyond CRUD the conformer declares: `pages`, `versions`, …
    public var familyNames: [String] {
        var names: [String] = []
        if pagination != nil { names.append("pages") }
        if optimisticConcurrency != nil { names.append("versions") }
        if softDeletion != nil { names.append("softDelete") }
        if batchWrites != nil { names.append("batch") }
        if !queries.isEmpty { names.append("queries (\(queries.map(\.name).joined(separator: ", ")))") }
        if failingWrites != nil { names.append("atomicity") }
        if writesThroughStubServer { names.append("atomicity at the stub server") }
        return names
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
        found += pagination?.mistakes ?? []
        let queryNames = queries.map { $0.name }
        for name in Set(queryNames) where queryNames.filter({ $0 == name }).count > 1 {
            found.append("query \(name) is declared more than once: each query needs its own name")
        }
        return found
    }
}
