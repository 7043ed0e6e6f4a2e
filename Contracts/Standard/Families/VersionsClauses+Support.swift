import ContractEngine

extension CRUDClauses {
    /// Why the `versions.*` clauses do not apply: no optimistic concurrency is declared.
    static func withoutVersions(_ promises: RepositoryPromises<Entity>, _: EntityFactory<Entity>) -> String? {
        promises.optimisticConcurrency == nil ? "no optimistic concurrency is declared (.optimisticConcurrency(…))" : nil
    }

    /// The declared optimistic concurrency, when the witness can update conditionally; `nil`, with a
    /// failure naming the builder to add, when it cannot (or, never in a clause that applies, when none is
    /// declared).
    static func conditionalUpdates(_ context: ClauseContext<CRUD<Entity>>) -> OptimisticConcurrency<Entity>? {
        guard let concurrency = context.repositoryPromises.optimisticConcurrency else { return nil }
        guard context.subject.updatesConditionally else {
            context.fail(
                "\(context.conformance.name) declares .optimisticConcurrency(…) (\(concurrency)) at \(context.conformance.declaredAt) "
                    + "but its witness has no conditional update: add .updatingConditionally { … } to the RepositoryWitness "
                    + "(the plain update stays unconditional)")
            return nil
        }
        return concurrency
    }

    /// Records a failure unless `error`, thrown by the stale update `request`, is the declared stale error.
    static func expectStaleRejection(
        _ error: any Error, _ concurrency: OptimisticConcurrency<Entity>, for request: String, _ context: ClauseContext<CRUD<Entity>>
    ) {
        let policy = concurrency.staleError.map(RequestPolicy.rejected(as:)) ?? .rejected
        context.expect(context.rejection(error), allowedBy: policy, named: "staleError", for: "\(request) (it threw \(describe(error)))")
    }

    /// `request` in words, with the token `entity` carries: `updateConditionally(_:) of id 3 carrying version 2`.
    static func conditionalRequest(_ entity: Entity, _ concurrency: OptimisticConcurrency<Entity>) -> String {
        "updateConditionally(_:) of id \(abbreviate(entity.id)) carrying \(concurrency.tokenName) \(concurrency.token(in: entity))"
    }
}
