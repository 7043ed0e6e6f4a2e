import RepositoryContractsPrimitives
public import ContractEngine
public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a caching repository does when an entry has expired and refreshing it fails as `unavailable`
/// (a 5xx, a transport error).
public enum StaleFallback: Sendable, Hashable {
    /// Serve the expired entry (HTTP's `stale-if-error`); with nothing cached, throw.
    case serveStale
    /// Throw the remote's error.
    case throwError
}

/// A repository that reads `base` through a cache with a time to live, measured on an injected clock.
///
/// - `fetch(id:)` and `fetchAll()` are answered from the cache while the entry's age is less than
///   `ttl`, and from `base` from age `ttl` on (HTTP's freshness rule); the refreshed entry is fresh for
///   another `ttl`. A `nil` from `fetch(id:)` is cached like any answer.
/// - When a refresh fails as `unavailable`, the expired entry is served or the error thrown, as
///   `whenUpstreamFails` says; nothing else changes, so the next read tries `base` again.
/// - Every write drops the entries it may change (the entity's, and the list) before and after it
///   runs, whether it succeeds or not, and a read that overlapped a write does not store its answer:
///   no read after a write returns what the cache held before it.
///
/// ```swift
/// let todos = CachingTodoRepository(baseURL: api, ttl: .seconds(60), clock: ContinuousClock())
/// ```
public final class CachingRepository<Base: RepositoryProtocol>: RepositoryProtocol {
    public typealias Entity = Base.Entity
    public typealias Draft = Base.Draft

    /// The repository the cache reads through.
    public let base: Base
    /// How long an entry stays fresh.
    public let ttl: Duration
    /// What a read of an expired entry does when `base` fails.
    public let whenUpstreamFails: StaleFallback

    private let elapsed: @Sendable () -> Duration
    private let isUpstreamFailure: @Sendable (any Error) -> Bool
    private let flaw: Flaw?
    private let state = Protected(State())

    /// Deliberate bugs, for showing what the caching contract catches.
    package enum Flaw: Sendable {
        /// An entry still counts as fresh at age == TTL (`<=` instead of `<`).
        case ttlOffByOne
        /// Writes leave the cache alone: reads keep returning what was cached before them.
        case neverInvalidates
    }

    private struct Entry<Value> {
        var value: Value
        /// When the request that produced the value was sent, on the cache's clock.
        var storedAt: Duration
    }

    private struct State {
        var entities: [Entity.ID: Entry<Entity?>] = [:]
        var list: Entry<[Entity]>?
        /// Moved by every write: a read that began under an older generation does not store its answer.
        var generation = 0
    }

    /// Caches `base`'s reads for `ttl` on `clock`.
    ///
    /// - Parameters:
    ///   - isUpstreamFailure: Which errors of `base` mean the remote could not answer (the ones
    ///     `whenUpstreamFails` is about). Default: a ``RepositoryError`` of kind `unavailable`.
    public convenience init(
        _ base: Base, ttl: Duration, whenUpstreamFails: StaleFallback = .serveStale,
        clock: any Clock<Duration> = ContinuousClock(),
        isUpstreamFailure: @escaping @Sendable (any Error) -> Bool = { ($0 as? RepositoryError)?.kind == .unavailable }
    ) {
        self.init(base, ttl: ttl, whenUpstreamFails: whenUpstreamFails, clock: clock,
                  isUpstreamFailure: isUpstreamFailure, flaw: nil)
    }

    /// The same repository with a deliberate bug.
    package init(
        _ base: Base, ttl: Duration, whenUpstreamFails: StaleFallback = .serveStale,
        clock: any Clock<Duration> = ContinuousClock(),
        isUpstreamFailure: @escaping @Sendable (any Error) -> Bool = { ($0 as? RepositoryError)?.kind == .unavailable },
        flaw: Flaw?
    ) {
        self.base = base
        self.ttl = ttl
        self.whenUpstreamFails = whenUpstreamFails
        self.elapsed = Self.stopwatch(clock)
        self.isUpstreamFailure = isUpstreamFailure
        self.flaw = flaw
    }

    /// The time since now on `clock`.
    private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    // MARK: Reads

    public func fetch(id: Entity.ID) async throws -> Entity? {
        let now = elapsed()
        let (cached, generation) = state.withLock { ($0.entities[id], $0.generation) }
        if let cached, isFresh(cached, at: now) { return cached.value }
        do {
            let entity = try await base.fetch(id: id)
            store(ifStill: generation) { $0.entities[id] = Entry(value: entity, storedAt: now) }
            return entity
        } catch {
            return try fallback(cached, for: error)
        }
    }

    public func fetchAll() async throws -> [Entity] {
        let now = elapsed()
        let (cached, generation) = state.withLock { ($0.list, $0.generation) }
        if let cached, isFresh(cached, at: now) { return cached.value }
        do {
            let all = try await base.fetchAll()
            store(ifStill: generation) { $0.list = Entry(value: all, storedAt: now) }
            return all
        } catch {
            return try fallback(cached, for: error)
        }
    }

    // MARK: Writes

    public func create(_ draft: Draft) async throws -> Entity {
        // The id is known only once the base has answered (it may assign it): until then, drop the list
        // and every cached "not found".
        try await writing(invalidatingAbsent: true) { try await self.base.create(draft) } id: { $0.id }
    }

    public func update(_ entity: Entity) async throws -> Entity {
        try await writing(entity.id) { try await self.base.update(entity) }
    }

    public func delete(id: Entity.ID) async throws {
        try await writing(id) { try await self.base.delete(id: id) }
    }

    // MARK: Cache

    private func isFresh<Value>(_ entry: Entry<Value>, at now: Duration) -> Bool {
        let age = now - entry.storedAt
        return flaw == .ttlOffByOne ? age <= ttl : age < ttl
    }

    /// The expired entry, when `error` is a remote failure and the policy serves stale; else rethrows.
    private func fallback<Value>(_ stale: Entry<Value>?, for error: any Error) throws -> Value {
        guard let stale, whenUpstreamFails == .serveStale, isUpstreamFailure(error) else { throw error }
        return stale.value
    }

    /// Stores a read's answer, unless a write began since the read did.
    private func store(ifStill generation: Int, _ change: (inout State) -> Void) {
        state.withLock { state in
            if state.generation == generation { change(&state) }
        }
    }

    /// Runs a write on `id`, dropping its entry and the list before and after, whatever the outcome.
    private func writing<Value>(_ id: Entity.ID, _ write: () async throws -> Value) async throws -> Value {
        try await writing(invalidatingAbsent: false, write) { _ in id }
    }

    private func writing<Value>(
        invalidatingAbsent: Bool, _ write: () async throws -> Value, id: (Value) -> Entity.ID
    ) async throws -> Value {
        guard flaw != .neverInvalidates else { return try await write() }
        invalidate(nil, absent: invalidatingAbsent)
        do {
            let value = try await write()
            invalidate(id(value), absent: invalidatingAbsent)
            return value
        } catch {
            // The write may or may not have happened: forget everything it could have changed.
            invalidate(nil, absent: true)
            throw error
        }
    }

    /// Starts a new generation and drops the list, the entry for `id`, and with `absent` every cached
    /// "not found".
    private func invalidate(_ id: Entity.ID?, absent: Bool) {
        state.withLock { state in
            state.generation += 1
            state.list = nil
            if let id { state.entities[id] = nil }
            if absent { state.entities = state.entities.filter { $0.value.value != nil } }
        }
    }
}

/// Todos from the REST API (``HTTPTodoRepository``) through a cache with a time to live.
public typealias CachingTodoRepository = CachingRepository<HTTPTodoRepository>

extension CachingRepository where Base == HTTPTodoRepository {
    /// Caches the Todo API at `baseURL` for `ttl` on `clock`, through an HTTP session that caches
    /// nothing itself.
    public convenience init(
        baseURL: URL, ttl: Duration, whenUpstreamFails: StaleFallback = .serveStale,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.init(HTTPTodoRepository(baseURL: baseURL, session: .examplesUncached), ttl: ttl,
                  whenUpstreamFails: whenUpstreamFails, clock: clock)
    }

    /// The same, with a deliberate bug.
    package convenience init(
        baseURL: URL, ttl: Duration, whenUpstreamFails: StaleFallback = .serveStale, clock: any Clock<Duration>,
        flaw: Flaw?
    ) {
        self.init(HTTPTodoRepository(baseURL: baseURL, session: .examplesUncached), ttl: ttl,
                  whenUpstreamFails: whenUpstreamFails, clock: clock, flaw: flaw)
    }
}

