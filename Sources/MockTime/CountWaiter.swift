/// One call to ``MockClock/waitForSleepers(count:timeout:)`` that had to suspend.
///
/// Like ``Sleeper``, its `var`s are touched only under the clock's lock, and a cancellation that arrives
/// before it is enqueued is recorded on the object itself.
final class CountWaiter: @unchecked Sendable {
    /// The number of pending sleepers the caller waits for.
    let count: Int
    /// Cancelled before it was enqueued, or taken out of the queue by cancellation.
    var isCancelled = false
    /// Taken out of the queue because its real-time bound passed.
    var timedOut = false
    var continuation: UnsafeContinuation<Void, Never>?

    /// When it gives up, in real time.
    let deadline: ContinuousClock.Instant

    init(count: Int, deadline: ContinuousClock.Instant) {
        self.count = count
        self.deadline = deadline
    }
}
