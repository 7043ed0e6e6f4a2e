public import ContractEngine

extension Contract {
    /// The caching contract: the laws of a repository that reads through a cache with a time to live
    /// (TTL) to a remote source. Its conformers are declared with `Conformance.caching(…)`, which names
    /// the TTL, the upstream-failure policy and the remote's HTTP API.
    ///
    /// Every clause runs on its own loopback stub server, which serves the declared ``RemoteSource``
    /// and journals every request, and its own `MockClock`, which only the clause moves. The clause
    /// seeds the remote, changes it behind the cache's back, moves the clock and injects faults (`503`,
    /// a reset connection): a read answered from the cache shows as no request in the journal and as the
    /// value cached before the change.
    ///
    /// Freshness is counted as HTTP counts it (RFC 9111 §4.2): an entry cached at `t` is fresh while its
    /// age is less than the TTL, and stale from `t + ttl` on. Writes must not leave a cached read that
    /// contradicts them; whether they invalidate or write through is the repository's choice.
    ///
    /// ```swift
    /// let caching = Contract.caching(factory: todoFactory)
    ///
    /// @Test(arguments: caching.cases(for: cachedTodos))
    /// func cache(_ check: ContractCase<Caching<Todo>>) async { await check.verify() }
    /// ```
    public static func caching<Entity>(factory: EntityFactory<Entity>) -> Self where Terms == Caching<Entity> {
        Contract(
            "Caching", terms: Caching(factory: factory),
            clauses: CachingClauses.fresh + CachingClauses.expiry + CachingClauses.upstreamFailure
                + CachingClauses.writes)
    }

    /// The caching contract over entities made by `make`, changed by `mutate`, with the writable id
    /// `identity`; see ``caching(factory:)``.
    public static func caching<Entity>(
        make: @escaping @Sendable (_ ordinal: Int) -> Entity,
        mutate: @escaping @Sendable (Entity) -> Entity,
        identity: any WritableKeyPath<Entity, Entity.ID> & Sendable
    ) -> Self where Terms == Caching<Entity> {
        caching(factory: EntityFactory(make: make, mutate: mutate, identity: identity))
    }
}

/// The caching contract's clauses, grouped by what they are about (one file per group).
enum CachingClauses<Entity: Identifiable & Equatable & Sendable> where Entity.ID: Sendable {
    /// A clause whose body runs in a fresh caching session (server, clock, repository).
    static func clause(
        _ id: String, _ summary: String, requires: Capabilities = [],
        _ body: @escaping @Sendable (CachingSession<Entity>) async throws -> Void
    ) -> Clause<Caching<Entity>> {
        Clause(id, summary, requires: requires) { context in
            try await body(CachingSession(context))
        }
    }
}
