import ContractEngine

extension CRUDClauses {
    /// The `order.*` clauses: a declared sort, judged on the values the store returns (a sort key the store
    /// maintains counts as the store set it), with ties made on purpose.
    static var order: [Clause<CRUD<Entity>>] {
        [
            Clause("order.sortedByWhatTheStoreReturns", "fetchAll() is sorted by the declared keys, judged on the values the store returned",
                   requires: [.create, .update], when: { promises, _ in sortCondition(promises) }) { context in
                var stored: [Entity] = []
                for entity in context.newEntities(6) {
                    await context.moveStoreTime()
                    stored.append(try await context.subject.create(entity))
                }
                for index in [1, 4] {
                    await context.moveStoreTime()
                    stored[index] = try await context.subject.update(context.mutated(stored[index]))
                }
                context.expectOrder(try await context.subject.fetchAll(), createdAs: stored, "fetchAll() after six creates and two updates")
            },
            Clause("order.tiesFollowTheDeclaredTiebreak", "entities tied on the first key come in the order of the next keys (or of creation, when declared)",
                   requires: .create, when: { promises, _ in tieCondition(promises) }) { context in
                let stored = try await context.createAll(context.tiedEntities(8))
                context.expectOrder(try await context.subject.fetchAll(), createdAs: stored, "fetchAll() of eight entities tied on the first key")
            },
        ]
    }

    /// Why the sort clauses do not apply, or `nil`.
    static func sortCondition(_ promises: RepositoryPromises<Entity>) -> String? {
        promises.ordering.isSorted ? nil : "no sort is declared (ordering: .sorted(by: …))"
    }

    /// Why the tie clause does not apply, or `nil`: the contract makes ties by writing the first key, or,
    /// for a key the store refreshes on write, by not moving the store's time.
    static func tieCondition(_ promises: RepositoryPromises<Entity>) -> String? {
        guard let first = promises.ordering.keys.first else {
            return "no sort by keys is declared (ordering: .sorted(by: .ascending(\\.key), …))"
        }
        if promises.storeMaintained.contains(where: { $0.name == first.name }) { return nil }
        return first.canMakeTies ? nil : "the first sort key, \(first.name), is read-only: the contract cannot make ties on it"
    }
}

extension ClauseContext where Terms: RepositoryTerms {
    /// `count` new entities, created in an order that is not their ids' (the second half first), tied on the
    /// first sort key: its value copied from the first of them when the key is the client's, or, when the
    /// store maintains it, left to the store's time, which the clause does not move.
    func tiedEntities(_ count: Int) -> [Terms.Entity] {
        let entities = newEntities(count)
        let half = count / 2
        let shuffled = Array(entities[half...]) + Array(entities[..<half])
        guard let first = repositoryPromises.ordering.keys.first,
            !repositoryPromises.storeMaintained.contains(where: { $0.name == first.name })
        else { return shuffled }
        return shuffled.map { first.tie($0, to: shuffled[0]) ?? $0 }
    }
}
