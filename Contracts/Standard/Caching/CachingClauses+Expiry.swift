import RepositoryContractsPrimitives
import ContractEngine

extension CachingClauses {
    static var expiry: [Clause<Caching<Entity>>] {
        [
            clause("caching.fetchExpiresAtTTL",
                   "fetch(id:) is fresh until just under the TTL, makes exactly one request at age == TTL, and the refreshed entry is fresh for a full TTL") { session in
                try await expiresAtTTL(session, session.fetchRead())
            },
            clause("caching.fetchAllExpiresAtTTL",
                   "fetchAll() is fresh until just under the TTL, makes exactly one request at age == TTL, and the refreshed list is fresh for a full TTL") { session in
                try await expiresAtTTL(session, session.fetchAllRead())
            },
            clause("caching.absentExpires",
                   "a nil from fetch(id:) is not kept past the TTL: an entity the remote gains later is found") { session in
                let entity = session.context.newEntity()
                let what = "fetch(id: \(abbreviate(entity.id))) at \(session.time), of an id the remote does not hold,"
                session.expectValue(try await session.subject.fetch(id: entity.id), nil, what, "the remote answers that it has no such entity")
                session.seed([entity])
                session.advance(to: session.wellPastTTL)
                let (found, requests) = try await session.counting { try await session.subject.fetch(id: entity.id) }
                let later = "fetch(id: \(abbreviate(entity.id))) at \(session.time), after the remote gained the entity, of a nil cached at t = 0 s (\(session.ttlText)),"
                session.expectSomeRequest(requests, later, "a cached nil expires like any entry")
                session.expectValue(found, entity, later, "a cached nil expires like any entry, and the remote now holds the entity",
                                    known: [(nil, "the nil cached at t = 0 s")])
            },
        ]
    }

    /// Caches `read` at t = 0 s and changes the remote; checks that it is served from the cache just
    /// under the TTL, refreshed with exactly one request at exactly the TTL; then, with the remote
    /// changed again, that the refreshed entry is fresh until just under a TTL after the refresh and
    /// refreshed at exactly that TTL.
    private static func expiresAtTTL<Value>(_ session: CachingSession<Entity>, _ read: CachingSession<Entity>.Read<Value>) async throws {
        let cached = read.remoteState()
        read.expect(try await read.perform(), cached, "the first \(read.name) at \(session.time)", "it must return what the remote holds", [])
        let changed = read.changeRemote()
        guard try await freshUntilTTL(session, read, cachedAt: .zero, cached: cached, remote: changed) else { return }
        let refreshedAt = session.now
        let changedAgain = read.changeRemote()
        _ = try await freshUntilTTL(session, read, cachedAt: refreshedAt, cached: changed, remote: changedAgain)
    }

    /// Reads `read` just under a TTL after `cachedAt` (no request, `cached`) and at exactly a TTL after
    /// it (one request, `remote`); returns whether the second read refreshed the entry.
    private static func freshUntilTTL<Value>(
        _ session: CachingSession<Entity>, _ read: CachingSession<Entity>.Read<Value>, cachedAt: Duration,
        cached: Value, remote: Value
    ) async throws -> Bool {
        let entry = cachedAt == .zero ? "the entry cached at t = 0 s" : "the entry refreshed at t = \(cachedAt.secondsText)"
        session.advance(to: cachedAt + session.justUnderTTL)
        let (fresh, none) = try await session.counting(read.perform)
        let under = "\(read.name) at \(session.time), when \(entry) is \(session.justUnderTTL.secondsText) old (\(session.ttlText)),"
        let freshness = cachedAt == .zero
            ? "an entry is fresh while its age is less than the TTL"
            : "a refreshed entry is fresh for a full TTL from its refresh"
        session.expectNoRequest(none, under, freshness)
        read.expect(fresh, cached, under, freshness + ", and served as cached", [(remote, "the remote's current value, changed since it was cached")])

        session.advance(to: cachedAt + session.ttl)
        let (refreshed, one) = try await session.counting(read.perform)
        let at = "\(read.name) at \(session.time), when \(entry) is exactly one TTL (\(session.ttl.secondsText)) old,"
        let staleness = "an entry is stale from age == TTL on (fresh only while age < TTL, as HTTP counts freshness), "
            + "and one request refreshes it"
        session.expectOneRequest(one, at, staleness)
        read.expect(refreshed, remote, at, staleness, [(cached, "the stale cached value")])
        return one.count == 1 && read.same(refreshed, remote)
    }
}
