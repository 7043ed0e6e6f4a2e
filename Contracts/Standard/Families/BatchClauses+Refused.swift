import ContractEngine

extension CRUDClauses {
    /// Sends `batch`, of which only `storable` can be stored beside `stored`: all or nothing, it must
    /// throw (an error of `kind`, when given) and store none of it; partial, it must return exactly
    /// `storable` and store it. Either way the stored entities are not overwritten.
    static func checkRefusedBatch(
        _ batch: [Entity], storable: [Entity], stored: [Entity], declared: BatchWrites, error kind: RepositoryError.Kind?,
        request: String, _ context: ClauseContext<CRUD<Entity>>
    ) async throws {
        let outcome = try await context.attempt { try await context.subject.insertAll(batch) }
        switch (declared.policy.kind, outcome) {
        case (.allOrNothing, .failure(let error)):
            let policy = kind.map { RequestPolicy.rejected(as: $0) } ?? .rejected
            context.expect(context.rejection(error), allowedBy: policy, named: "batchWrites (\(declared))", for: request)
            try await context.expectContents(stored, "after the refused \(request), declared all or nothing")
        case (.allOrNothing, .success(let returned)):
            context.fail("\(request) returned, but \(context.conformance.name) declares \(declared) "
                         + "(at \(context.conformance.declaredAt)): it must throw and store none of the batch",
                         expected: "an error", actual: "returned \(abbreviate(returned.map(\.id), limit: 400))")
            try await context.expectContents(stored, "after \(request), declared all or nothing")
        case (.partial, .failure(let error)):
            context.fail("\(request) threw, but \(context.conformance.name) declares \(declared) "
                         + "(at \(context.conformance.declaredAt)): it must store what it can and return it",
                         expected: abbreviate(storable.map(\.id), limit: 400), actual: describe(error))
            try await context.expectContents(stored + storable, "after \(request), declared partial")
        case (.partial, .success(let returned)):
            expectBatch(returned, equivalentTo: storable, "the entities \(request) returned, declared partial", context)
            try await context.expectContents(stored + storable, "after \(request), declared partial")
        }
    }

    /// Records a failure unless `returned` holds exactly `sent`: same count, same ids in the same order,
    /// equivalent values.
    static func expectBatch(_ returned: [Entity], equivalentTo sent: [Entity], _ what: String, _ context: ClauseContext<CRUD<Entity>>) {
        let (returnedIDs, sentIDs) = (returned.map(\.id), sent.map(\.id))
        guard returnedIDs == sentIDs else {
            let missing = sentIDs.filter { !returnedIDs.contains($0) }
            let problem = returned.count != sent.count
                ? "hold \(returned.count) entities, not \(sent.count)" + (missing.isEmpty ? "" : " (missing \(abbreviate(missing, limit: 200)))")
                : Set(returnedIDs) == Set(sentIDs) ? "are in another order than sent" : "are other entities than sent"
            return context.fail("\(what) \(problem)", expected: abbreviate(sentIDs, limit: 400), actual: abbreviate(returnedIDs, limit: 400))
        }
        for (back, entity) in zip(returned, sent) {
            context.expectEquivalent(back, entity, "\(what): id \(abbreviate(entity.id))")
        }
    }
}
