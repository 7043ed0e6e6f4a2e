import ContractEngine

extension CRUDClauses {
    static var delete: [Clause<CRUD<Entity>>] {
        [
            Clause("delete.removesFromFetch", "delete(id:) then fetch(id:) returns nil", requires: [.create, .delete]) { context in
                let stored = try await context.createNew(2)
                try await context.subject.delete(id: stored[0].id)
                let found = try await context.subject.fetch(id: stored[0].id)
                context.expect(found == nil, "fetch(id: \(stored[0].id)) after delete returned \(abbreviate(found as Any))")
            },
            Clause("delete.removesFromFetchAll", "delete(id:) removes the entity from fetchAll()", requires: [.create, .delete]) { context in
                let stored = try await context.createNew(2)
                try await context.subject.delete(id: stored[0].id)
                let all = try await context.subject.fetchAll()
                context.expect(!all.contains { $0.id == stored[0].id }, "fetchAll() still contains deleted id \(stored[0].id)")
            },
            Clause("delete.leavesOthersUntouched", "delete(id:) leaves every other entity untouched", requires: [.create, .delete]) { context in
                var stored = try await context.createNew(5)
                let removed = stored.remove(at: 3)
                try await context.subject.delete(id: removed.id)
                try await context.expectContents(stored, "after deleting the fourth of five")
            },
            Clause("delete.leavesTwinsUntouched", "delete(id:) of one twin leaves the other twin stored", requires: [.create, .delete]) { context in
                let original = context.newEntity()
                var stored = try await context.createAll([context.newEntity(), original, context.twin(of: original)])
                let removed = stored.remove(at: 2)
                try await context.subject.delete(id: removed.id)
                try await context.expectContents(stored, "after deleting the second of two twins")
            },
            Clause("delete.lastLeavesEmpty", "deleting every entity leaves an empty repository that still answers", requires: [.create, .delete]) { context in
                let stored = try await context.createNew(2)
                for entity in stored {
                    try await context.subject.delete(id: entity.id)
                }
                try await context.expectContents([], "after deleting every entity")
            },
            Clause("delete.missingIDFollowsPolicy", "delete(id:) of a missing id follows the declared policy and changes nothing",
                   requires: [.create, .delete]) { context in
                let stored = try await context.createNew(2)
                try await checkDeleteOfMissing(context.unknownID(), model: stored, request: "delete(id:) of a never-created id", context)
            },
            Clause("delete.twiceFollowsPolicy", "deleting an id twice: the second call follows the missing-id policy", requires: [.create, .delete]) { context in
                var stored = try await context.createNew(3)
                let removed = stored.remove(at: 0)
                try await context.subject.delete(id: removed.id)
                try await checkDeleteOfMissing(removed.id, model: stored, request: "a second delete(id: \(removed.id))", context)
            },
        ]
    }

    private static func checkDeleteOfMissing(
        _ id: Entity.ID, model: [Entity], request: String, _ context: ClauseContext<CRUD<Entity>>
    ) async throws {
        let policy = context.repositoryPromises.policies.deleteOfMissing
        switch try await context.attempt({ try await context.subject.delete(id: id) }) {
        case .failure(let error):
            context.expect(context.rejection(error), allowedBy: policy, named: "deleteOfMissing", for: request)
        case .success:
            // Nothing was stored under the id, so returning normally counts as "ignored" or "applied".
            let outcome: RequestOutcome = policy.accepts(.applied) ? .applied : .ignored
            context.expect(outcome, allowedBy: policy, named: "deleteOfMissing", for: request)
        }
        try await context.expectContents(model, "after \(request)")
    }
}
