package import ContractEngine

/// What one call did on one side of a comparison.
package enum ObservedOutcome<Entity: Sendable>: Sendable, CustomStringConvertible {
    /// It returned a value: what `create`/`update` returned, or what `fetch` found (`nil` for nothing).
    case value(Entity?)
    /// `fetchAll()` returned these.
    case listed([Entity])
    /// `delete(id:)` returned.
    case completed
    /// It threw an error, classified by the conformance (`nil` when it could not be classified).
    case threw(RepositoryError.Kind?, DeferredText)
    /// It did not complete: timed out, or its completion handler was never called.
    case broke(String)

    /// Whether the call returned normally.
    package var returned: Bool {
        switch self {
        case .value, .listed, .completed: true
        case .threw, .broke: false
        }
    }

    package var description: String {
        switch self {
        case .value(let entity?): "returned \(abbreviate(entity))"
        case .value(nil): "returned nil"
        case .listed(let all): "returned \(abbreviate(all, limit: 400))"
        case .completed: "returned"
        case .threw(let kind, let text): "threw \(kind.map { "(\($0.rawValue)) " } ?? "")\(text)"
        case .broke(let text): text
        }
    }
}

/// A request as sent to one side.
enum Request<Entity: Identifiable & Sendable>: Sendable where Entity.ID: Sendable {
    case create(Entity)
    case fetch(Entity.ID)
    case fetchAll
    case update(Entity)
    /// The conditional update (the witness's, else its `update`).
    case conditionalUpdate(Entity)
    case delete(Entity.ID)
}

/// Calls a conformer the way ``MonitoredRepository`` does: every call under the watchdog, errors
/// classified, hangs and dropped completion handlers turned into ``ObservedOutcome/broke(_:)``.
struct GuardedSubject<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    let witness: RepositoryWitness<Entity>
    let timeout: Duration
    /// The subject's signs of life, shared by its calls (parallel runs queue calls behind each other).
    let monitor = ProgressMonitor()
    let classify: @Sendable (any Error) -> RepositoryError.Kind?

    init(_ witness: RepositoryWitness<Entity>, _ conformance: ModelSubject<Entity>) {
        self.witness = witness
        self.timeout = conformance.timeout
        self.classify = conformance.classifyError
    }

    func perform(_ request: Request<Entity>) async -> ObservedOutcome<Entity> {
        let witness = self.witness
        switch request {
        case .create(let entity):
            let sent = Abbreviation(entity)
            return await guarded("create(\(sent))") { .value(try await witness.create(entity)) }
        case .fetch(let id):
            let sent = Abbreviation(id)
            return await guarded("fetch(id: \(sent))") { .value(try await witness.fetch(id)) }
        case .fetchAll: return await guarded("fetchAll()") { .listed(try await witness.fetchAll()) }
        case .update(let entity):
            let sent = Abbreviation(entity)
            return await guarded("update(\(sent))") { .value(try await witness.update(entity)) }
        case .conditionalUpdate(let entity):
            let update = witness.conditionalUpdate ?? witness.update
            let sent = Abbreviation(entity)
            return await guarded("conditional update(\(sent))") { .value(try await update(entity)) }
        case .delete(let id):
            let sent = Abbreviation(id)
            return await guarded("delete(id: \(sent))") {
                try await witness.delete(id)
                return .completed
            }
        }
    }

    private func guarded(
        _ operation: @autoclosure @escaping @Sendable () -> String, _ body: @escaping @Sendable () async throws -> ObservedOutcome<Entity>
    ) async -> ObservedOutcome<Entity> {
        switch await call(operation(), body) {
        case .returned(let outcome): outcome
        case .threw(let kind, let text): .threw(kind, text)
        case .broke(let text): .broke(text)
        }
    }

    /// Runs any call of the subject (a family's operation) under the watchdog, as `operation` (made only
    /// when the call hangs: describing what a call sends was a large part of a passing run's time).
    func call<Value: Sendable>(
        _ operation: @autoclosure @escaping @Sendable () -> String, _ body: @escaping @Sendable () async throws -> Value
    ) async -> CallOutcome<Value> {
        switch await watchedResult(timeout, operation: operation(), monitor: monitor, body) {
        case .success(let value): return .returned(value)
        case .failure(let failure as OperationFailure): return .broke(failure.description)
        case .failure(let error as CallbackError): return .broke("\(error)")
        case .failure(is CancellationError): return .broke("\(operation()) was cancelled")
        case .failure(let error): return .threw(classify(error), DeferredText(describingError: error))
        }
    }
}

/// What one call of any result type did.
enum CallOutcome<Value: Sendable>: Sendable {
    /// It returned `Value`.
    case returned(Value)
    /// It threw an error, classified by the conformance.
    case threw(RepositoryError.Kind?, DeferredText)
    /// It did not complete.
    case broke(String)

    /// ``text(_:)``, made when a report reads it (or now, when `entityType` is a class: see
    /// ``DeferredText/init(describing:holding:_:)``).
    func deferredText(holding entityType: Any.Type, _ value: @escaping @Sendable (Value) -> String) -> DeferredText {
        DeferredText(describing: self, holding: entityType) { $0.text(value) }
    }

    /// The outcome as the trace shows it.
    func text(_ value: (Value) -> String) -> String {
        switch self {
        case .returned(let returned): "returned \(value(returned))"
        case .threw(let kind, let text): "threw \(kind.map { "(\($0.rawValue)) " } ?? "")\(text)"
        case .broke(let text): text
        }
    }
}
