import ContractEngine
import Foundation
import RecordReplay

extension CRUDClauses {
    /// The `atomicity.serverFault*` clauses: a write whose request the stub server of the test's scope
    /// fails (a broken connection: bytes that are not HTTP, then closed) throws and leaves the stored state
    /// exactly as it was, store-maintained fields included. They apply when the conformance declares
    /// ``Conformance/writingThroughStubServer()``.
    static var serverFaults: [Clause<CRUD<Entity>>] {
        [
            Clause("atomicity.serverFaultCreateStoresNothing",
                   "create(_:) whose request the stub server fails (a broken connection) throws and stores nothing",
                   requires: [.create], when: withoutStubServerWrites) { context in
                _ = try await context.createNew(2)
                let entity = context.newEntity()
                try await expectFailedAtServer("create(_:) of a new entity (id \(abbreviate(entity.id)))", touching: entity.id, context) {
                    try await context.subject.create(entity)
                }
            },
            Clause("atomicity.serverFaultUpdateChangesNothing",
                   "update(_:) whose request the stub server fails (a broken connection) throws and leaves the entity, "
                       + "store-maintained fields included, as it was", requires: [.create, .update], when: withoutStubServerWrites) { context in
                let stored = try await context.createNew(3)
                let changed = context.mutated(stored[1])
                try await expectFailedAtServer("update(_:) of id \(abbreviate(changed.id))", touching: changed.id, context) {
                    try await context.subject.update(changed)
                }
            },
            Clause("atomicity.serverFaultDeleteChangesNothing",
                   "delete(id:) whose request the stub server fails (a broken connection) throws and leaves the entity stored, as it was",
                   requires: [.create, .delete], when: withoutStubServerWrites) { context in
                let stored = try await context.createNew(3)
                let id = stored[1].id
                try await expectFailedAtServer("delete(id: \(abbreviate(id)))", touching: id, context) {
                    try await context.subject.delete(id: id)
                }
            },
            Clause("atomicity.serverFaultConditionalUpdateChangesNothing",
                   "a conditional update carrying the current token, whose request the stub server fails (a broken connection), throws "
                       + "and changes nothing, the token included", requires: [.create], when: { promises, factory in
                       withoutStubServerWrites(promises, factory) ?? withoutVersions(promises, factory)
                   }) { context in
                guard let concurrency = conditionalUpdates(context) else { return }
                let stored = try await context.createNew(3)
                guard let read = try await readBack(stored[1].id, after: "create(_:)", context) else { return }
                let changed = concurrency.carryingToken(of: read, context.mutated(read))
                try await expectFailedAtServer(conditionalRequest(changed, concurrency) + ", the current one", touching: changed.id, context) {
                    try await context.subject.updateConditionally(changed)
                }
            },
            Clause("atomicity.serverFaultBatchStoresNothing",
                   "a batch insert whose request the stub server fails (a broken connection) throws and stores none of it",
                   requires: [.create], when: { promises, factory in
                       withoutStubServerWrites(promises, factory)
                           ?? (promises.batchWrites == nil ? "no batch writes are declared (.batchWrites(…))" : nil)
                   }) { context in
                guard context.subject.witness.insertAll != nil else {
                    return context.fail(
                        "\(context.conformance.name) declares .batchWrites(…) at \(context.conformance.declaredAt) but its "
                            + "witness has no batch insert: add .insertingAll { … } to the RepositoryWitness")
                }
                _ = try await context.createNew(2)
                let batch = context.newEntities(3)
                try await expectFailedAtServer("insertAll(_:) of \(batch.count) new entities", touching: batch[0].id, context) {
                    try await context.subject.insertAll(batch)
                }
            },
        ]
    }

    /// Why the `atomicity.serverFault*` clauses do not apply: the writes are not declared to go through
    /// the stub server.
    static func withoutStubServerWrites(_ promises: RepositoryPromises<Entity>, _: EntityFactory<Entity>) -> String? {
        promises.writesThroughStubServer ? nil : "no writes through the stub server are declared (.writingThroughStubServer())"
    }

    /// Every request that may change state: all but `GET`, `HEAD` and `OPTIONS`.
    private static var stateChanging: RequestPattern {
        .matching("a state-changing request (not GET, HEAD or OPTIONS)") { !["GET", "HEAD", "OPTIONS"].contains($0.method.uppercased()) }
    }

    /// The fault every state-changing request gets: bytes that are not an HTTP response, then the connection
    /// closed. It is a connection fault, which replaces the answer before any fixture, stub or upstream is
    /// consulted, so the write never reaches a backend in any mode. A status fault (`.status(503)`) would not
    /// do: in record mode, a request no recording answers is forwarded upstream and only its status
    /// overridden, so the live API would really apply the write. Nor does `.connectionReset` or
    /// `.closeWithoutReply` on Linux: URLSession (FoundationNetworking) then never completes a request that
    /// has a body (a POST or PUT hangs until cancelled), where a malformed answer fails it at once.
    static var brokenConnection: Fault {
        .malformedResponse(Data("not HTTP: the stub server broke this connection\r\n\r\n".utf8))
    }

    /// Runs `write` with every state-changing request the current stub server receives answered by
    /// ``brokenConnection``: it must throw (any error: a failed connection is what the client sees), after
    /// at least one such request, and change nothing `fetchAll()` or `fetch(id:)` shows.
    static func expectFailedAtServer<Value: Sendable>(
        _ request: String, touching id: Entity.ID, _ context: ClauseContext<CRUD<Entity>>, _ write: () async throws -> Value
    ) async throws {
        guard let server = StubServer.currentIfAny else {
            return context.fail(
                "\(context.conformance.name) declares .writingThroughStubServer() at \(context.conformance.declaredAt), but no stub "
                    + "server is in scope: run the contract in a test with the .stubServer(…) trait (or inside "
                    + "StubServer.$currentIfAny.withValue(server) { … }), with the conformer's base URL at that server")
        }
        let before = try await context.subject.fetchAll()
        let lastBefore = server.playback.journal.last?.sequenceNumber ?? 0
        // Every matching request is failed until the rule is removed, not only the first: URLSession may
        // retry an idempotent request (PUT, DELETE) on a failed connection.
        let rule = server.playback.inject(Self.brokenConnection, when: stateChanging)
        let outcome: Result<Value, any Error>
        do {
            outcome = try await context.attempt(write)
        } catch {
            server.playback.removeFault(rule)
            throw error
        }
        server.playback.removeFault(rule)
        let reached = server.playback.journal.contains { $0.sequenceNumber > lastBefore && $0.responder == .fault }
        let what = "\(request), every state-changing request to the stub server answered by a broken connection"
        switch (outcome, reached) {
        case (.success(let returned), true):
            context.fail("\(what): it succeeded, but a write whose request failed must throw",
                         expected: "an error (the connection failed)", actual: "returned \(abbreviate(returned))")
        case (.success, false), (.failure, false):
            context.fail(
                "\(what): it sent no state-changing request to the stub server at \(server.baseURL.absoluteString); the conformance "
                    + "declares .writingThroughStubServer() at \(context.conformance.declaredAt), but this write does not go through it",
                expected: "a state-changing request, failed", actual: outcome.isSuccess ? "it returned without one" : "it threw without one")
        case (.failure, true):
            break
        }
        try await expectExactlyUnchanged(since: before, touched: id, "after \(what)", context)
    }
}

extension Result {
    /// Whether it holds a value.
    fileprivate var isSuccess: Bool {
        if case .success = self { true } else { false }
    }
}
