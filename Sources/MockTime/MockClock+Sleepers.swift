package import RepositoryContractsPrimitives

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

    /// How long ``waitForSleepers(count:timeout:)`` waits with nothing moving by default: far beyond any
    /// plausible scheduling delay on a crowded machine, short enough that a bug fails instead of hanging.
    public static let defaultSleeperWait = Duration.seconds(30)

    /// Suspends until at least `count` sleepers are pending; returns at once when they already are.
    ///
    /// The handshake to await before advancing: once it returns, the sleepers it counted are registered,
    /// so an advance is sure to see them. It suspends on a continuation that the registration reaching
    /// `count` resumes; it neither polls nor yields, and its bound costs no timer of its own (a clock keeps
    /// at most one armed for all its waits). It also returns (early) when the waiting task is cancelled, so
    /// a test that times out is not left hanging.
    ///
    /// When nothing has moved for `timeout` of real time (no sleeper registered or woke on this clock, no
    /// advance, no task it started began or ended, and nothing else in the process moved: a stub server
    /// answering, another clock, a watched call), or after 24 × `timeout` whatever moves, it reports the
    /// problem (a Swift Testing issue under the `.mockClock` trait, standard error elsewhere) saying how
    /// many sleepers registered of how many were awaited, what moved last, what is sleeping on this
    /// clock, and that the code may sleep on another clock, then cancels the waiting task and the tasks
    /// the clock started (so the test's next sleep, cancellable wait or `await` of such a task ends it) and
    /// returns: a bug in the code under test (a retry at 3 s instead of 30 s, a `Task.sleep`) fails
    /// instead of hanging, and a wait that is only slow because the machine is busy does not.
    ///
    /// - Parameters:
    ///   - count: How many sleepers must be pending.
    ///   - timeout: The most real time to wait with nothing moving (default ``defaultSleeperWait``).
    public func waitForSleepers(count: Int, timeout: Duration = MockClock.defaultSleeperWait) async {
        let waiter = state.withLock { state -> CountWaiter? in
            state.sleepers.count >= count ? nil : CountWaiter(count: count, timeout: timeout, clockMovements: state.movements)
        }
        guard let waiter else { return }
        await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                let (ready, arm) = state.withLock { state in
                    let ready = state.enqueue(waiter, continuation: continuation, taskIsCancelled: Task.isCancelled)
                    return (ready, !ready && state.armWaitTimer(for: waiter.nextLook))
                }
                if ready { continuation.resume() }
                if arm { setWaitTimer(for: waiter.nextLook) }
            }
        } onCancel: {
            state.withLock { $0.cancel(waiter) }?.resume()
        }
        if let stall = state.withLock({ _ in waiter.stall }) {
            let registered = pendingSleeperCount
            Self.report(
                "waitForSleepers(count: \(count)) gave up: \(registered) of \(count) sleeper\(count == 1 ? "" : "s") "
                    + "registered; \(sleepingDescription()). The code under test may sleep on another clock (ContinuousClock, "
                    + "Task.sleep, a timer), sleep at other deadlines or fewer times than the test expects, or not have "
                    + "reached its sleep (a task that was never started, or is waiting on something else). The waiting task "
                    + "and the tasks the clock started were cancelled. \(Self.stallText(stall, clock: self))")
            cancelStartedTasks()
            withUnsafeCurrentTask { $0?.cancel() }
        }
    }

    /// How a real-time bound of this clock's gave up, as the last sentence of its message (it varies
    /// with the machine's load): how long nothing moved, and what moved last here and elsewhere in the
    /// process.
    package static func stallText(_ stall: StallReading, clock: MockClock) -> String {
        var moves: [String] = []
        if let since = stall.sinceLocalProgress {
            let movements = clock.movements
            // A time limit also counts the end of a wait for the interception turn as the test's own move.
            let what = movements.count == 0 ? "the test's wait for the URLSession interception turn ended" : movements.last
            moves.append("the clock last moved \(since.secondsText(fractionDigits: 1)) ago (\(what))")
        }
        if let since = stall.sinceOtherProgress {
            moves.append("other work in the process last moved \(since.secondsText(fractionDigits: 1)) ago (\(ProcessActivity.lastMovement))")
        }
        let moved = moves.isEmpty ? "nothing moved meanwhile" : moves.joined(separator: "; ")
        if stall.reachedCeiling {
            return "What moved: work kept moving for \(stall.running.secondsText(fractionDigits: 1)) of real time, "
                + "\(ceilingFactor) × the limit of \(stall.limit.secondsText) (\(moved))."
        }
        return "What moved: nothing, for \(stall.limit.secondsText) of real time (the limit; \(stall.running.secondsText(fractionDigits: 1)) "
            + "counted in all; \(moved))."
    }

    /// Sets the clock's one wait timer for `deadline`: when it fires it times out the waiters whose
    /// deadline has passed and sets itself again for the earliest of the others, if any.
    private func setWaitTimer(for deadline: ContinuousClock.Instant) {
        RealTimeAlarms.shared.schedule(at: deadline) { [self] in
            let (expired, next) = state.withLock { $0.lookAtWaiters(at: .now) }
            for continuation in expired { continuation.resume() }
            if let next { setWaitTimer(for: next) }
        }
    }
}
