import Dispatch
import Foundation

/// A one-shot Boolean that one task awaits: fired once (later fires are ignored), by whichever comes
/// first of the awaited event (`true`) and a real-time limit (`false`).
final class Signal: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Bool?
    private var continuation: UnsafeContinuation<Bool, Never>?

    /// Fires the signal with `value` unless it has fired already.
    func fire(_ value: Bool) {
        lock.lock()
        guard self.value == nil else {
            lock.unlock()
            return
        }
        self.value = value
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(returning: value)
    }

    /// Waits until the signal fires or `deadline` (real time) passes; returns what it fired with, or
    /// false at the deadline.
    ///
    /// The deadline is a dispatch timer, not a sleeping task: cancelling a sleep throws, and under Swift
    /// Testing every thrown error captures a backtrace, which made thousands of quick waits slow. A timer
    /// left behind by a signal that fired first does nothing when it runs.
    func wait(until deadline: ContinuousClock.Instant) async -> Bool {
        let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
        let nanoseconds = min(max(0, seconds), 1_000_000) * 1_000_000_000 + (seconds >= 0 ? attoseconds / 1_000_000_000 : 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds))) { [self] in
            fire(false)
        }
        return await withUnsafeContinuation { (continuation: UnsafeContinuation<Bool, Never>) in
            lock.lock()
            if let value {
                lock.unlock()
                continuation.resume(returning: value)
            } else {
                self.continuation = continuation
                lock.unlock()
            }
        }
    }
}
