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
    func wait(until deadline: ContinuousClock.Instant) async -> Bool {
        let timer = Task { [self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            fire(false)
        }
        defer { timer.cancel() }
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
