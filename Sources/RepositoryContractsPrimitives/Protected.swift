public import Foundation

/// A value that one lock guards: the package's one stand-in for `Synchronization.Mutex`, which needs
/// macOS 15 / iOS 18 while the package supports macOS 13 / iOS 16.
///
/// Every access goes through ``withLock(_:)``. The closure runs with the lock held, so it must not call
/// back into the same box, and should not call out to code that may block or take other locks in another
/// order: resuming a continuation, cancelling a task or running a caller's closure belongs after
/// `withLock` returns (return what to do from the closure, then do it).
///
/// The class is public, its members package: the toolchain (Swift 6.3) never inlines across modules the
/// `@inlinable` members of a `package` type, so every lock the other modules took was an unspecialized
/// generic call with its closure in a release build.
public final class Protected<Value: ~Copyable>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value

    /// A box holding `value`.
    package init(_ value: consuming Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value and returns what it returns; an error `body`
    /// throws is rethrown with its type, after the lock is released.
    @inlinable
    package func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
