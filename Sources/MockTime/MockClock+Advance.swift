extension MockClock {
    /// Moves time forward by `duration`, resuming every sleeper due by the new ``now``.
    ///
    /// Sleepers are resumed one at a time in (deadline, registration) order, with ``now`` set to each
    /// one's deadline before it is resumed and to the target at the end. A woken task runs concurrently
    /// with the rest of the advance; if it goes back to sleep with a deadline within the target before the
    /// advance has finished, the same advance resumes it again. Does nothing (and never moves time
    /// backwards) when `duration` is negative.
    ///
    /// - Returns: The number of sleepers this call resumed.
    @discardableResult
    public func advance(by duration: Duration) -> Int {
        let (target, first) = state.withLock { state in
            let target = state.now.advanced(by: duration)
            return (target, state.step(toward: target))
        }
        return drain(toward: target, resuming: first)
    }

    /// Moves time forward to `deadline`, resuming every sleeper due by then (see ``advance(by:)``).
    /// Does nothing when `deadline` is before ``now``: time never moves backwards.
    ///
    /// - Returns: The number of sleepers this call resumed.
    @discardableResult
    public func advance(to deadline: Instant) -> Int {
        drain(toward: deadline, resuming: state.withLock { $0.step(toward: deadline) })
    }

    /// Moves time to the earliest pending deadline and resumes every sleeper due then (all the ties).
    ///
    /// - Returns: The deadline reached, or nil (time unchanged) when no sleeper is pending.
    @discardableResult
    public func advanceToNextDeadline() -> Instant? {
        guard let deadline = nextDeadline else { return nil }
        advance(to: deadline)
        return deadline
    }

    /// Advances from deadline to deadline (``advanceToNextDeadline()``) until no sleeper is pending or
    /// `maxSteps` steps were taken: bounded in virtual steps, never in wall-clock time.
    ///
    /// It sees only sleepers that have registered. A woken task that goes back to sleep (a timer, a retry
    /// loop) runs concurrently with this call and may register after the last look; such a sleeper is
    /// left pending and counted in the result only if it registered in time. To step a loop
    /// deterministically, pair this with ``waitForSleepers(count:)``.
    ///
    /// - Parameter maxSteps: The most deadlines to advance to; an endless timer stops here.
    /// - Returns: The steps taken, where time stands and what is left.
    @discardableResult
    public func runUntilIdle(maxSteps: Int = 10_000) -> IdleRun {
        var steps = 0
        while steps < maxSteps, advanceToNextDeadline() != nil {
            steps += 1
        }
        let (now, pending) = state.withLock { ($0.now, $0.sleepers.count) }
        return IdleRun(
            steps: steps, now: now, pendingSleepers: pending, reachedStepLimit: steps >= maxSteps && pending > 0)
    }

    /// Resumes `first` (if any) and then every further sleeper due by `target`, one lock per sleeper,
    /// each continuation resumed outside the lock.
    private func drain(toward target: Instant, resuming first: UnsafeContinuation<Void, any Error>?) -> Int {
        guard var continuation = first else { return 0 }
        var resumed = 0
        while true {
            continuation.resume()
            resumed += 1
            guard let next = state.withLock({ $0.step(toward: target) }) else { return resumed }
            continuation = next
        }
    }
}
