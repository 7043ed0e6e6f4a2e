import Dispatch
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
    /// ended first). A dispatch timer source, cancelled when the wait ends, not a sleeping task: cancelling
    /// a sleep throws, and under Swift Testing each thrown error records a backtrace.
    private static func expiry(after limit: Duration) async -> Outcome {
        let fired = Protected<(value: Bool?, continuation: CheckedContinuation<Bool, Never>?)>((nil, nil))
        @Sendable func fire(_ value: Bool) {
            let waiting = fired.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard state.value == nil else { return nil }
                state.value = value
                defer { state.continuation = nil }
                return state.continuation
            }
            waiting?.resume(returning: value)
        }
        let (seconds, attoseconds) = limit.components
        let nanoseconds = min(max(0, seconds), 1_000_000) * 1_000_000_000 + attoseconds / 1_000_000_000
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { fire(true) }
        timer.schedule(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds)))
        timer.resume()
        defer { timer.cancel() }
        let timedOut = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let value = fired.withLock { state -> Bool? in
                    if state.value == nil { state.continuation = continuation }
                    return state.value
                }
                if let value { continuation.resume(returning: value) }
            }
        } onCancel: {
            fire(false)
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
