import RepositoryContractsPrimitives

/// A backend the subjects of a conformance share — a live API, a database — declared on the
/// conformance (``Conformance/sharedBackend``) so that clauses do not see each other's data.
///
/// The cases of every conformance that shares one `SharedBackend` value run one at a time, whatever the
/// test runner's parallelism: a case waits for the one before it to end, set-up and tear-down included.
/// Before each clause the engine runs the reset outside the clause, under its own time budget
/// (``resetTimeout``): a reset that throws or stalls is reported as a reset failure naming the
/// backend, and the clause does not run.
///
/// ```swift
/// let todosAPI = SharedBackend("todos API") { progress in
///     let api = TodosAdmin(baseURL: liveURL)
///     for id in try await api.ids() { try await api.delete(id); progress.advance() }
/// }
/// let live = Conformance<CRUD<Todo>>("http", capabilities: [.create, .update, .delete, .serverAssignedIDs],
///                                    sharedBackend: todosAPI) { HTTPTodoRepository(baseURL: liveURL) }
/// ```
///
/// The reset changes live data, so the harness holds it to the rules of the scope it runs in: under a
/// `.stubServer` scope that only replays fixtures it is skipped (no live backend is involved); under a
/// drift check that sends no state-changing request (the default) it is skipped too, and the run says
/// so once per backend; it runs when the scope records, when a drift check may send state changes, and
/// outside any stub server scope.
public final class SharedBackend: Sendable {
    /// How the backend is named in messages ("todos API").
    public let name: String
    /// How long the reset may go without any sign of progress before it is given up: its own
    /// ``ResetProgress/advance(by:)`` calls, or other work in the process moving (a monitored call
    /// ending, a stub server answering). A reset that keeps reporting progress is never cut off.
    /// Default: 30 seconds.
    public let resetTimeout: Duration
    let body: (@Sendable (ResetProgress) async throws -> Void)?
    let turns = Turnstile()
    private let noticeGiven = Protected(false)

    /// A shared backend called `name`, emptied by `reset` before each clause, which tells the engine
    /// it is still working through `progress` (once per request or row, say): a long reset that keeps
    /// moving is never cut off, while one that stalls for ``resetTimeout`` is.
    public init(
        _ name: String, resetTimeout: Duration = .seconds(30),
        reset: @escaping @Sendable (_ progress: ResetProgress) async throws -> Void
    ) {
        self.name = name
        self.body = reset
        self.resetTimeout = resetTimeout
    }

    /// A shared backend called `name`, emptied by `reset` before each clause, or never reset when `reset`
    /// is `nil`. The reset reports no progress of its own: prefer the initializer whose closure takes a
    /// ``ResetProgress`` for a reset that may run longer than ``resetTimeout``.
    public init(
        _ name: String, resetTimeout: Duration = .seconds(30), reset: (@Sendable () async throws -> Void)? = nil
    ) {
        self.name = name
        if let reset {
            self.body = { @Sendable _ in try await reset() }
        } else {
            self.body = nil
        }
        self.resetTimeout = resetTimeout
    }

    /// Whether the backend has a reset.
    public var hasReset: Bool { body != nil }

    /// `true` the first time it is asked, `false` after: a notice about this backend is given once.
    func claimNotice() -> Bool {
        noticeGiven.withLock { given in
            defer { given = true }
            return !given
        }
    }
}

/// How a shared backend's reset tells the engine it is still working: call ``advance(by:)`` after each
/// request it sends or each row it deletes, so that a reset of 1,000 rows at 60 ms each is never cut off
/// by a ``SharedBackend/resetTimeout`` of 30 s, while a reset that stalls still is.
public struct ResetProgress: Sendable {
    let monitor: ProgressMonitor
    private let steps = Protected<(count: Int, last: ContinuousClock.Instant?)>((0, nil))

    init(monitor: ProgressMonitor) {
        self.monitor = monitor
    }

    /// Notes that the reset made `steps` more steps of progress (requests sent, rows deleted).
    public func advance(by steps: Int = 1) {
        guard steps > 0 else { return }
        self.steps.withLock { $0 = ($0.count + steps, ContinuousClock.now) }
        monitor.noteCallEnded()
    }

    /// How many steps the reset reported so far.
    public var completedSteps: Int { steps.withLock { $0.count } }

    /// How long ago the last step was reported, or `nil` when none was.
    var sinceLastStep: Duration? {
        steps.withLock { $0.last }.map { $0.duration(to: .now) }
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
