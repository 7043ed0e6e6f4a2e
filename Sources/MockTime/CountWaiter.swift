package import RepositoryContractsPrimitives

/// One call to ``MockClock/waitForSleepers(count:timeout:)`` that had to suspend.
///
/// Like ``Sleeper``, its `var`s are touched only under the clock's lock, and a cancellation that arrives
/// before it is enqueued is recorded on the object itself.
package final class CountWaiter: @unchecked Sendable {
    /// The number of pending sleepers the caller waits for.
    let count: Int
    /// Cancelled before it was enqueued, or taken out of the queue by cancellation.
    var isCancelled = false
    /// How the wait looked when it gave up: nothing had moved for its timeout (or it reached the ceiling).
    package var stall: StallReading?
    var continuation: UnsafeContinuation<Void, Never>?

    /// When the wait began, in real time.
    let started: ContinuousClock.Instant
    /// Judges, look by look, whether anything moved: the clock's own movements, or the process's.
    var detector: StallDetector
    /// When to look next, in real time.
    package var nextLook: ContinuousClock.Instant
    /// The time the wait could not watch: its looks' lateness past a quarter of its timeout.
    private var unwatched: UnwatchedTime

    /// A wait for `count` sleepers that gives up once nothing has moved for `timeout`, starting with the
    /// clock's movements and the process's activity (`elsewhere`) as they are now.
    package init(count: Int, timeout: Duration, clockMovements: UInt64, elsewhere: UInt64 = ProcessActivity.count) {
        self.count = count
        started = .now
        detector = StallDetector(limit: timeout, local: clockMovements, elsewhere: elsewhere)
        nextLook = started + detector.nextLook
        unwatched = UnwatchedTime(allowance: timeout / 4)
    }

    /// Takes a look at `now`: whether the wait has gone its timeout with nothing moving (then it keeps the
    /// reading in ``stall``); otherwise it sets ``nextLook``.
    /// A look that comes late past the allowance (the process was stopped or starved) counts only that.
    package func hasStalled(
        at now: ContinuousClock.Instant, clockMovements: UInt64, elsewhere: UInt64 = ProcessActivity.count
    ) -> Bool {
        unwatched.look(due: nextLook, woke: now)
        let counted = started.duration(to: now) - unwatched.total
        if let reading = detector.look(at: counted, local: clockMovements, elsewhere: elsewhere) {
            stall = reading
            return true
        }
        nextLook = started + unwatched.total + detector.nextLook
        return false
    }
}
