import ContractEngine

extension CRUDClauses {
    /// The `batch.*` clauses: batch inserts.
    static var batch: [Clause<CRUD<Entity>>] {
        [
            batchClause(
                "batch.returnsEntitiesInOrder", "insertAll(_:) returns every entity, equivalent to what was sent, in the order sent"
            ) { context, _ in
                let entities = context.newEntities(5)
                let batch = [3, 0, 4, 1, 2].map { entities[$0] }
                let returned = try await context.subject.insertAll(batch)
                expectBatch(returned, equivalentTo: batch, "the entities insertAll(_:) of 5 returned", context)
            },
            batchClause("batch.storesEveryEntity", "insertAll(_:) stores every entity beside those already stored") { context, _ in
                let stored = try await context.createNew(2)
                let batch = context.newEntities(3)
                try await context.subject.insertAll(batch)
                try await context.expectContents(stored + batch, "after insertAll(_:) of 3 new entities with 2 stored")
            },
            batchClause("batch.emptyChangesNothing", "insertAll(_:) of no entities returns none (or is refused) and changes nothing") { context, _ in
                let stored = try await context.createNew(2)
                if case .success(let returned) = try await context.attempt({ try await context.subject.insertAll([]) }), !returned.isEmpty {
                    context.fail("insertAll([]) returned entities", expected: "[]", actual: abbreviate(returned, limit: 400))
                }
                try await context.expectContents(stored, "after insertAll([])")
            },
            batchClause(
                "batch.clashWithStoredFollowsPolicy", "a batch holding an id already stored follows the declared policy; the stored entity is not overwritten"
            ) { context, declared in
                let stored = try await context.createNew(2)
                let fresh = context.newEntities(2)
                let batch = [fresh[0], context.mutated(stored[0]), fresh[1]]
                try await checkRefusedBatch(
                    batch, storable: fresh, stored: stored, declared: declared, error: declared.error,
                    request: "insertAll(_:) of 3 whose second has the stored id \(abbreviate(stored[0].id))", context)
            },
            batchClause(
                "batch.duplicateInBatchFollowsPolicy", "a batch that repeats an id follows the declared policy; the first of the two is kept"
            ) { context, declared in
                let stored = try await context.createNew(1)
                let fresh = context.newEntities(3)
                let batch = [fresh[0], fresh[1], context.mutated(fresh[0]), fresh[2]]
                try await checkRefusedBatch(
                    batch, storable: fresh, stored: stored, declared: declared, error: declared.error,
                    request: "insertAll(_:) of 4 whose third repeats the id \(abbreviate(fresh[0].id)) of the first", context)
            },
            batchClause(
                "batch.invalidEntityFollowsPolicy", "a batch holding an entity the store must refuse (.refusing(…)) follows the declared policy",
                also: { $0.failingWrites == nil ? "no refused write is declared (.refusing(…))" : nil }
            ) { context, declared in
                guard let failing = context.repositoryPromises.failingWrites else { return }
                let stored = try await context.createNew(1)
                let fresh = context.newEntities(3)
                let batch = [fresh[0], failing.invalid(fresh[1]), fresh[2]]
                try await checkRefusedBatch(
                    batch, storable: [fresh[0], fresh[2]], stored: stored, declared: declared, error: failing.error,
                    request: "insertAll(_:) of 3 whose second is \(failing.summary)", context)
            },
            batchClause("batch.largeBatchRoundTrips", "a large batch (bulkEntityCount, at most 200) is stored and returned whole") { context, _ in
                let count = min(context.repositoryPromises.bulkEntityCount, 200)
                let batch = context.newEntities(count)
                let returned = try await context.subject.insertAll(batch)
                expectBatch(returned, equivalentTo: batch, "the entities insertAll(_:) of \(count) returned", context)
                try await context.expectContents(batch, "after insertAll(_:) of \(count) entities")
            },
        ]
    }

    /// A `batch.*` clause: it applies when batch writes are declared, and fails, naming the builder to
    /// add, when the witness has no batch insert.
    private static func batchClause(
        _ id: String, _ summary: String,
        also condition: @escaping @Sendable (RepositoryPromises<Entity>) -> String? = { _ in nil },
        body: @escaping @Sendable (ClauseContext<CRUD<Entity>>, BatchWrites) async throws -> Void
    ) -> Clause<CRUD<Entity>> {
        Clause(id, summary, requires: [.create], forbids: .serverAssignedIDs, when: { promises, _ in
            promises.batchWrites == nil ? "no batch writes are declared (.batchWrites(…))" : condition(promises)
        }) { context in
            guard let declared = context.repositoryPromises.batchWrites else { return }
            guard context.subject.witness.insertAll != nil else {
                return context.fail(
                    "\(context.conformance.name) declares .batchWrites(…) at \(context.conformance.declaredAt) but its witness "
                        + "has no batch insert: add .insertingAll { … } to its witness")
            }
            try await body(context, declared)
        }
    }
}
