import RepositoryContractsPrimitives

extension MockClock {
    /// The earliest deadline of a pending sleeper, or nil when none is pending.
    public var nextDeadline: Instant? {
        state.withLock { $0.sleepers.firstDeadline }
    }

    /// The pending sleepers in the order an advance would wake them.
    public var pendingSleepers: [PendingSleeper] {
        state.withLock { $0.pendingSleepers }
    }

    /// How many sleepers are pending.
    public var pendingSleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// How long ``waitForSleepers(count:timeout:)`` waits by default: far beyond any plausible
    /// scheduling delay on a crowded machine, short enough that a bug fails instead of hanging.
    public static let defaultSleeperWait = Duration.seconds(30)

    /// Suspends until at least `count` sleepers are pending; returns at once when they already are.
    ///
    /// The handshake to await before advancing: once it returns, the sleepers it counted are registered,
    /// so an advance is sure to see them. It suspends on a continuation that the registration reaching
    /// `count` resumes; it neither polls nor yields, and its bound costs no timer of its own (a clock keeps
    /// at most one armed for all its waits). It also returns (early) when the waiting task is cancelled, so
    /// a test that times out is not left hanging.
    ///
    /// When `timeout` of real time passes first, it reports the problem (a Swift Testing issue under the
    /// `.mockClock` trait, standard error elsewhere) saying how many sleepers registered of how many were
    /// awaited, what is sleeping on this clock, and that the code may sleep on another clock, then cancels
    /// the waiting task and the tasks the clock started (so the test's next sleep, cancellable wait or
    /// `await` of such a task ends it) and returns: a bug in the code under test (a retry at 3 s instead of
    /// 30 s, a `Task.sleep`) fails instead of hanging.
    ///
    /// - Parameters:
    ///   - count: How many sleepers must be pending.
    ///   - timeout: The most real time to wait (default ``defaultSleeperWait``).
    public func waitForSleepers(count: Int, timeout: Duration = MockClock.defaultSleeperWait) async {
        if state.withLock({ $0.sleepers.count >= count }) { return }
        let waiter = CountWaiter(count: count, deadline: ContinuousClock.now.advanced(by: timeout))
        await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                let (ready, arm) = state.withLock { state in
                    let ready = state.enqueue(waiter, continuation: continuation, taskIsCancelled: Task.isCancelled)
                    return (ready, !ready && state.armWaitTimer(for: waiter.deadline))
                }
                if ready { continuation.resume() }
                if arm { setWaitTimer(for: waiter.deadline) }
            }
        } onCancel: {
            state.withLock { $0.cancel(waiter) }?.resume()
        }
        if state.withLock({ _ in waiter.timedOut }) {
            let registered = pendingSleeperCount
            Self.report(
                "waitForSleepers(count: \(count)) gave up after \(timeout.secondsText) of real time: \(registered) of "
                    + "\(count) sleeper\(count == 1 ? "" : "s") registered; \(sleepingDescription()). The code under test "
                    + "may sleep on another clock (ContinuousClock, Task.sleep, a timer), sleep at other deadlines or fewer "
                    + "times than the test expects, or not have reached its sleep (a task that was never started, or is "
                    + "waiting on something else). The waiting task and the tasks the clock started were cancelled.")
            cancelStartedTasks()
            withUnsafeCurrentTask { $0?.cancel() }
        }
    }

    /// Sets the clock's one wait timer for `deadline`: when it fires it times out the waiters whose
    /// deadline has passed and sets itself again for the earliest of the others, if any.
    private func setWaitTimer(for deadline: ContinuousClock.Instant) {
        RealTimeAlarms.shared.schedule(at: deadline) { [self] in
            let (expired, next) = state.withLock { $0.timeOutWaiters(at: .now) }
            for continuation in expired { continuation.resume() }
            if let next { setWaitTimer(for: next) }
        }
    }
}
