import RepositoryContractsPrimitives

extension MockClock {
    /// Moves time forward by `duration` (zero by default), resuming every sleeper due by the new ``now``.
    ///
    /// Stepping through every deadline inside `duration` in one call is the same as advancing to each in
    /// turn, for code on the clock's ``executor``:
    /// - First the executor runs until it has no work, so tasks started on it reach their sleep.
    /// - Sleepers are resumed one at a time in (deadline, registration) order, ``now`` set to each one's
    ///   deadline. After each resume the executor runs until it has no work: a woken task there runs
    ///   until it suspends again or ends, reading ``now`` as its own deadline, before time moves on or
    ///   the next sleeper resumes. A task that sleeps again within the target is woken again by this
    ///   same call.
    /// - ``now`` ends at the target.
    ///
    /// Work that runs elsewhere (the main actor, `Task { … }` without the executor preference, detached
    /// tasks) is resumed in the same order but runs concurrently with the rest of the advance; await
    /// ``advance(by:settlingWithin:)`` for a bounded wait on it. Does nothing (and never moves time
    /// backwards) when `duration` is negative.
    ///
    /// Called from a job on the clock's executor, it runs the other jobs nested inside that job; called
    /// elsewhere, it waits until the executor's current job has finished, then runs the jobs itself.
    ///
    /// - Returns: The number of sleepers this call resumed.
    @discardableResult
    public func advance(by duration: Duration = .zero) -> Int {
        executor.serve {
            executor.runQueued()
            let target = state.withLock { $0.now.advanced(by: duration) }
            return drain(toward: target)
        }
    }

    /// Moves time forward to `deadline`, resuming every sleeper due by then and running woken work on the
    /// clock's ``executor`` between deadlines (see ``advance(by:)``). Does nothing when `deadline` is
    /// before ``now``: time never moves backwards.
    ///
    /// - Returns: The number of sleepers this call resumed.
    @discardableResult
    public func advance(to deadline: Instant) -> Int {
        executor.serve {
            executor.runQueued()
            return drain(toward: deadline)
        }
    }

    /// Moves time to the earliest pending deadline and resumes every sleeper due then (all the ties),
    /// running woken work on the clock's ``executor`` after each (see ``advance(by:)``).
    ///
    /// - Returns: The deadline reached, or nil (time unchanged) when no sleeper is pending.
    @discardableResult
    public func advanceToNextDeadline() -> Instant? {
        executor.serve {
            executor.runQueued()
            guard let deadline = nextDeadline else { return nil }
            drain(toward: deadline)
            return deadline
        }
    }

    /// Resumes every sleeper due by `target`, one at a time, running the executor's queued jobs after
    /// each. Call only as the executor's runner.
    @discardableResult
    private func drain(toward target: Instant) -> Int {
        var resumed = 0
        while let continuation = state.withLock({ $0.step(toward: target) }) {
            continuation.resume()
            resumed += 1
            executor.runQueued()
            settleAwayTasks(executorIsIdle: true)
        }
        return resumed
    }

    /// Takes back the woken tasks that can no longer be away (see ``WokenTasks``): those woken on the
    /// executor, once it has no work (`executorIsIdle`), and the plain tasks of the clock's scope once
    /// its ``TaskCensus`` counts no more live ones than are asleep on the clock.
    func settleAwayTasks(executorIsIdle: Bool) {
        guard state.withLock({ $0.woken.hasSettleable(executorIsIdle: executorIsIdle) }) else { return }
        let live = census?.liveTasks
        let signals = state.withLock { state in
            var signals = executorIsIdle ? state.woken.settleOnExecutor() : []
            if let live { signals += state.woken.settleCensus(live: live, asleep: state.censusSleepersPending) }
            return signals
        }
        for signal in signals { signal.fire(true) }
    }
}
