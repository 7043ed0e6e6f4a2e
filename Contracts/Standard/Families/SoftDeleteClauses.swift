import ContractEngine

extension CRUDClauses {
    /// The `softDelete.*` clauses: soft delete, restore and purge.
    static var softDelete: [Clause<CRUD<Entity>>] {
        softDeleteHiding + softDeleteRestoring + softDeletePolicies
    }

    /// A `softDelete.*` clause: it applies when soft delete is declared (and `also` finds nothing missing),
    /// and fails, naming the builder to add, when the witness names no soft delete.
    static func softDeleteClause(
        _ id: String, _ summary: String, forbids: Capabilities = [],
        also condition: @escaping @Sendable (RepositoryPromises<Entity>) -> String? = { _ in nil },
        body: @escaping @Sendable (ClauseContext<CRUD<Entity>>, SoftDeletion) async throws -> Void
    ) -> Clause<CRUD<Entity>> {
        Clause(id, summary, requires: [.create], forbids: forbids, when: { promises, _ in
            promises.softDeletion == nil ? "no soft delete is declared (.softDeleting(…))" : condition(promises)
        }) { context in
            guard let declared = context.repositoryPromises.softDeletion else { return }
            guard context.subject.witness.softDeletion != nil else {
                return context.fail(
                    "\(context.conformance.name) declares .softDeleting(…) at \(context.conformance.declaredAt) but its witness "
                        + "has no soft delete: add .softDeleting(restore: { … }) to its witness")
            }
            try await body(context, declared)
        }
    }

    /// Restores `id`, soft-deleted earlier, which must succeed: `false`, with a failure recorded, when it
    /// throws (the delete may have been hard).
    static func restoreDeleted(_ id: Entity.ID, _ context: ClauseContext<CRUD<Entity>>) async throws -> Bool {
        guard case .failure(let error) = try await context.attempt({ try await context.subject.restore(id: id) }) else { return true }
        context.fail("restore(id: \(abbreviate(id))) of a soft-deleted entity threw: a soft delete must keep the entity for restore "
                     + "to bring back (is the delete hard?)", expected: "the entity restored", actual: describe(error))
        return false
    }
}
