import Dispatch
import RepositoryContractsPrimitives

/// Suspends until `deadline` of real time and returns true, or returns false as soon as the task is
/// cancelled, without throwing.
///
/// Every watched call has a watchdog that sleeps like this and is nearly always cancelled because the
/// call ended first. A cancelled `Task.sleep` throws (and Swift Testing records a backtrace for every
/// thrown error) and leaves its dispatch timer pending; this one cancels its timer source, so tens of
/// thousands of quick calls leave no timers behind to swamp the dispatch manager thread.
package func sleepUnlessCancelled(until deadline: ContinuousClock.Instant) async -> Bool {
    let wake = OneShotWake()
    let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
    let nanoseconds = min(max(0, seconds), 1_000_000) * 1_000_000_000 + (seconds >= 0 ? attoseconds / 1_000_000_000 : 0)
    let timer = DispatchSource.makeTimerSource(queue: .global())
    timer.setEventHandler { wake.fire(true) }
    timer.schedule(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds)))
    timer.resume()
    defer { timer.cancel() }
    return await withTaskCancellationHandler {
        await wake.wait()
    } onCancel: {
        wake.fire(false)
    }
}

/// A Boolean one task awaits, set once by whichever comes first.
private final class OneShotWake: Sendable {
    private let state = Protected<(value: Bool?, continuation: CheckedContinuation<Bool, Never>?)>((nil, nil))

    func fire(_ value: Bool) {
        let waiting = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard state.value == nil else { return nil }
            state.value = value
            defer { state.continuation = nil }
            return state.continuation
        }
        waiting?.resume(returning: value)
    }

    func wait() async -> Bool {
        await withCheckedContinuation { continuation in
            let value = state.withLock { state -> Bool? in
                if state.value == nil { state.continuation = continuation }
                return state.value
            }
            if let value { continuation.resume(returning: value) }
        }
    }
}
