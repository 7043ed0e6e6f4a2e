import ContractEngine

extension CRUDClauses {
    static var create: [Clause<CRUD<Entity>>] {
        [
            Clause("create.returnsWhatWasStored", "create(_:) returns the entity, equivalent to what was sent", requires: .create) { context in
                let entity = context.newEntity()
                let stored = try await context.subject.create(entity)
                context.expectEquivalent(stored, entity, "the value create(_:) returned")
            },
            Clause("create.readYourWrites", "create(_:) then fetch(id:) returns an equivalent entity", requires: .create) { context in
                let stored = try await context.createNew(3)
                for entity in stored {
                    context.expectEquivalent(try await context.subject.fetch(id: entity.id), entity, "fetch(id: \(entity.id)) after create")
                }
            },
            Clause("create.appearsInFetchAll", "a created entity appears in fetchAll() exactly once", requires: .create) { context in
                let stored = try await context.createNew(1)
                try await context.expectContents(stored, "after one create")
            },
            Clause("create.keepsClientID", "create(_:) stores the entity under the id the client chose",
                   requires: .create, forbids: .serverAssignedIDs) { context in
                let entity = context.newEntity()
                let stored = try await context.subject.create(entity)
                context.expect(stored.id == entity.id, "create(_:) returned id \(stored.id) for an entity sent with id \(entity.id)")
                context.expect(try await context.subject.fetch(id: entity.id) != nil, "fetch(id: \(entity.id)) found nothing under the id the client chose")
            },
            Clause("create.assignsDistinctIDs", "create(_:) assigns a distinct id to every entity, twins included",
                   requires: [.create, .serverAssignedIDs]) { context in
                let first = context.newEntity()
                let stored = try await context.createAll([first, context.twin(of: first), context.newEntity()])
                context.expect(Set(stored.map(\.id)).count == stored.count, "create(_:) assigned the same id twice: \(stored.map(\.id))")
                try await context.expectContents(stored, "after three creates")
            },
            Clause("create.twinsAreDistinctEntities", "twins (same content, different ids) are stored as two entities", requires: .create) { context in
                let original = context.newEntity()
                let stored = try await context.createAll([original, context.twin(of: original)])
                try await context.expectContents(stored, "after creating an entity and its twin")
            },
            Clause("create.existingIDFollowsPolicy", "create(_:) of an existing id follows the declared policy and never duplicates",
                   requires: .create, forbids: .serverAssignedIDs) { context in
                let stored = try await context.createNew(2)
                let clash = context.mutated(stored[0])
                let attempt = try await context.attempt { try await context.subject.create(clash) }
                var model = stored
                switch attempt {
                case .failure(let error):
                    context.expect(context.rejection(error), allowedBy: context.repositoryPromises.policies.createOfExisting,
                                   named: "createOfExisting", for: "create(_:) of existing id \(clash.id)")
                case .success:
                    let now = try await context.subject.fetch(id: clash.id)
                    let overwritten = now.map { context.repositoryPromises.equivalence($0, clash) } ?? false
                    if overwritten { model[0] = clash }
                    context.expect(overwritten ? .applied : .ignored, allowedBy: context.repositoryPromises.policies.createOfExisting,
                                   named: "createOfExisting", for: "create(_:) of existing id \(clash.id)")
                }
                try await context.expectContents(model, "after create(_:) of an existing id")
            },
            Clause("create.afterDeleteStoresAgain", "an id can be created again after it was deleted",
                   requires: [.create, .delete], forbids: .serverAssignedIDs,
                   when: { promises, _ in
                       promises.softDeletion == nil ? nil
                           : "delete is soft (.softDeleting(…)): the softDelete.* clauses check what create of a deleted id does"
                   }) { context in
                let stored = try await context.createNew(2)
                try await context.subject.delete(id: stored[0].id)
                let again = context.mutated(stored[0])
                try await context.subject.create(again)
                try await context.expectContents([stored[1], again], "after delete and create of the same id")
            },
        ]
    }
}
