import ContractEngine

extension CRUDClauses {
    /// Queries asked before updates, after updates by the factory's `mutate`, after the same entities
    /// are mutated again, and after one entity is updated field by field: each answer must follow what
    /// is stored now, old parameters included.
    static func checkQueriesSeeUpdates(_ context: ClauseContext<CRUD<Entity>>) async throws {
        let queries = context.runnableQueries()
        var created = try await context.createNew(6)
        var asked = QueryParameters.Asked()
        try await context.expectAnswers(queries, createdAs: created, "with 6 entities stored", asked: &asked)
        for index in 0..<3 { created[index] = try await context.subject.update(context.mutated(created[index])) }
        try await context.expectAnswers(queries, createdAs: created, "after updating 3 of 6 entities", asked: &asked)
        for index in 0..<3 { created[index] = try await context.subject.update(context.mutated(created[index])) }
        try await context.expectAnswers(queries, createdAs: created, "after updating the same 3 a second time", asked: &asked)
        var current = created[5]
        for edge in context.edgeCases where edge.isChange {
            guard let changed = context.factory.applying(edge, to: current) else { continue }
            if case .success(let stored) = try await context.attempt({ try await context.subject.update(changed) }) {
                current = stored
            }
        }
        try await context.expectAnswers(
            queries, createdAs: created, "after updating entity \(abbreviate(current.id)) one field at a time", asked: &asked)
    }

    /// Ordered queries asked on entities created and updated while the store's time moves (when the
    /// witness can move it), so the declared sort's first key decides, not only its tiebreak.
    static func checkOrderedQueries(_ context: ClauseContext<CRUD<Entity>>) async throws {
        let queries = context.runnableQueries().filter(\.isOrdered)
        let ordering = context.repositoryPromises.ordering
        guard ordering.isSpecified else {
            let names = queries.map { "\"\($0.name)\"" }.joined(separator: ", ")
            return context.fail("\(context.conformance.name) declares query \(names) ordered (isOrdered: true) but no ordering "
                                + "for its results: declare one at \(context.conformance.declaredAt) with .ordered(…)")
        }
        let move = context.subject.witness.moveStoreTime
        var created: [Entity] = []
        for entity in context.newEntities(6) {
            created.append(try await context.subject.create(entity))
            await move?()
        }
        var asked = QueryParameters.Asked()
        try await context.expectAnswers(queries, createdAs: created, "with 6 entities created apart in time", asked: &asked)
        for index in [0, 3] {
            created[index] = try await context.subject.update(context.mutated(created[index]))
            await move?()
        }
        try await context.expectAnswers(queries, createdAs: created, "after updating the first and the fourth", asked: &asked)
    }
}
