import Foundation

/// A value guarded by one lock: the package's small stand-in for `Synchronization.Mutex`, which needs
/// macOS 15 / iOS 18 while this package supports macOS 13 / iOS 16.
package final class Protected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
