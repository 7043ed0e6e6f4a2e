import RepositoryContractsPrimitives

extension MockClock {
    /// Advances from deadline to deadline (``advanceToNextDeadline()``) until nothing is pending, or
    /// `maxSteps` steps were taken, or `timeLimit` of real time has passed, and says which.
    ///
    /// The clock's ``executor`` runs until it has no work before every look, so a loop or timer running
    /// there that sleeps again is seen and driven; an endless one stops at `maxSteps`. The result is
    /// ``IdleRun/Stop/idle`` only when every task it woke slept again on this clock or was seen to end
    /// (tasks started with ``startTask(name:_:)->Task<Void,Never>``). A woken task that went elsewhere
    /// (the main actor, I/O) may still sleep again after the last look, and a synchronous call cannot wait for it: the result
    /// then says ``IdleRun/Stop/unverified`` and lists it in ``IdleRun/notBack``. Code isolated to the main
    /// actor cannot run while a synchronous call holds it: drive it with ``run(timeout:maxSteps:)``.
    ///
    /// - Parameters:
    ///   - maxSteps: The most deadlines to advance to.
    ///   - timeLimit: The most real time to spend (checked between steps).
    /// - Returns: The steps taken, where time stands, what is left and why it stopped.
    @discardableResult
    public func runUntilIdle(maxSteps: Int = 10_000, timeLimit: Duration = .seconds(10)) -> IdleRun {
        let started = ContinuousClock.now
        let offBefore = state.withLock { $0.wokenOffExecutor }
        var steps = 0
        var stop = IdleRun.Stop.idle
        executor.serve {
            executor.runQueued()
            while nextDeadline != nil {
                if steps >= maxSteps {
                    stop = .stepLimit
                    return
                }
                if started.duration(to: .now) >= timeLimit {
                    stop = .timeLimit
                    return
                }
                advanceToNextDeadline()
                steps += 1
            }
        }
        return idleRun(steps: steps, stop: stop, wokenOffBefore: offBefore)
    }

    /// The report of a run that took `steps` steps and stopped for `stop`: `.idle` becomes `.unverified`
    /// when sleepers are pending or a woken task is not back (``IdleRun/notBack``).
    func idleRun(steps: Int, stop: IdleRun.Stop, wokenOffBefore: Int) -> IdleRun {
        executor.drain()
        settleAwayTasks(executorIsIdle: true)
        let (now, pending, wokenOff, away) = state.withLock {
            ($0.now, $0.sleepers.count, $0.wokenOffExecutor, $0.woken.awayInWakeOrder)
        }
        let notBack = away.map { WokenTask(deadline: $0.deadline, taskName: $0.taskName) }
        let verified = stop == .idle && (pending > 0 || !notBack.isEmpty) ? .unverified : stop
        return IdleRun(
            steps: steps, now: now, pendingSleepers: pending, stop: verified, wokenOffExecutor: wokenOff - wokenOffBefore,
            notBack: notBack)
    }
}
