import RepositoryContractsPrimitives

/// One call to ``MockClock/waitForSleepers(count:timeout:)`` that had to suspend.
///
/// Like ``Sleeper``, its `var`s are touched only under the clock's lock, and a cancellation that arrives
/// before it is enqueued is recorded on the object itself.
final class CountWaiter: @unchecked Sendable {
    /// The number of pending sleepers the caller waits for.
    let count: Int
    /// Cancelled before it was enqueued, or taken out of the queue by cancellation.
    var isCancelled = false
    /// How the wait looked when it gave up: nothing had moved for its timeout (or it reached the ceiling).
    var stall: StallReading?
    var continuation: UnsafeContinuation<Void, Never>?

    /// When the wait began, in real time.
    let started: ContinuousClock.Instant
    /// Judges, look by look, whether anything moved: the clock's own movements, or the process's.
    var detector: StallDetector
    /// When to look next, in real time.
    var nextLook: ContinuousClock.Instant

    /// A wait for `count` sleepers that gives up once nothing has moved for `timeout`, starting with the
    /// clock's movements and the process's activity as they are now.
    init(count: Int, timeout: Duration, clockMovements: UInt64) {
        self.count = count
        started = .now
        detector = StallDetector(limit: timeout, local: clockMovements, elsewhere: ProcessActivity.count)
        nextLook = started + detector.nextLook
    }

    /// Takes a look at `now`: whether the wait has gone its timeout with nothing moving (then it keeps the
    /// reading in ``stall``); otherwise it sets ``nextLook``.
    func hasStalled(at now: ContinuousClock.Instant, clockMovements: UInt64) -> Bool {
        if let reading = detector.look(at: started.duration(to: now), local: clockMovements, elsewhere: ProcessActivity.count) {
            stall = reading
            return true
        }
        nextLook = started + detector.nextLook
        return false
    }
}
