import Foundation

/// A value that one `NSLock` guards: the mock clock's stand-in for `Synchronization.Mutex`, which the
/// package's deployment floor (macOS 13 / iOS 16) does not offer.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. `body` must not call back into this box, and must
    /// not resume continuations (resumed tasks may run inline and call back into the clock).
    @inline(__always)
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
