import ContractEngine

extension CRUDClauses {
    /// A soft-deleted entity is hidden from every read: fetch, fetchAll, pages and queries.
    static var softDeleteHiding: [Clause<CRUD<Entity>>] {
        [
            softDeleteClause("softDelete.hidesFromFetch", "a soft-deleted entity is hidden from fetch(id:)") { context, _ in
                let stored = try await context.createNew(3)
                try await context.subject.softDelete(id: stored[1].id)
                if let found = try await context.subject.fetch(id: stored[1].id) {
                    context.fail("fetch(id: \(abbreviate(stored[1].id))) after softDelete(id: \(abbreviate(stored[1].id))) returned the "
                                 + "entity: a soft-deleted entity must be hidden", expected: "nil", actual: abbreviate(found))
                }
            },
            softDeleteClause("softDelete.hidesFromFetchAll", "a soft-deleted entity is hidden from fetchAll(), and the others stay") { context, _ in
                var stored = try await context.createNew(5)
                let deleted = stored.remove(at: 3)
                try await context.subject.softDelete(id: deleted.id)
                try await context.expectContents(stored, "after softDelete(id: \(abbreviate(deleted.id))) of the fourth of five")
            },
            softDeleteClause("softDelete.leavesTwinsUntouched", "soft-deleting one twin leaves the other twin stored") { context, _ in
                let original = context.newEntity()
                var stored = try await context.createAll([context.newEntity(), original, context.twin(of: original)])
                let deleted = stored.remove(at: 1)
                try await context.subject.softDelete(id: deleted.id)
                try await context.expectContents(stored, "after softDelete(id: \(abbreviate(deleted.id))) of the first of two twins")
            },
            softDeleteClause(
                "softDelete.hidesFromPages", "a soft-deleted entity is hidden from pages, which hold every live entity",
                also: { $0.pagination == nil ? "no pagination is declared (.paginated(…))" : nil }
            ) { context, _ in
                try await checkPagesHideDeleted(context)
            },
            softDeleteClause(
                "softDelete.hidesFromQueries", "a soft-deleted entity is hidden from every declared query; its live twin is found",
                also: { $0.queries.isEmpty ? "no query is declared (.querying(…))" : nil }
            ) { context, _ in
                try await checkQueriesHideDeleted(context)
            },
        ]
    }

    /// Soft-deletes the third of five and reads every page: the deleted id must be on none, the others on
    /// one each.
    private static func checkPagesHideDeleted(_ context: ClauseContext<CRUD<Entity>>) async throws {
        guard context.subject.witness.pages != nil else {
            return context.fail(
                "\(context.conformance.name) declares .paginated(…) at \(context.conformance.declaredAt) but its witness has no "
                    + "pages: add .paging { … } (or .pagingByOffset { … }) to its witness")
        }
        var stored = try await context.createNew(5)
        let deleted = stored.remove(at: 2)
        try await context.subject.softDelete(id: deleted.id)
        let limit = min(2, context.repositoryPromises.pagination?.maximumLimit ?? 2)
        let traversal = try await context.subject.allPages(limit: limit, maximumPages: 10)
        let ids = traversal.entities.map(\.id)
        let what = "reading every page of limit \(limit) after softDelete(id: \(abbreviate(deleted.id))) of the third of five"
        if !traversal.ended {
            context.fail("\(what): the pages did not end: \(traversal.call(traversal.pages.count - 1)) still had a next cursor",
                         expected: "at most 10 pages", actual: "\(traversal.pages.count) pages and more")
        } else if ids.contains(deleted.id) {
            context.fail("\(what): the pages still list the soft-deleted id \(abbreviate(deleted.id))",
                         expected: abbreviate(stored.map(\.id), limit: 400), actual: abbreviate(ids, limit: 400))
        } else if Set(ids) != Set(stored.map(\.id)) || ids.count != stored.count {
            context.fail("\(what): the pages do not hold each live entity exactly once",
                         expected: abbreviate(stored.map(\.id), limit: 400), actual: abbreviate(ids, limit: 400))
        }
    }

    /// Soft-deletes one of two twins and runs every declared query with each parameter the deleted entity
    /// would be found by: the deleted one is in no answer, the twin in every answer its meaning gives it.
    private static func checkQueriesHideDeleted(_ context: ClauseContext<CRUD<Entity>>) async throws {
        let original = context.newEntity()
        let stored = try await context.createAll([original, context.twin(of: original), context.newEntity()])
        let (deleted, twin) = (stored[0], stored[1])
        try await context.subject.softDelete(id: deleted.id)
        for query in context.repositoryPromises.queries {
            guard let runner = context.subject.witness.queries[query.name] else {
                context.fail(
                    "\(context.conformance.name) declares query \(query.name) at \(context.conformance.declaredAt) but its witness "
                        + "does not run it: add .querying(\"\(query.name)\") { … } to its witness")
                continue
            }
            for parameter in query.parameters(of: deleted) {
                let call = "\(query.name)(\(parameter))"
                let answer = try await context.subject.call(call) { try await runner.run(parameter) }
                let ids = answer.map(\.id)
                if ids.contains(deleted.id) {
                    context.fail("\(call) after softDelete(id: \(abbreviate(deleted.id))) still finds the soft-deleted entity",
                                 expected: "no id \(abbreviate(deleted.id))", actual: abbreviate(ids, limit: 400))
                }
                if query.matches(twin, parameter) == true, !ids.contains(twin.id) {
                    context.fail("\(call) after softDelete(id: \(abbreviate(deleted.id))) no longer finds its live twin "
                                 + "\(abbreviate(twin.id)), which the query's meaning matches",
                                 expected: "id \(abbreviate(twin.id)) among the answers", actual: abbreviate(ids, limit: 400))
                }
            }
        }
    }
}
