import ContractEngine

extension CRUDClauses {
    /// How many operations each concurrency clause releases at once: 32, or the conformance's bulk
    /// entity count when that is lower.
    static func concurrentWriters(_ context: ClauseContext<CRUD<Entity>>) -> Int {
        min(32, context.repositoryPromises.bulkEntityCount)
    }

    /// Concurrent writes released together by a barrier. Like every race check, these can miss a race
    /// (a false negative) but never report one that did not happen.
    static var concurrency: [Clause<CRUD<Entity>>] {
        [
            Clause("concurrency.createsLoseNothing", "concurrent creates released together lose nothing",
                   requires: [.create, .concurrentAccess]) { context in
                let concurrentWriters = concurrentWriters(context)
                let entities = context.newEntities(concurrentWriters)
                let (stored, schedule) = try await releasedTogether(entities) { try await context.subject.create($0) }
                try await context.expectContents(stored, "after \(concurrentWriters) concurrent creates \(schedule)", ignoringOrder: true)
            },
            Clause("concurrency.updatesLoseNothing", "concurrent updates of different ids all take effect",
                   requires: [.create, .update, .concurrentAccess]) { context in
                let concurrentWriters = concurrentWriters(context)
                let stored = try await context.createNew(concurrentWriters)
                let (updated, schedule) = try await releasedTogether(stored.map(context.mutated)) { try await context.subject.update($0) }
                try await context.expectContents(updated, "after \(concurrentWriters) concurrent updates \(schedule)", ignoringOrder: true)
            },
            Clause("concurrency.deletesLoseNothing", "concurrent deletes remove exactly what they target",
                   requires: [.create, .delete, .concurrentAccess]) { context in
                let concurrentWriters = concurrentWriters(context)
                let stored = try await context.createNew(concurrentWriters + concurrentWriters / 2)
                let doomed = Array(stored.prefix(concurrentWriters))
                let (_, schedule) = try await releasedTogether(doomed) { try await context.subject.delete(id: $0.id) }
                try await context.expectContents(Array(stored.dropFirst(concurrentWriters)), "after \(concurrentWriters) concurrent deletes \(schedule)")
            },
            Clause("concurrency.createsOfOneIDFollowPolicy",
                   "concurrent creates of one id: one succeeds, the others follow the create-of-existing policy, one entity is stored",
                   requires: [.create, .concurrentAccess], forbids: .serverAssignedIDs) { context in
                let creators = min(8, concurrentWriters(context))
                let first = context.newEntity(), second = context.mutated(first)
                let sent = (0..<creators).map { $0 % 2 == 0 ? first : second }
                let (attempts, schedule) = try await releasedTogether(sent) { entity in
                    try await context.attempt { try await context.subject.create(entity) }
                }
                let policy = context.repositoryPromises.policies.createOfExisting
                let request = "one of \(creators) concurrent create(_:) calls of id \(first.id) \(schedule)"
                var succeeded: [Entity] = []
                for (entity, attempt) in zip(sent, attempts) {
                    switch attempt {
                    case .success: succeeded.append(entity)
                    case .failure(let error): context.expect(context.rejection(error), allowedBy: policy, named: "createOfExisting", for: request)
                    }
                }
                let overwrites = policy.accepts(.applied) || policy.accepts(.ignored)
                context.expect(
                    overwrites ? !succeeded.isEmpty : succeeded.count == 1,
                    "\(succeeded.count) of \(creators) concurrent create(_:) calls of id \(first.id) succeeded \(schedule); with "
                        + "createOfExisting \(policy) exactly one may (a check-then-act across an await lets several through)")
                let stored = try await context.subject.fetch(id: first.id)
                let equivalence = context.repositoryPromises.equivalence
                guard let stored, let winner = succeeded.first(where: { equivalence(stored, $0) }) else {
                    context.fail(
                        "after \(creators) concurrent creates of id \(first.id) \(schedule), fetch(id:) does not return what a successful create sent",
                        expected: succeeded.isEmpty ? "one create succeeds" : "one of the values the successful creates sent",
                        actual: stored.map { "\($0)" } ?? "nil")
                    return
                }
                try await context.expectContents([winner], "after \(creators) concurrent creates of one id \(schedule)")
            },
        ]
    }

    /// Runs `operation` on every input from its own task, all released at once by a barrier, on a seeded
    /// scheduler (``SeededInterleaving``), and returns the results in input order with the schedule they
    /// ran on.
    private static func releasedTogether<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ operation: @escaping @Sendable (Input) async throws -> Output
    ) async throws -> (outputs: [Output], schedule: InterleavingSchedule) {
        let barrier = Barrier(parties: inputs.count)
        let (outputs, schedule) = try await SeededInterleaving.run { try await withThrowingTaskGroup(of: (Int, Output).self) { group in
            for (index, input) in inputs.enumerated() {
                group.addTask {
                    await barrier.arriveAndWait()
                    return (index, try await operation(input))
                }
            }
            var outputs = [Output?](repeating: nil, count: inputs.count)
            for try await (index, output) in group {
                outputs[index] = output
            }
            return outputs.map { $0! }
        } }
        return (outputs, schedule)
    }
}
