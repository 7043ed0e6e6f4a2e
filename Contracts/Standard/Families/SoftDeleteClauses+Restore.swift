import ContractEngine

extension CRUDClauses {
    /// Restore brings back the same entity, in its place, with the fields a restore must keep; purge
    /// removes an entity for good.
    static var softDeleteRestoring: [Clause<CRUD<Entity>>] {
        [
            softDeleteClause("softDelete.restoreBringsBack", "restore(id:) brings back the same entity, in its place in the order") { context, _ in
                let stored = try await context.createNew(3)
                try await context.subject.softDelete(id: stored[1].id)
                guard try await restoreDeleted(stored[1].id, context) else { return }
                try await context.expectContents(stored, "after softDelete(id:) then restore(id:) of the second of three")
            },
            softDeleteClause(
                "softDelete.restoreKeepsMaintainedFields",
                "restore(id:) keeps the store-maintained fields; a version or updatedAt may move forward, never back",
                also: { $0.storeMaintained.isEmpty ? "no store-maintained field is declared (.maintaining(…))" : nil }
            ) { context, _ in
                try await checkRestoreKeepsFields(context)
            },
            softDeleteClause(
                "softDelete.idStaysTaken", "create(_:) of a soft-deleted id follows the declared policy; the id stays taken",
                forbids: .serverAssignedIDs
            ) { context, declared in
                try await checkCreateOfDeletedID(context, policy: declared.createOfDeletedID)
            },
            softDeleteClause(
                "softDelete.purgedCannotBeRestored", "restore(id:) after purge(id:) follows the missing-id policy and brings nothing back",
                also: { $0.softDeletion?.purges == true ? nil : "no purge is declared (SoftDeletion(purges: true))" }
            ) { context, declared in
                guard context.requirePurge() else { return }
                var stored = try await context.createNew(3)
                let purged = stored.remove(at: 1)
                try await context.subject.softDelete(id: purged.id)
                try await context.subject.purge(id: purged.id)
                let request = "restore(id: \(abbreviate(purged.id))) after softDelete(id:) and purge(id:)"
                try await checkRestoreOfMissing(purged.id, model: stored, policy: declared.restoreOfMissing, request: request, context)
            },
            softDeleteClause(
                "softDelete.purgeFreesID", "after purge(id:) the id is free: create(_:) of it stores the new entity",
                forbids: .serverAssignedIDs,
                also: { $0.softDeletion?.purges == true ? nil : "no purge is declared (SoftDeletion(purges: true))" }
            ) { context, _ in
                guard context.requirePurge() else { return }
                var stored = try await context.createNew(3)
                let purged = stored.remove(at: 1)
                try await context.subject.softDelete(id: purged.id)
                try await context.subject.purge(id: purged.id)
                let again = context.mutated(purged)
                let request = "create(_:) of id \(abbreviate(purged.id)) after softDelete(id:) and purge(id:)"
                switch try await context.attempt({ try await context.subject.create(again) }) {
                case .failure(let error):
                    context.fail("\(request) threw: a purge must free the id", expected: "the new entity stored", actual: describe(error))
                case .success:
                    stored.append(again)
                }
                try await context.expectContents(stored, "after \(request)")
            },
        ]
    }

    /// Updates an entity (when updates are declared) so its version and timestamps have moved, then
    /// soft-deletes and restores it, moving the store's time between steps: each store-maintained field
    /// must come back by its rule.
    private static func checkRestoreKeepsFields(_ context: ClauseContext<CRUD<Entity>>) async throws {
        let moveTime = context.subject.witness.moveStoreTime
        let id = try await context.createNew(2)[0].id
        if context.repositoryPromises.capabilities.contains(.update), let current = try await context.subject.fetch(id: id) {
            await moveTime?()
            try await context.subject.update(context.mutated(current))
        }
        guard let before = try await context.subject.fetch(id: id) else {
            return context.fail("fetch(id: \(abbreviate(id))) of a stored entity returned nil", expected: "the entity", actual: "nil")
        }
        await moveTime?()
        try await context.subject.softDelete(id: id)
        await moveTime?()
        guard try await restoreDeleted(id, context) else { return }
        let call = "restore(id: \(abbreviate(id))) after softDelete(id:)"
        guard let restored = try await context.subject.fetch(id: id) else {
            return context.fail("fetch(id: \(abbreviate(id))) after \(call) returned nil", expected: abbreviate(before), actual: "nil")
        }
        for field in context.repositoryPromises.storeMaintained where !field.hasSameValue(restored, before) {
            switch field.rule.kind {
            case .version, .refreshedOnWrite:
                if field.increased(from: before, to: restored) == true { continue }
                context.fail("\(call) moved \(field) back: a restore may move it forward, never back or reset it "
                             + "(declared at \(context.conformance.declaredAt))",
                             expected: "\(field.value(in: before)) or later", actual: field.value(in: restored))
            case .setOnCreate, .entityTag:
                context.fail("\(call) changed \(field), which a restore must keep: the entity's content did not change "
                             + "(declared at \(context.conformance.declaredAt))",
                             expected: field.value(in: before), actual: field.value(in: restored))
            }
        }
    }

    /// Soft-deletes the second of three and creates its id again with another value: the outcome must be
    /// one `policy` allows, and unless the create applied, restore brings back the original value.
    private static func checkCreateOfDeletedID(_ context: ClauseContext<CRUD<Entity>>, policy: RequestPolicy) async throws {
        let stored = try await context.createNew(3)
        let deleted = stored[1]
        var model = stored.filter { $0.id != deleted.id }
        try await context.subject.softDelete(id: deleted.id)
        let replacement = context.mutated(deleted)
        let request = "create(_:) of soft-deleted id \(abbreviate(deleted.id))"
        switch try await context.attempt({ try await context.subject.create(replacement) }) {
        case .failure(let error):
            context.expect(context.rejection(error), allowedBy: policy, named: "createOfDeletedID", for: request)
        case .success:
            let outcome = try await context.returnedOutcome(for: deleted.id)
            context.expect(outcome, allowedBy: policy, named: "createOfDeletedID", for: request)
            if outcome == .applied {
                model.append(replacement)
                return try await context.expectContents(model, "after \(request)")
            }
        }
        try await context.expectContents(model, "after \(request)")
        guard try await restoreDeleted(deleted.id, context) else { return }
        try await context.expectContents(stored, "after restore(id: \(abbreviate(deleted.id))) following \(request)")
    }

    /// Restores `id`, which is not stored: the outcome must be one `policy` allows, and unless it applied
    /// the repository still holds `model`.
    static func checkRestoreOfMissing(
        _ id: Entity.ID, model: [Entity], policy: RequestPolicy, request: String, _ context: ClauseContext<CRUD<Entity>>
    ) async throws {
        switch try await context.attempt({ try await context.subject.restore(id: id) }) {
        case .failure(let error):
            context.expect(context.rejection(error), allowedBy: policy, named: "restoreOfMissing", for: request)
        case .success:
            let outcome = try await context.returnedOutcome(for: id)
            context.expect(outcome, allowedBy: policy, named: "restoreOfMissing", for: request)
        }
        try await context.expectContents(model, "after \(request)")
    }
}

extension ClauseContext where Terms: RepositoryTerms {
    /// Whether the witness names the purge the conformance declares; records a failure naming the
    /// builder to add when it does not.
    func requirePurge() -> Bool {
        guard subject.witness.softDeletion?.purge == nil else { return true }
        fail("\(conformance.name) declares soft delete with purges: true at \(conformance.declaredAt) but its witness names "
             + "no purge: add it with .softDeleting(restore: { … }, purge: { … })")
        return false
    }
}
