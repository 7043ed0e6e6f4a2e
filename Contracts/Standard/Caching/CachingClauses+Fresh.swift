import ContractEngine

extension CachingClauses {
    static var fresh: [Clause<Caching<Entity>>] {
        [
            clause("caching.fetchServedFromCache",
                   "within the TTL, fetch(id:) is answered from the cache: no request, the value cached for that id") { session in
                let reads = [session.fetchRead(), session.fetchRead()]
                try await servedFromCache(session, reads)
            },
            clause("caching.fetchAllServedFromCache",
                   "within the TTL, fetchAll() is answered from the cache: no request, the list cached") { session in
                try await servedFromCache(session, [session.fetchAllRead()])
            },
        ]
    }

    /// Reads each of `reads` once (at t = 0 s: the remote's state, with requests), changes the remote
    /// behind the cache's back, then reads again at t = 0 s and at half the TTL: no request, and the
    /// value cached by the first read.
    private static func servedFromCache<Value>(_ session: CachingSession<Entity>, _ reads: [CachingSession<Entity>.Read<Value>]) async throws {
        var cached: [Value] = []
        for read in reads {
            let state = read.remoteState()
            read.expect(try await read.perform(), state, "the first \(read.name) at \(session.time)", "it must return what the remote holds", [])
            cached.append(state)
        }
        let current = reads.map { $0.changeRemote() }
        for offset in [Duration.zero, session.ttl / 2] {
            session.advance(to: offset)
            for (index, read) in reads.enumerated() {
                let (found, requests) = try await session.counting(read.perform)
                let what = "\(read.name) at \(session.time), of an entry cached at t = 0 s with \(session.ttlText),"
                session.expectNoRequest(requests, what, "a fresh entry is served from the cache")
                let others = reads.indices.filter { $0 != index }.map { (cached[$0], "the value cached for \(reads[$0].name)") }
                read.expect(found, cached[index], what, "a fresh entry is served as it was cached",
                            [(current[index], "the remote's current value, changed since it was cached")] + others)
            }
        }
    }
}
