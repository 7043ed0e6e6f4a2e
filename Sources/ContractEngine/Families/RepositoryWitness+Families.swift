extension RepositoryWitness {
    /// The same witness with an update that checks the entity's concurrency token (the field declared with
    /// ``Conformance/optimisticConcurrency(_:)``, which requires it). The plain `update` stays the one that
    /// does not check it:
    ///
    /// ```swift
    /// .updatingConditionally { try await store.update($0, expectedVersion: $0.version) }
    /// ```
    public func updatingConditionally(_ update: @escaping @Sendable (Entity) async throws -> Entity) -> Self {
        var copy = self
        copy.conditionalUpdate = update
        return copy
    }

    /// The same witness with a batch insert: `insertAll` stores the entities and returns them as stored.
    public func insertingAll(_ insertAll: @escaping @Sendable ([Entity]) async throws -> [Entity]) -> Self {
        var copy = self
        copy.insertAll = insertAll
        return copy
    }

    /// The same witness with a way to move the store's time forward: the store reads a clock the test
    /// controls (a `MockClock`), and `move` advances it. The `maintained.*` clauses then require a
    /// timestamp refreshed on write to be later, not only no earlier.
    ///
    /// ```swift
    /// let clock = MockClock()
    /// return RepositoryWitness(NoteStore(clock: clock)).movingStoreTime { clock.advance(by: .seconds(1)) }
    /// ```
    public func movingStoreTime(_ move: @escaping @Sendable () async -> Void) -> Self {
        var copy = self
        copy.moveStoreTime = move
        return copy
    }
}
