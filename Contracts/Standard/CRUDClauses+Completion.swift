import ContractEngine

extension CRUDClauses {
    static var completion: [Clause<CRUD<Entity>>] {
        [
            Clause("operations.completeExactlyOnce", "every operation completes exactly once, on success and on refusal",
                   requires: .crud) { context in
                // Every call goes through the watchdog (never completes → failure) and, for callback
                // adapters, the completion check (called twice, or dropped uncalled → failure).
                let stored = try await context.createNew(2)
                _ = try await context.subject.fetch(id: stored[0].id)
                _ = try await context.subject.fetch(id: context.unknownID())
                _ = try await context.subject.fetchAll()
                try await context.subject.update(context.mutated(stored[0]))
                _ = try await context.attempt { try await context.subject.update(context.newEntity()) }
                try await context.subject.delete(id: stored[1].id)
                _ = try await context.attempt { try await context.subject.delete(id: context.unknownID()) }
                _ = try await context.attempt { try await context.subject.create(context.mutated(stored[0])) }
                _ = try await context.subject.fetchAll()
            },
        ]
    }
}
