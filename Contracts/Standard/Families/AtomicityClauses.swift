import ContractEngine

extension CRUDClauses {
    /// The `atomicity.*` clauses: a write of an input the conformer declares it refuses
    /// (``Conformance/refusing(_:)``) throws the declared error and leaves the stored state exactly as it
    /// was, store-maintained fields included.
    static var atomicity: [Clause<CRUD<Entity>>] {
        [
            Clause("atomicity.refusedCreateStoresNothing",
                   "create(_:) of a refused input throws the declared error and stores nothing, not even part of it",
                   requires: [.create], when: withoutFailingWrites) { context in
                guard let failing = context.repositoryPromises.failingWrites else { return }
                _ = try await context.createNew(2)
                let invalid = failing.invalid(context.newEntity())
                try await expectRefused(
                    "create(_:) of \(failing.summary) (id \(abbreviate(invalid.id)))", touching: invalid.id, failing, context
                ) { try await context.subject.create(invalid) }
            },
            Clause("atomicity.refusedUpdateChangesNothing",
                   "update(_:) to a refused input throws the declared error and leaves the entity, store-maintained fields included, "
                       + "as it was", requires: [.create, .update], when: withoutFailingWrites) { context in
                guard let failing = context.repositoryPromises.failingWrites else { return }
                let stored = try await context.createNew(3)
                let invalid = failing.invalid(context.mutated(stored[1]))
                try await expectRefused(
                    "update(_:) of id \(abbreviate(invalid.id)) to \(failing.summary)", touching: invalid.id, failing, context
                ) { try await context.subject.update(invalid) }
            },
            Clause("atomicity.refusedConditionalUpdateChangesNothing",
                   "a conditional update to a refused input, carrying the current token, throws the declared error (not the stale one) "
                       + "and changes nothing, the token included", requires: [.create], when: { promises, factory in
                       withoutFailingWrites(promises, factory) ?? withoutVersions(promises, factory)
                   }) { context in
                guard let failing = context.repositoryPromises.failingWrites, let concurrency = conditionalUpdates(context) else { return }
                let stored = try await context.createNew(3)
                guard let read = try await readBack(stored[1].id, after: "create(_:)", context) else { return }
                let invalid = concurrency.carryingToken(of: read, failing.invalid(context.mutated(read)))
                try await expectRefused(
                    conditionalRequest(invalid, concurrency) + ", the current one, to \(failing.summary)", touching: invalid.id, failing,
                    context
                ) { try await context.subject.updateConditionally(invalid) }
            },
            Clause("atomicity.refusedBatchFollowsPolicy",
                   "a batch insert holding one refused input stores none of it when all-or-nothing is declared, and never the refused one",
                   requires: [.create], when: { promises, factory in
                       withoutFailingWrites(promises, factory)
                           ?? (promises.batchWrites == nil ? "no batch writes are declared (.batchWrites(…))" : nil)
                   }) { context in
                try await checkBatchWithRefusedInput(context)
            },
        ]
    }

    /// Why the `atomicity.*` clauses do not apply: no refused input is declared.
    static func withoutFailingWrites(_ promises: RepositoryPromises<Entity>, _: EntityFactory<Entity>) -> String? {
        promises.failingWrites == nil ? "no refused input is declared (.refusing(…))" : nil
    }

    /// Runs `write`, which must be refused with the declared error, and checks it changed nothing.
    static func expectRefused<Value: Sendable>(
        _ request: String, touching id: Entity.ID, _ failing: FailingWrites<Entity>, _ context: ClauseContext<CRUD<Entity>>,
        _ write: () async throws -> Value
    ) async throws {
        let before = try await context.subject.fetchAll()
        switch try await context.attempt(write) {
        case .success(let returned):
            context.fail("\(request) succeeded; the conformance declares at \(context.conformance.declaredAt): \(failing)",
                         expected: "rejected" + (failing.error.map { " (throws \($0.rawValue))" } ?? ""),
                         actual: "returned \(abbreviate(returned))")
        case .failure(let error):
            let policy = failing.error.map(RequestPolicy.rejected(as:)) ?? .rejected
            context.expect(context.rejection(error), allowedBy: policy, named: "refusing(…) error",
                           for: "\(request) (it threw \(describe(error)))")
        }
        try await expectExactlyUnchanged(since: before, touched: id, "after \(request)", context)
    }
}
