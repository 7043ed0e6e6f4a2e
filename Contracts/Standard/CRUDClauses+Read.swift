import ContractEngine

extension CRUDClauses {
    static var read: [Clause<CRUD<Entity>>] {
        [
            Clause("fetchAll.emptyRepository", "fetchAll() on an empty repository completes and is empty", requires: .create) { context in
                let all = try await context.subject.fetchAll()
                context.expect(all.isEmpty, "fetchAll() on a fresh subject returned \(all.count) entities: makeSubject must give an empty repository")
            },
            Clause("fetch.unknownIDOnEmpty", "fetch(id:) of an unknown id on an empty repository returns nil", requires: .create) { context in
                let id = context.unknownID()
                let found = try await context.subject.fetch(id: id)
                context.expect(found == nil, "fetch(id: \(id)) on an empty repository returned \(abbreviate(found as Any))")
            },
            Clause("fetch.unknownIDAmongOthers", "fetch(id:) of an unknown id returns nil while others are stored", requires: .create) { context in
                _ = try await context.createNew(3)
                let id = context.unknownID()
                let found = try await context.subject.fetch(id: id)
                context.expect(found == nil, "fetch(id: \(id)) of an id never created returned \(abbreviate(found as Any))")
            },
            Clause("fetchAll.agreesWithFetch", "fetchAll() agrees with fetch(id:) for every id and has no duplicate ids") { context in
                if context.repositoryPromises.capabilities.contains(.create) {
                    _ = try await context.createNew(5)
                }
                let all = try await context.subject.fetchAll()
                let ids = all.map(\.id)
                context.expect(Set(ids).count == ids.count, "fetchAll() returned duplicate ids: \(abbreviate(ids, limit: 400))")
                for entity in all {
                    context.expectEquivalent(try await context.subject.fetch(id: entity.id), entity, "fetch(id: \(entity.id)) compared with fetchAll()")
                }
            },
            Clause("fetchAll.exactlyWhatWasCreated", "fetchAll() returns exactly the created entities", requires: .create) { context in
                let stored = try await context.createNew(6)
                try await context.expectContents(stored, "after six creates")
            },
            Clause("fetchAll.declaredOrder", "fetchAll() returns entities in the declared order", requires: .create,
                   when: { promises, _ in promises.ordering.isSpecified ? nil : "no ordering is declared" }) { context in
                let entities = context.newEntities(7)
                let scrambled = [4, 1, 6, 0, 3, 5, 2].map { entities[$0] }
                let stored = try await context.createAll(scrambled)
                try await context.expectContents(stored, "after seven creates in scrambled ordinal order")
            },
            Clause("fetchAll.orderAfterDelete", "deleting keeps the declared order of the rest", requires: [.create, .delete],
                   when: { promises, _ in promises.ordering.isSpecified ? nil : "no ordering is declared" }) { context in
                var stored = try await context.createNew(5)
                let removed = stored.remove(at: 2)
                try await context.subject.delete(id: removed.id)
                try await context.expectContents(stored, "after deleting the third of five")
            },
            Clause("fetchAll.orderAfterUpdate", "updating keeps the declared order", requires: [.create, .update],
                   when: { promises, _ in promises.ordering.isSpecified ? nil : "no ordering is declared" }) { context in
                var stored = try await context.createNew(4)
                stored[1] = try await context.subject.update(context.mutated(stored[1]))
                try await context.expectContents(stored, "after updating the second of four")
            },
            Clause("fetch.readsChangeNothing", "reading twice returns the same answers and changes nothing", requires: .create) { context in
                let stored = try await context.createNew(3)
                let first = try await context.subject.fetchAll()
                _ = try await context.subject.fetch(id: stored[0].id)
                _ = try await context.subject.fetch(id: context.unknownID())
                let second = try await context.subject.fetchAll()
                context.expect(first.map(\.id) == second.map(\.id) || !context.repositoryPromises.ordering.isSpecified,
                               "two fetchAll() calls in a row disagree on order: \(first.map(\.id)) then \(second.map(\.id))")
                try await context.expectContents(stored, "after reading")
            },
        ]
    }
}
