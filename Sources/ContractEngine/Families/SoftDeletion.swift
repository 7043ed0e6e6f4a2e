/// What soft delete does, declared with ``Conformance/softDeleting(_:)`` and checked by the `softDelete.*`
/// clauses: a deleted entity is hidden from reads, lists, pages and queries, restore brings back the same
/// entity, and its id stays taken until it is purged.
public struct SoftDeletion: Sendable, CustomStringConvertible {
    /// What `create(_:)` of a soft-deleted entity's id does. Default: rejected (the id stays taken).
    public var createOfDeletedID: RequestPolicy
    /// What restoring an entity that is not deleted does. Default: rejected or ignored.
    public var restoreOfLive: RequestPolicy
    /// What restoring an id never stored (or purged) does. Default: rejected.
    public var restoreOfMissing: RequestPolicy
    /// Whether the conformer purges (removes a soft-deleted entity for good, freeing its id): the
    /// `softDelete.purge*` clauses run only then, and its witness must name the purge
    /// (`.softDeleting(restore: …, purge: …)`). Default: `false`.
    public var purges: Bool

    /// Declares soft delete; the defaults are the strict choices.
    public init(
        createOfDeletedID: RequestPolicy = .rejected,
        restoreOfLive: RequestPolicy = .rejectedOrIgnored,
        restoreOfMissing: RequestPolicy = .rejected,
        purges: Bool = false
    ) {
        self.createOfDeletedID = createOfDeletedID
        self.restoreOfLive = restoreOfLive
        self.restoreOfMissing = restoreOfMissing
        self.purges = purges
    }

    /// Soft delete with a purge, the other choices strict: `.softDeleting(.purging)`.
    public static var purging: Self { Self(purges: true) }

    /// What the clauses repeat in a failure.
    public var description: String {
        "soft delete: create of a deleted id \(createOfDeletedID); restore of a live entity \(restoreOfLive); "
            + "restore of a missing id \(restoreOfMissing)" + (purges ? "; purges" : "; no purge")
    }
}

/// A conformer's soft-delete operations: set on a witness with
/// ``RepositoryWitness/softDeleting(delete:restore:purge:)``.
public struct SoftDeleteOperations<Entity: Identifiable & Sendable>: Sendable where Entity.ID: Sendable {
    /// Hides the entity; the witness's `delete` when the conformer's delete is the soft one.
    public let delete: @Sendable (Entity.ID) async throws -> Void
    /// Brings a soft-deleted entity back.
    public let restore: @Sendable (Entity.ID) async throws -> Void
    /// Removes a soft-deleted (or live) entity for good, freeing its id; `nil` when there is none.
    public let purge: (@Sendable (Entity.ID) async throws -> Void)?
}

extension RepositoryWitness {
    /// The same witness with soft delete.
    ///
    /// ```swift
    /// .softDeleting(restore: { try await store.restore(id: $0) }, purge: { try await store.purge(id: $0) })
    /// ```
    ///
    /// - Parameters:
    ///   - delete: The soft delete; `nil` (the default) when the witness's `delete` is the soft one.
    ///   - restore: Brings a soft-deleted entity back.
    ///   - purge: Removes an entity for good; `nil` when the store has no purge.
    public func softDeleting(
        delete: (@Sendable (Entity.ID) async throws -> Void)? = nil,
        restore: @escaping @Sendable (Entity.ID) async throws -> Void,
        purge: (@Sendable (Entity.ID) async throws -> Void)? = nil
    ) -> Self {
        var copy = self
        copy.softDeletion = SoftDeleteOperations(delete: delete ?? self.delete, restore: restore, purge: purge)
        return copy
    }
}
