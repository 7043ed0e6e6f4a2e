/// The repository under test as a clause sees it: every call goes through the watchdog, and a call that
/// throws or hangs becomes an ``OperationFailure`` naming the call.
public struct MonitoredRepository<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    /// The conformer's witness, unwatched.
    package let witness: RepositoryWitness<Entity>
    let timeout: Duration
    /// The subject's signs of life, shared by its calls: a call queued behind its siblings is not hung.
    let monitor = ProgressMonitor()

    /// `witness`, each call watched with `timeout`.
    package init(witness: RepositoryWitness<Entity>, timeout: Duration) {
        self.witness = witness
        self.timeout = timeout
    }

    /// `create(_:)`, which the clause needs to succeed.
    @discardableResult
    public func create(_ entity: Entity) async throws -> Entity {
        let sent = Abbreviation(entity)
        return try await call("create(\(sent))") { try await witness.create(entity) }
    }

    /// `fetch(id:)`, which the clause needs to succeed.
    public func fetch(id: Entity.ID) async throws -> Entity? {
        let sent = Abbreviation(id)
        return try await call("fetch(id: \(sent))") { try await witness.fetch(id) }
    }

    /// `fetchAll()`, which the clause needs to succeed.
    public func fetchAll() async throws -> [Entity] {
        try await call("fetchAll()") { try await witness.fetchAll() }
    }

    /// `update(_:)`, which the clause needs to succeed.
    @discardableResult
    public func update(_ entity: Entity) async throws -> Entity {
        let sent = Abbreviation(entity)
        return try await call("update(\(sent))") { try await witness.update(entity) }
    }

    /// `delete(id:)`, which the clause needs to succeed.
    public func delete(id: Entity.ID) async throws {
        let sent = Abbreviation(id)
        try await call("delete(id: \(sent))") { try await witness.delete(id) }
    }

    /// Calls `body` under the watchdog, as `operation`: what the family clauses' calls go through.
    ///
    /// `operation` is made only when a failure or the clause's watchdog names the call: describing the
    /// values a call sends was a large part of a passing run's time.
    package func call<Value: Sendable>(
        _ operation: @autoclosure @escaping @Sendable () -> String, _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let activity = ClauseActivity.current
        activity?.callStarted(operation)
        defer { activity?.callEnded() }
        switch await watchedResult(timeout, operation: operation(), monitor: monitor, body) {
        case .success(let value): return value
        case .failure(let failure as OperationFailure): throw failure
        case .failure(let error): throw OperationFailure(operation: operation(), reason: .threw(error))
        }
    }
}
