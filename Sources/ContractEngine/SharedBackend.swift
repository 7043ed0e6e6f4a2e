import RepositoryContractsPrimitives

/// A backend the subjects of a conformance share — a live API, a database — declared on the
/// conformance (``Conformance/sharedBackend``) so that clauses do not see each other's data.
///
/// The cases of every conformance that shares one `SharedBackend` value run one at a time, whatever the
/// test runner's parallelism: a case waits for the one before it to end, set-up and tear-down included.
/// Before each clause the engine runs ``reset`` outside the clause, under its own time budget
/// (``resetTimeout``, progress-aware like the watchdog): a reset that throws or hangs is reported as a
/// reset failure naming the backend, and the clause does not run.
///
/// ```swift
/// let todosAPI = SharedBackend("todos API") { try await TodosAdmin(baseURL: liveURL).deleteAll() }
/// let live = Conformance<CRUD<Todo>>("http", capabilities: [.create, .update, .delete, .serverAssignedIDs],
///                                    sharedBackend: todosAPI) { HTTPTodoRepository(baseURL: liveURL) }
/// ```
///
/// Under a `.stubServer` scope that only replays fixtures, the Swift Testing glue skips the reset (no
/// live backend is involved); it runs it when the scope records or checks drift.
public final class SharedBackend: Sendable {
    /// How the backend is named in messages ("todos API").
    public let name: String
    /// Empties the backend before each clause, or `nil` when nothing needs resetting.
    public let reset: (@Sendable () async throws -> Void)?
    /// How long the reset may go without any sign of progress (a request ending, a call ending anywhere
    /// in the process) before it is given up. Default: 30 seconds.
    public let resetTimeout: Duration
    let turns = Turnstile()

    /// A shared backend called `name`, emptied by `reset` before each clause.
    public init(
        _ name: String, resetTimeout: Duration = .seconds(30), reset: (@Sendable () async throws -> Void)? = nil
    ) {
        self.name = name
        self.reset = reset
        self.resetTimeout = resetTimeout
    }
}

/// Lets one task through at a time, in arrival order; the others wait without blocking a thread.
final class Turnstile: Sendable {
    private let state = Protected<(busy: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    /// Runs `body` once every earlier caller's `body` has ended.
    func oneAtATime<Value: Sendable>(_ body: () async -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            let enter = state.withLock { state in
                if state.busy {
                    state.waiting.append(continuation)
                    return false
                }
                state.busy = true
                return true
            }
            if enter { continuation.resume() }
        }
        let value = await body()
        let next = state.withLock { state in
            if state.waiting.isEmpty {
                state.busy = false
                return nil as CheckedContinuation<Void, Never>?
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
        return value
    }
}
