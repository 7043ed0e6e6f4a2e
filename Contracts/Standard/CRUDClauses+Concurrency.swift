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
                let stored = try await releasedTogether(entities) { try await context.subject.create($0) }
                try await context.expectContents(stored, "after \(concurrentWriters) concurrent creates", ignoringOrder: true)
            },
            Clause("concurrency.updatesLoseNothing", "concurrent updates of different ids all take effect",
                   requires: [.create, .update, .concurrentAccess]) { context in
                let concurrentWriters = concurrentWriters(context)
                let stored = try await context.createNew(concurrentWriters)
                let updated = try await releasedTogether(stored.map(context.mutated)) { try await context.subject.update($0) }
                try await context.expectContents(updated, "after \(concurrentWriters) concurrent updates", ignoringOrder: true)
            },
            Clause("concurrency.deletesLoseNothing", "concurrent deletes remove exactly what they target",
                   requires: [.create, .delete, .concurrentAccess]) { context in
                let concurrentWriters = concurrentWriters(context)
                let stored = try await context.createNew(concurrentWriters + concurrentWriters / 2)
                let doomed = Array(stored.prefix(concurrentWriters))
                _ = try await releasedTogether(doomed) { try await context.subject.delete(id: $0.id) }
                try await context.expectContents(Array(stored.dropFirst(concurrentWriters)), "after \(concurrentWriters) concurrent deletes")
            },
        ]
    }

    /// Runs `operation` on every input from its own task, all released at once by a barrier, and returns
    /// the results in input order.
    private static func releasedTogether<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ operation: @escaping @Sendable (Input) async throws -> Output
    ) async throws -> [Output] {
        let barrier = Barrier(parties: inputs.count)
        return try await withThrowingTaskGroup(of: (Int, Output).self) { group in
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
        }
    }
}
