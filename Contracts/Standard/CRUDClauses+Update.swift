import ContractEngine

extension CRUDClauses {
    static var update: [Clause<CRUD<Entity>>] {
        [
            Clause("update.replacesValue", "update(_:) then fetch(id:) returns the new value", requires: [.create, .update]) { context in
                let stored = try await context.createNew(1)[0]
                let changed = context.mutated(stored)
                try await context.subject.update(changed)
                context.expectEquivalent(try await context.subject.fetch(id: stored.id), changed, "fetch(id: \(stored.id)) after update")
            },
            Clause("update.returnsWhatWasStored", "update(_:) returns the entity, equivalent to what was sent", requires: [.create, .update]) { context in
                let stored = try await context.createNew(1)[0]
                let changed = context.mutated(stored)
                context.expectEquivalent(try await context.subject.update(changed), changed, "the value update(_:) returned")
            },
            Clause("update.keepsCountAndIdentity", "update(_:) keeps the number of entities and their ids", requires: [.create, .update]) { context in
                var stored = try await context.createNew(3)
                stored[2] = try await context.subject.update(context.mutated(stored[2]))
                try await context.expectContents(stored, "after updating one of three")
            },
            Clause("update.leavesOthersUntouched", "update(_:) changes no other entity", requires: [.create, .update]) { context in
                var stored = try await context.createNew(4)
                stored[0] = try await context.subject.update(context.mutated(stored[0]))
                try await context.expectContents(stored, "after updating the first of four")
            },
            Clause("update.leavesTwinsUntouched", "update(_:) of one twin leaves the other twin untouched", requires: [.create, .update]) { context in
                let original = context.newEntity()
                var stored = try await context.createAll([original, context.twin(of: original), context.newEntity()])
                stored[1] = try await context.subject.update(context.mutated(stored[1]))
                try await context.expectContents(stored, "after updating the second of two twins")
            },
            Clause("update.lastWriteWins", "consecutive updates of one id keep the last value", requires: [.create, .update]) { context in
                var stored = try await context.createNew(2)
                let once = context.mutated(stored[0])
                try await context.subject.update(once)
                stored[0] = try await context.subject.update(context.mutated(once))
                try await context.expectContents(stored, "after two updates of one id back to back")
            },
            Clause("update.missingIDFollowsPolicy", "update(_:) of a missing id follows the declared policy and upserts only if declared",
                   requires: [.create, .update]) { context in
                let stored = try await context.createNew(2)
                let missing = context.newEntity()
                try await checkUpdateOfMissing(missing, model: stored, request: "update(_:) of never-created id \(missing.id)", context)
            },
            Clause("update.deletedIDDoesNotResurrect", "update(_:) of a deleted id follows the policy and does not resurrect it unless upserts are declared",
                   requires: [.create, .update, .delete]) { context in
                var stored = try await context.createNew(3)
                let deleted = stored.remove(at: 1)
                try await context.subject.delete(id: deleted.id)
                try await checkUpdateOfMissing(context.mutated(deleted), model: stored, request: "update(_:) of deleted id \(deleted.id)", context)
            },
        ]
    }

    /// Updates an entity that is not stored, checks the outcome against the declared policy, and checks
    /// that nothing but (at most, when upserts are allowed) that entity changed.
    private static func checkUpdateOfMissing(
        _ missing: Entity, model: [Entity], request: String, _ context: ClauseContext<CRUD<Entity>>
    ) async throws {
        let policy = context.repositoryPromises.policies.updateOfMissing
        var model = model
        switch try await context.attempt({ try await context.subject.update(missing) }) {
        case .failure(let error):
            context.expect(context.rejection(error), allowedBy: policy, named: "updateOfMissing", for: request)
        case .success:
            let outcome = try await context.returnedOutcome(for: missing.id)
            context.expect(outcome, allowedBy: policy, named: "updateOfMissing", for: request)
            if outcome == .applied { model.append(missing) }
        }
        try await context.expectContents(model, "after \(request)")
    }
}
