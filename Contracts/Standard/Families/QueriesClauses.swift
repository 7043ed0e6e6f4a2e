import ContractEngine

extension CRUDClauses {
    /// The `queries.*` clauses: each declared query's answers compared with its declared meaning applied
    /// to what is stored, on derived data, near misses, updates and deletes.
    static var queries: [Clause<CRUD<Entity>>] {
        [
            Clause("queries.witnessRunsEach", "the witness runs every declared query, with the declared parameter type",
                   requires: [], when: noQueries) { context in
                _ = context.runnableQueries()
            },
            Clause("queries.emptyStoreFindsNothing", "every query on an empty store finds nothing, near misses included",
                   requires: [], when: noQueries) { context in
                let queries = context.runnableQueries()
                let unstored = context.newEntities(3)
                try await context.expectAnswers(queries, createdAs: [], "on an empty store") { query, _ in
                    let found = QueryParameters.stored(query, of: unstored)
                    return found + QueryParameters.nearMisses(query, of: found)
                }
            },
            Clause("queries.storedParametersFindTheMeaning",
                   "for every parameter of the stored entities (edge cases and near-miss values included), a query finds what its meaning finds",
                   requires: .create, when: noQueries) { context in
                let queries = context.runnableQueries()
                let created = try await context.storeQueryData(queries)
                try await context.expectAnswers(queries, createdAs: created, "with \(created.count) derived entities stored") { query, stored in
                    QueryParameters.stored(query, of: stored)
                }
            },
            Clause("queries.nearMissesFollowTheMeaning",
                   "near misses of the stored parameters (other case, a prefix, a space more) find what the meaning finds, usually nothing",
                   requires: .create, when: noQueries) { context in
                let queries = context.runnableQueries()
                let created = try await context.storeQueryData(queries)
                try await context.expectAnswers(queries, createdAs: created, "with \(created.count) derived entities stored") { query, stored in
                    QueryParameters.nearMisses(query, of: QueryParameters.stored(query, of: stored))
                }
            },
            Clause("queries.unknownParameterFindsNothing", "a parameter no stored entity has finds nothing",
                   requires: .create, when: noQueries) { context in
                let queries = context.runnableQueries()
                let created = try await context.createNew(6)
                let unstored = context.newEntities(3)
                let sentinel = QueryParameter("no entity has this \(context.takeOrdinal())")
                try await context.expectAnswers(queries, createdAs: created, "with 6 entities stored") { query, stored in
                    let held = Set(QueryParameters.stored(query, of: stored))
                    let fresh = QueryParameters.stored(query, of: unstored).filter { !held.contains($0) }
                    return (query.parameterType == "String" ? [sentinel] : []) + fresh
                }
            },
            Clause("queries.seeUpdates", "after update(_:), queries find the entity by its new values and no longer by the old ones",
                   requires: [.create, .update], when: noQueries) { context in
                try await checkQueriesSeeUpdates(context)
            },
            Clause("queries.neverFindDeleted", "after delete(id:), no query finds the deleted entity",
                   requires: [.create, .delete], when: noQueries) { context in
                let queries = context.runnableQueries()
                let created = try await context.createNew(6)
                var asked = QueryParameters.Asked()
                try await context.expectAnswers(queries, createdAs: created, "with 6 entities stored", asked: &asked)
                for entity in created.enumerated().filter({ $0.offset % 2 == 0 }).map(\.element) {
                    try await context.subject.delete(id: entity.id)
                }
                try await context.expectAnswers(queries, createdAs: created, "after deleting 3 of 6 entities", asked: &asked)
                for entity in created.enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) {
                    try await context.subject.delete(id: entity.id)
                }
                try await context.expectAnswers(queries, createdAs: created, "after deleting all 6 entities", asked: &asked)
            },
            Clause("queries.returnEveryMatch", "a query whose meaning finds more than 100 entities returns them all, with no silent limit",
                   requires: .create, when: noQueries) { context in
                let queries = context.runnableQueries()
                let count = min(context.repositoryPromises.bulkEntityCount, 201)
                let created = try await context.createNew(count)
                try await context.expectAnswers(queries, createdAs: created, "with \(count) entities stored") { query, stored in
                    QueryParameters.widest(query, among: stored).map { [$0] } ?? []
                }
            },
            Clause("queries.orderedAsDeclared",
                   "an ordered query returns its answer in the declared ordering, judged on the values the store returns",
                   requires: [.create, .update],
                   when: { promises, _ in
                       promises.queries.contains(where: \.isOrdered) ? nil : "no query is declared ordered (.named(…, isOrdered: true, …))"
                   }) { context in
                try await checkOrderedQueries(context)
            },
        ]
    }

    /// Why the `queries.*` clauses do not apply, or `nil` when they do.
    @Sendable
    private static func noQueries(_ promises: RepositoryPromises<Entity>, _: EntityFactory<Entity>) -> String? {
        promises.queries.isEmpty ? "no query is declared (.querying(…))" : nil
    }
}
