import RepositoryContractsPrimitives

/// Runs a test body bounded by a real-time limit: past it, `onTimeout` runs at once (to report the hang
/// while it lasts), the body is cancelled, and the run waits for it to end. A body that hangs on
/// something cancellable (a sleep on any clock, a wait for sleepers) then ends; one that ignores
/// cancellation is left to the test framework's own time limit. The body is a child task, so it
/// inherits the caller's task-local values and executor preference, and never outlives the run.
package struct BoundedRun: Sendable {
    /// How a bounded run ended.
    package enum Outcome: Sendable {
        case finished
        case threw(any Error)
        case timedOut
    }

    /// The most real time the body may take.
    package let limit: Duration

    /// A run bounded by `limit` of real time.
    package init(limit: Duration) {
        self.limit = limit
    }

    /// Runs `body`, returning how it ended. A passing body costs one dispatch timer and one child task.
    package func run(_ body: () async throws -> Void, onTimeout: @escaping @Sendable () -> Void) async -> Outcome {
        await withoutActuallyEscaping(body) { body in
            let body = UncheckedSendable(body)
            return await withTaskGroup(of: Outcome.self) { group in
                group.addTask {
                    do {
                        try await body.value()
                        return .finished
                    } catch {
                        return .threw(error)
                    }
                }
                group.addTask { await Self.expiry(after: limit) }
                let first = await group.next() ?? .finished
                if case .timedOut = first {
                    onTimeout()
                }
                // Ends the timer when the body finished first, or asks the body to stop when it did not;
                // either way the other child is awaited before returning.
                group.cancelAll()
                while await group.next() != nil {}
                return first
            }
        }
    }

    /// Returns `.timedOut` after `limit` of real time, or `.finished` at once when cancelled (the body
    /// ended first), without throwing or leaving a timer behind (``OneShot/value(orFiring:at:)``).
    private static func expiry(after limit: Duration) async -> Outcome {
        let expired = OneShot<Bool>()
        let timedOut = await withTaskCancellationHandler {
            await expired.value(orFiring: true, at: ContinuousClock.now.advanced(by: limit))
        } onCancel: {
            expired.fire(false)
        }
        return timedOut ? .timedOut : .finished
    }
}

/// A value passed to a child task that the compiler cannot see is used safely: the test body, which the
/// run calls once, in the one child task, and awaits before returning.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
