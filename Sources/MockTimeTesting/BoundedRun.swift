package import RepositoryContractsPrimitives

/// Runs a test body bounded by real time that watches progress: once nothing the ``ProgressSources``
/// watch has moved for `limit` (or the ceiling is reached), `onTimeout` runs at once (to report the hang
/// while it lasts), the body is cancelled, and the run waits for it to end. A body that hangs on
/// something cancellable (a sleep on any clock, a wait for sleepers, the interception turn, a wait for
/// requests) then ends; one still running after it was cancelled, once nothing has moved for
/// ``stuckLimit(after:)``, is reported through `onStuck` (it waits on something that ignores
/// cancellation) and left to the test framework.
///
/// The body runs with a fresh ``UncountedWaits`` as ``UncountedWaits/current``: time it spends in such
/// waits (the process-wide interception turn) does not count. It is a child task, so it inherits the
/// caller's task-local values and executor preference, and never outlives the run.
package struct BoundedRun: Sendable {
    /// How a bounded run ended.
    package enum Outcome: Sendable {
        case finished
        case threw(any Error)
        case timedOut
    }

    /// The longest the body may go without progress.
    package let limit: Duration
    /// What counts as progress, besides the end of an uncounted wait.
    package let local: @Sendable () -> UInt64
    /// The body's uncounted waits.
    package let uncounted = UncountedWaits()

    /// A run that fails once nothing has moved for `limit`: the body's own signs of life (`local`, a mock
    /// clock's movements) and anything else in the process (``ProcessActivity``).
    package init(limit: Duration, stuckLimit: Duration? = nil, local: @escaping @Sendable () -> UInt64 = { 0 }) {
        self.limit = limit
        self.stuckLimit = stuckLimit ?? Self.stuckLimit(after: limit)
        self.local = local
    }

    /// How long a cancelled body may go with nothing moving before it is reported as ignoring
    /// cancellation, by default: `limit`, and never less than a minute (ending takes a while on a crowded
    /// machine).
    package static func stuckLimit(after limit: Duration) -> Duration {
        max(limit, .seconds(60))
    }

    /// How long a cancelled body may go with nothing moving before `onStuck`.
    package let stuckLimit: Duration

    /// Runs `body`, returning how it ended. A passing body costs one child task and one alarm per look.
    package func run(
        _ body: () async throws -> Void, onTimeout: @escaping @Sendable (StallReading) -> Void,
        onStuck: @escaping @Sendable () -> Void = {}
    ) async -> Outcome {
        let sources = ProgressSources(local: local, uncounted: uncounted)
        let limit = limit
        let stuckLimit = stuckLimit
        let uncounted = uncounted
        return await withoutActuallyEscaping(body) { body in
            let body = UncheckedSendable(body)
            return await withTaskGroup(of: Outcome.self) { group in
                group.addTask {
                    do {
                        try await UncountedWaits.$current.withValue(uncounted) { try await body.value() }
                        return .finished
                    } catch {
                        return .threw(error)
                    }
                }
                group.addTask {
                    guard let stall = await waitForStall(limit: limit, watching: sources) else { return .finished }
                    onTimeout(stall)
                    return .timedOut
                }
                let first = await group.next() ?? .finished
                // Ends the bound when the body finished first, or asks the body to stop when it did not;
                // either way the other child is awaited before returning.
                group.cancelAll()
                guard case .timedOut = first else {
                    while await group.next() != nil {}
                    return first
                }
                // A cancelled body may need a while to end on a crowded machine: it is called stuck only
                // once nothing has moved for the stuck limit.
                let stuckWatch = Task {
                    let stuck = ProgressSources(local: { 0 })
                    if await waitForStall(limit: stuckLimit, watching: stuck) != nil { onStuck() }
                }
                while await group.next() != nil {}
                stuckWatch.cancel()
                return first
            }
        }
    }
}

/// A value passed to a child task that the compiler cannot see is used safely: the test body, which the
/// run calls once, in the one child task, and awaits before returning.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
