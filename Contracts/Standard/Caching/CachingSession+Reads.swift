import ContractEngine

extension CachingSession {
    /// One kind of read the clauses repeat (`fetch(id:)` of one entity, or `fetchAll()`), with the remote
    /// state it should see and a way to change that state behind the cache's back.
    struct Read<Value: Sendable>: Sendable {
        /// The call, for messages: "fetch(id: 3)", "fetchAll()".
        let name: String
        /// Makes the call through the subject.
        let perform: @Sendable () async throws -> Value
        /// What the remote holds now, as the read should return it.
        let remoteState: @Sendable () -> Value
        /// Changes what the remote holds and returns the new state.
        let changeRemote: @Sendable () -> Value
        /// Whether two results count as the same.
        let same: @Sendable (Value, Value) -> Bool
        /// The result as messages show it.
        let text: @Sendable (Value) -> String
        /// Records a failure unless `actual` is `expected` (see ``CachingSession/expectValue(_:_:_:_:known:)``).
        let expect: @Sendable (_ actual: Value, _ expected: Value, _ what: String, _ why: String, _ known: [(Value, String)]) -> Void
    }

    /// A `fetch(id:)` read of a new entity, which it stores in the remote first; each change of the
    /// remote replaces the entity with a mutated copy.
    func fetchRead() -> Read<Entity?> {
        let entity = context.newEntity()
        seed([entity])
        return Read(
            name: "fetch(id: \(abbreviate(entity.id)))",
            perform: { try await self.subject.fetch(id: entity.id) },
            remoteState: { self.records.entity(id: entity.id) },
            changeRemote: {
                guard let current = self.records.entity(id: entity.id) else { return nil }
                let changed = self.context.mutated(current)
                self.records.replace(changed)
                return changed
            },
            same: { self.same($0, $1) },
            text: { $0.map { abbreviate($0) } ?? "nil" },
            expect: { self.expectValue($0, $1, $2, $3, known: $4) })
    }

    /// A `fetchAll()` read of three new entities, which it stores in the remote first; each change of
    /// the remote changes the first entity, removes the last and adds a new one.
    func fetchAllRead() -> Read<[Entity]> {
        seed(context.newEntities(3))
        return Read(
            name: "fetchAll()",
            perform: { try await self.subject.fetchAll() },
            remoteState: { self.records.all },
            changeRemote: {
                let all = self.records.all
                if let first = all.first { self.records.replace(self.context.mutated(first)) }
                if all.count > 1, let last = all.last { self.records.remove(id: last.id) }
                self.records.insert(self.context.newEntity())
                return self.records.all
            },
            same: { self.same($0, $1) },
            text: { abbreviate($0, limit: 400) },
            expect: { self.expectList($0, $1, $2, $3, known: $4) })
    }
}
