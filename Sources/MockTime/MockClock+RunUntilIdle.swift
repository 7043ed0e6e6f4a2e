import RepositoryContractsPrimitives

extension MockClock {
    /// Advances from deadline to deadline (``advanceToNextDeadline()``) until nothing is pending, or
    /// `maxSteps` steps were taken, or `timeLimit` of real time has passed, and says which.
    ///
    /// The clock's ``executor`` runs until it has no work before every look, so a loop or timer running
    /// there that sleeps again is seen and driven; an endless one stops at `maxSteps`. The result is
    /// ``IdleRun/Stop/idle`` only when every task it woke slept again on this clock or was seen to end
    /// (tasks started with ``startTask(name:fileID:line:_:)->Task<Void,Never>``). A woken task that went elsewhere
    /// (the main actor, I/O) may still sleep again after the last look, and a synchronous call cannot wait for it: the result
    /// then says ``IdleRun/Stop/unverified`` and lists it in ``IdleRun/notBack``. Code isolated to the main
    /// actor cannot run while a synchronous call holds it: drive it with ``run(timeout:maxSteps:)``.
    ///
    /// - Parameters:
    ///   - maxSteps: The most deadlines to advance to.
    ///   - timeLimit: The most real time to spend, checked after each step: at least one step is taken
    ///     whenever a deadline is pending, however slow the machine.
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
                if steps > 0, started.duration(to: .now) >= timeLimit {
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
        let (now, pending, wokenOff, notBack) = state.withLock {
            ($0.now, $0.sleepers.count, $0.wokenOffExecutor, $0.woken.notBack)
        }
        if !notBack.isEmpty { explainUnseen(state.withLock { $0.noteNotBackReported() }) }
        let verified = stop == .idle && (pending > 0 || !notBack.isEmpty) ? .unverified : stop
        return IdleRun(
            steps: steps, now: now, pendingSleepers: pending, stop: verified, wokenOffExecutor: wokenOff - wokenOffBefore,
            notBack: notBack)
    }

    /// Says at once, once per task, why the clock can never follow `tasks` and what would let it.
    func explainUnseen(_ tasks: [WokenTask]) {
        for task in tasks {
            MockClock.report("a run or advance could not follow \(task.explained)", isWarning: true)
        }
    }

    /// What the end of a scope says about the tasks a run or advance reported as not back that still
    /// are: each, why, and the form that would have waited for it; nil when none is.
    package func unresolvedNotBackReport() -> String? {
        let still = state.withLock { state in
            state.reportedNotBack.compactMap { state.woken.notBack($0) }.sorted { $0.deadline < $1.deadline }
        }
        guard !still.isEmpty else { return nil }
        return "a run or advance of this test reported woken tasks the clock could not follow, and at the end of "
            + "the test \(still.count == 1 ? "it is" : "they are") still not back:"
            + still.map { "\n  - " + $0.explained }.joined()
    }
}
