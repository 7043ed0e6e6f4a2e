import Dispatch
import Foundation
import RepositoryContractsPrimitives

/// A one-shot Boolean that one task awaits: fired once (later fires are ignored), by whichever comes
/// first of the awaited event (`true`) and a real-time limit (`false`).
final class Signal: Sendable {
    private struct State {
        var value: Bool?
        var continuation: UnsafeContinuation<Bool, Never>?
    }

    private let state = Protected(State())

    /// Fires the signal with `value` unless it has fired already.
    func fire(_ value: Bool) {
        let waiting = state.withLock { state -> UnsafeContinuation<Bool, Never>? in
            guard state.value == nil else { return nil }
            state.value = value
            defer { state.continuation = nil }
            return state.continuation
        }
        waiting?.resume(returning: value)
    }

    /// Waits until the signal fires or `deadline` (real time) passes; returns what it fired with, or
    /// false at the deadline.
    ///
    /// The deadline is a dispatch timer source, not a sleeping task: cancelling a sleep throws, and under
    /// Swift Testing every thrown error captures a backtrace, which made thousands of quick waits slow. The
    /// source is cancelled as soon as the wait ends, so a wait that ends early leaves no timer behind (a
    /// settling advance makes thousands of waits with bounds a minute away; left pending, their timers
    /// swamped the dispatch manager thread and stalled the whole test process).
    func wait(until deadline: ContinuousClock.Instant) async -> Bool {
        if let fired = state.withLock({ $0.value }) { return fired }
        let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
        let nanoseconds = min(max(0, seconds), 1_000_000) * 1_000_000_000 + (seconds >= 0 ? attoseconds / 1_000_000_000 : 0)
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { [self] in fire(false) }
        timer.schedule(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds)))
        timer.resume()
        defer { timer.cancel() }
        return await withUnsafeContinuation { (continuation: UnsafeContinuation<Bool, Never>) in
            let fired: Bool? = state.withLock { state in
                if state.value == nil { state.continuation = continuation }
                return state.value
            }
            if let fired { continuation.resume(returning: fired) }
        }
    }
}
