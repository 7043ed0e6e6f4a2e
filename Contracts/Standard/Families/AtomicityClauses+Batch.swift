import ContractEngine

extension CRUDClauses {
    /// `atomicity.refusedBatchFollowsPolicy`: a batch of four new entities, the third a refused input.
    /// All or nothing: it throws and nothing changes. Partial: it stores the other three, returns them, and
    /// never the refused one.
    static func checkBatchWithRefusedInput(_ context: ClauseContext<CRUD<Entity>>) async throws {
        guard let failing = context.repositoryPromises.failingWrites, let batches = context.repositoryPromises.batchWrites else { return }
        guard context.subject.witness.insertAll != nil else {
            return context.fail(
                "\(context.conformance.name) declares .batchWrites(…) (\(batches)) at \(context.conformance.declaredAt) but its "
                    + "witness has no batch insert: add .insertingAll { … } to the RepositoryWitness")
        }
        let existing = try await context.createNew(2)
        let fresh = context.newEntities(4)
        let batch = fresh.enumerated().map { $0.offset == 2 ? failing.invalid($0.element) : $0.element }
        let request = "insertAll(_:) of \(batch.count) new entities, the third (id \(abbreviate(batch[2].id))) \(failing.summary)"
        let before = try await context.subject.fetchAll()
        let outcome = try await context.attempt { try await context.subject.insertAll(batch) }
        switch (batches.policy.kind, outcome) {
        case (.allOrNothing, .success(let returned)):
            context.fail("\(request) succeeded; declared at \(context.conformance.declaredAt): \(batches), \(failing)",
                         expected: "rejected" + (failing.error.map { " (throws \($0.rawValue))" } ?? ""),
                         actual: "returned \(abbreviate(returned, limit: 400))")
        case (.allOrNothing, .failure(let error)):
            let policy = failing.error.map(RequestPolicy.rejected(as:)) ?? .rejected
            context.expect(context.rejection(error), allowedBy: policy, named: "refusing(…) error", for: "\(request) (it threw \(describe(error)))")
        case (.partial, .failure(let error)):
            context.fail("\(request) threw \(describe(error)); declared at \(context.conformance.declaredAt): \(batches)",
                         expected: "the 3 valid entities stored and returned", actual: "threw \(describe(error))")
        case (.partial, .success(let returned)):
            let valid = batch.enumerated().filter { $0.offset != 2 }.map(\.element)
            context.expect(Set(returned.map(\.id)) == Set(valid.map(\.id)),
                           "\(request) returned ids \(abbreviate(returned.map(\.id))), not the stored \(abbreviate(valid.map(\.id))) "
                               + "(declared: \(batches))")
            try await context.expectContents(existing + valid, "after \(request)")
            return
        }
        try await expectExactlyUnchanged(since: before, touched: batch[2].id, "after \(request)", context)
    }
}
