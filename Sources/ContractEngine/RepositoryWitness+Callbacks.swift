extension RepositoryWitness {
    /// A witness for an API whose five operations answer through `Result` callbacks.
    ///
    /// Each callback is checked as ``withCompletion(_:_:)`` describes: called twice, or dropped uncalled,
    /// fails the clause that made the call.
    public static func callbacks(
        create: @escaping @Sendable (Entity, @escaping @Sendable (Result<Entity, any Error>) -> Void) -> Void,
        fetch: @escaping @Sendable (Entity.ID, @escaping @Sendable (Result<Entity?, any Error>) -> Void) -> Void,
        fetchAll: @escaping @Sendable (@escaping @Sendable (Result<[Entity], any Error>) -> Void) -> Void,
        update: @escaping @Sendable (Entity, @escaping @Sendable (Result<Entity, any Error>) -> Void) -> Void,
        delete: @escaping @Sendable (Entity.ID, @escaping @Sendable (Result<Void, any Error>) -> Void) -> Void
    ) -> Self {
        Self(
            create: { entity in try await withCompletion("create(_:)") { create(entity, $0) } },
            fetch: { id in try await withCompletion("fetch(id:)") { fetch(id, $0) } },
            fetchAll: { try await withCompletion("fetchAll()") { fetchAll($0) } },
            update: { entity in try await withCompletion("update(_:)") { update(entity, $0) } },
            delete: { id in try await withCompletion("delete(id:)") { delete(id, $0) } })
    }
}
