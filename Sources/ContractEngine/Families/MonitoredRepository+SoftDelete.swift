extension MonitoredRepository {
    /// Soft-deletes the entity stored under `id` (the witness's ``SoftDeleteOperations/delete``), watched
    /// as `softDelete(id: …)`. Throws when the witness names no soft delete
    /// (``RepositoryWitness/softDeleting(delete:restore:purge:)``).
    public func softDelete(id: Entity.ID) async throws {
        let operations = try softDeleteOperations("softDelete(id:)")
        try await call("softDelete(id: \(abbreviate(id)))") { try await operations.delete(id) }
    }

    /// Restores the soft-deleted entity stored under `id`, watched as `restore(id: …)`. Throws when the
    /// witness names no soft delete.
    public func restore(id: Entity.ID) async throws {
        let operations = try softDeleteOperations("restore(id:)")
        try await call("restore(id: \(abbreviate(id)))") { try await operations.restore(id) }
    }

    /// Purges the entity stored under `id` for good, watched as `purge(id: …)`. Throws when the witness
    /// names no purge.
    public func purge(id: Entity.ID) async throws {
        let operations = try softDeleteOperations("purge(id:)")
        guard let purge = operations.purge else { throw MissingSoftDeleteOperation(call: "purge(id:)", isPurge: true) }
        try await call("purge(id: \(abbreviate(id)))") { try await purge(id) }
    }

    private func softDeleteOperations(_ call: String) throws -> SoftDeleteOperations<Entity> {
        guard let operations = witness.softDeletion else { throw MissingSoftDeleteOperation(call: call, isPurge: false) }
        return operations
    }
}

/// Thrown by a soft-delete call on a subject whose witness does not name the operation.
private struct MissingSoftDeleteOperation: Error, CustomStringConvertible {
    let call: String
    let isPurge: Bool
    var description: String {
        isPurge
            ? "\(call) was called, but the witness names no purge: add it with .softDeleting(restore: { … }, purge: { … })"
            : "\(call) was called, but the witness has no soft delete: add .softDeleting(restore: { … }) to it"
    }
}
