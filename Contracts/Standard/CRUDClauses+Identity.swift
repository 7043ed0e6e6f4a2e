import ContractEngine

extension CRUDClauses {
    /// Identity and staleness: ids that differ only slightly are different entities, a read never shows
    /// a value older than the last write, and a server never hands out a deleted id again unless declared.
    static var identity: [Clause<CRUD<Entity>>] {
        [
            Clause("identity.nearIDsAreDistinct", "string ids that differ only by case or surrounding whitespace are distinct entities",
                   requires: .create, forbids: .serverAssignedIDs,
                   when: { _, factory in
                       guard factory.make(1).id is String else { return "ids are not strings" }
                       return factory.entity(factory.make(1), withStringID: "probe") == nil
                           ? "the id cannot be set through the entity's Codable form, so no near ids are derived" : nil
                   }) { context in
                let base = context.newEntity()
                let text = "\(base.id as? String ?? "")-near"
                let ids = [text, text.uppercased(), "  \(text) ", "\(text)\t"]
                let entities = ids.compactMap { context.factory.entity(base, withStringID: $0) }
                let stored = try await context.createAll(entities)
                try await context.expectContents(stored, "after creating ids that differ only by case or whitespace \(ids.map { String(reflecting: $0) })")
            },
            Clause("update.fetchShowsUpdate", "fetch(id:) and fetchAll(), then update(_:), then both again: the reads show the update",
                   requires: [.create, .update]) { context in
                var stored = try await context.createNew(2)
                _ = try await context.subject.fetch(id: stored[0].id)
                _ = try await context.subject.fetchAll()
                let changed = context.mutated(stored[0])
                try await context.subject.update(changed)
                context.expectEquivalent(try await context.subject.fetch(id: changed.id), changed,
                                         "fetch(id: \(changed.id)) after fetch(id:) and update(_:) of the same id (a read cache not invalidated?)")
                stored[0] = changed
                try await context.expectContents(stored, "after fetchAll(), update(_:) and fetchAll() again (a list cache not invalidated?)")
            },
            Clause("delete.fetchShowsDelete", "fetch(id:) and fetchAll(), then delete(id:), then both again: the reads show the delete",
                   requires: [.create, .delete]) { context in
                let stored = try await context.createNew(2)
                _ = try await context.subject.fetch(id: stored[0].id)
                _ = try await context.subject.fetchAll()
                try await context.subject.delete(id: stored[0].id)
                let found = try await context.subject.fetch(id: stored[0].id)
                context.expect(found == nil, "fetch(id: \(stored[0].id)) after fetch(id:) and delete(id:) of the same id returned \(abbreviate(found as Any)) (a read cache not invalidated?)")
                try await context.expectContents([stored[1]], "after fetchAll(), delete(id:) and fetchAll() again (a list cache not invalidated?)")
            },
            Clause("create.serverIDsNotReusedAfterDelete", "with server-assigned ids, a create after deletes never hands out a deleted id",
                   requires: [.create, .delete, .serverAssignedIDs],
                   when: { promises, _ in
                       promises.policies.reusesDeletedIDs ? "the conformance declares that deleted ids may be handed out again (reusesDeletedIDs)" : nil
                   }) { context in
                let first = try await context.createNew(3)
                try await context.subject.delete(id: first[2].id)
                try await context.subject.delete(id: first[0].id)
                let deleted = [first[2].id, first[0].id]
                let next = try await context.createNew(2)
                for entity in next where deleted.contains(entity.id) {
                    context.fail("create(_:) after deletes handed out id \(entity.id), which a deleted entity had: a client holding "
                                 + "the old id now reaches another entity. If the backend reuses ids on purpose, declare it: "
                                 + "policies: RequestPolicies(reusesDeletedIDs: true)")
                }
                try await context.expectContents([first[1]] + next, "after three creates, two deletes and two creates")
            },
        ]
    }
}
