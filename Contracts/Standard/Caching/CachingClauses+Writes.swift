import RepositoryContractsPrimitives
import ContractEngine
import Foundation
import RecordReplay

extension CachingClauses {
    static var writes: [Clause<Caching<Entity>>] {
        [
            clause("caching.createInvalidates",
                   "create(_:) shows in the next fetch(id:) and fetchAll(), though both were cached (a cached nil included)",
                   requires: .create) { session in
                let existing = session.context.newEntity()
                session.seed([existing])
                let new = session.context.newEntity()
                let before = try await cacheBoth(session, id: new.id, expecting: nil, [existing])
                let stored = try await session.subject.create(new)
                try await expectAfterWrite(session, "create(_:) of id \(abbreviate(stored.id))", id: stored.id,
                                           fetch: stored, all: [existing, stored], before: before)
            },
            clause("caching.updateInvalidates",
                   "update(_:) shows in the next fetch(id:) and fetchAll(), though both were cached",
                   requires: .update) { session in
                let entities = session.context.newEntities(2)
                session.seed(entities)
                let before = try await cacheBoth(session, id: entities[0].id, expecting: entities[0], entities)
                let stored = try await session.subject.update(session.context.mutated(entities[0]))
                try await expectAfterWrite(session, "update(_:) of id \(abbreviate(stored.id))", id: stored.id,
                                           fetch: stored, all: [stored, entities[1]], before: before)
            },
            clause("caching.deleteInvalidates",
                   "delete(id:) shows in the next fetch(id:) and fetchAll(), though both were cached",
                   requires: .delete) { session in
                let entities = session.context.newEntities(2)
                session.seed(entities)
                let before = try await cacheBoth(session, id: entities[0].id, expecting: entities[0], entities)
                try await session.subject.delete(id: entities[0].id)
                try await expectAfterWrite(session, "delete(id: \(abbreviate(entities[0].id)))", id: entities[0].id,
                                           fetch: nil, all: [entities[1]], before: before)
            },
            clause("caching.failedWriteChangesNothing",
                   "an update(_:) the remote refuses (503, not applied) throws and leaves no trace in what the cache serves",
                   requires: .update) { session in
                let entities = session.context.newEntities(2)
                session.seed(entities)
                let before = try await cacheBoth(session, id: entities[0].id, expecting: entities[0], entities)
                let rejected = session.context.mutated(entities[0])
                // A stub newer than the remote's answers every write with 503 and leaves the records alone.
                // (Not a reset: URLSession on Linux hangs on a PUT whose reused connection is reset.)
                let refusal = session.server.playback.stub(.matching("any write") { $0.method != "GET" && $0.method != "HEAD" }) { _ in
                    StubResponse(status: 503, headers: ["Content-Type": "application/json"], body: Data(#"{"error":"unavailable"}"#.utf8))
                }
                let result = try await session.context.attempt { try await session.subject.update(rejected) }
                session.server.playback.removeStub(refusal)
                if case .success(let value) = result {
                    session.context.fail("update(_:) returned normally though the remote answered 503: a write the remote refused must throw",
                                         expected: "an error", actual: "returned \(abbreviate(value))")
                }
                let what = "after an update(_:) of id \(abbreviate(rejected.id)) that the remote refused,"
                let why = "the remote never stored the update"
                let known = [(rejected as Entity?, "the update the remote never stored")]
                session.expectValue(try await session.subject.fetch(id: rejected.id), entities[0],
                                    "\(what) fetch(id: \(abbreviate(rejected.id)))", why, known: known)
                session.expectList(try await session.subject.fetchAll(), before.all, "\(what) fetchAll()", why,
                                   known: [([rejected, entities[1]], "with the update the remote never stored")])
            },
        ]
    }

    /// Reads `id` and the whole list at t = 0 s, so both are cached, and checks they are what the remote
    /// holds.
    private static func cacheBoth(
        _ session: CachingSession<Entity>, id: Entity.ID, expecting entity: Entity?, _ all: [Entity]
    ) async throws -> (entity: Entity?, all: [Entity]) {
        session.expectValue(try await session.subject.fetch(id: id), entity, "the first fetch(id: \(abbreviate(id))) at \(session.time)",
                            "it must return what the remote holds")
        session.expectList(try await session.subject.fetchAll(), all, "the first fetchAll() at \(session.time)",
                           "it must return what the remote holds")
        return (entity, all)
    }

    /// Right after `write` (the clock has not moved: every cached entry is fresh), `fetch(id:)` returns
    /// `fetch` and `fetchAll()` returns `all`, whether the cache invalidated or wrote through.
    private static func expectAfterWrite(
        _ session: CachingSession<Entity>, _ write: String, id: Entity.ID, fetch: Entity?, all: [Entity],
        before: (entity: Entity?, all: [Entity])
    ) async throws {
        let why = "a write must invalidate (or update) the cached entries it changes; "
            + "they were cached at t = 0 s and would otherwise stay fresh for the TTL (\(session.ttl.secondsText))"
        session.expectValue(try await session.subject.fetch(id: id), fetch,
                            "fetch(id: \(abbreviate(id))) at \(session.time), right after \(write),", why,
                            known: [(before.entity, "the value cached before the write")])
        session.expectList(try await session.subject.fetchAll(), all, "fetchAll() at \(session.time), right after \(write),", why,
                           known: [(before.all, "the list cached before the write")])
    }
}
