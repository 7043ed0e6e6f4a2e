import ContractEngine

extension CRUDClauses {
    /// The questionable soft-delete requests, each by its declared policy.
    static var softDeletePolicies: [Clause<CRUD<Entity>>] {
        [
            softDeleteClause(
                "softDelete.restoreOfLiveFollowsPolicy", "restore(id:) of a live entity follows the declared policy and changes nothing"
            ) { context, declared in
                let stored = try await context.createNew(2)
                let request = "restore(id: \(abbreviate(stored[0].id))) of a live entity"
                let policy = declared.restoreOfLive
                switch try await context.attempt({ try await context.subject.restore(id: stored[0].id) }) {
                case .failure(let error):
                    context.expect(context.rejection(error), allowedBy: policy, named: "restoreOfLive", for: request)
                case .success:
                    context.expect(policy.accepts(.applied) ? .applied : .ignored, allowedBy: policy, named: "restoreOfLive", for: request)
                }
                try await context.expectContents(stored, "after \(request)")
            },
            softDeleteClause(
                "softDelete.restoreOfMissingFollowsPolicy", "restore(id:) of a never-stored id follows the declared policy and changes nothing"
            ) { context, declared in
                let stored = try await context.createNew(2)
                let id = context.unknownID()
                try await checkRestoreOfMissing(
                    id, model: stored, policy: declared.restoreOfMissing, request: "restore(id: \(abbreviate(id))) of a never-stored id", context)
            },
            softDeleteClause(
                "softDelete.missingIDFollowsPolicy", "soft delete of a never-stored id follows the deleteOfMissing policy and changes nothing"
            ) { context, _ in
                let stored = try await context.createNew(2)
                let id = context.unknownID()
                try await checkSoftDeleteOfMissing(id, model: stored, request: "softDelete(id: \(abbreviate(id))) of a never-stored id", context)
            },
            softDeleteClause(
                "softDelete.twiceFollowsPolicy", "a second soft delete follows the deleteOfMissing policy; restore still brings the entity back"
            ) { context, _ in
                let stored = try await context.createNew(3)
                let deleted = stored[1]
                try await context.subject.softDelete(id: deleted.id)
                try await checkSoftDeleteOfMissing(
                    deleted.id, model: stored.filter { $0.id != deleted.id }, request: "a second softDelete(id: \(abbreviate(deleted.id)))", context)
                guard try await restoreDeleted(deleted.id, context) else { return }
                try await context.expectContents(stored, "after restore(id: \(abbreviate(deleted.id))) following two soft deletes")
            },
        ]
    }

    /// Soft-deletes `id`, which is not live: the outcome must be one the CRUD `deleteOfMissing` policy
    /// allows, and the repository still holds `model`.
    private static func checkSoftDeleteOfMissing(
        _ id: Entity.ID, model: [Entity], request: String, _ context: ClauseContext<CRUD<Entity>>
    ) async throws {
        let policy = context.repositoryPromises.policies.deleteOfMissing
        switch try await context.attempt({ try await context.subject.softDelete(id: id) }) {
        case .failure(let error):
            context.expect(context.rejection(error), allowedBy: policy, named: "deleteOfMissing", for: request)
        case .success:
            // Nothing live was under the id, so returning normally counts as "ignored" or "applied".
            context.expect(policy.accepts(.applied) ? .applied : .ignored, allowedBy: policy, named: "deleteOfMissing", for: request)
        }
        try await context.expectContents(model, "after \(request)")
    }
}
