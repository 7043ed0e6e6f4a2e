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

extension MockClock {
    /// Throws, naming them, when sleepers are still pending; the sleepers stay pending.
    public func checkNoPendingSleepers() throws(PendingSleepersError) {
        let (now, sleepers) = state.withLock { ($0.now, $0.pendingSleepers) }
        if !sleepers.isEmpty { throw PendingSleepersError(sleepers: sleepers, now: now) }
    }

    /// Resumes every pending sleeper with `CancellationError`, so that no task sleeps forever.
    ///
    /// - Returns: The sleepers that were pending, in wake order.
    @discardableResult
    public func cancelPendingSleepers() -> [PendingSleeper] {
        let cancelled = state.withLock { $0.cancelAll() }
        for (_, continuation) in cancelled {
            continuation?.resume(throwing: CancellationError())
        }
        return cancelled.map(\.sleeper)
    }
}

extension MockClock {
    /// Moves time forward by `duration`, like ``advance(by:)``, and also waits, at every deadline, for
    /// woken work that runs off the clock's ``executor``: the counterpart of `TestClock`'s
    /// `await advance(by:)`.
    ///
    /// At each deadline, with ``now`` still there, it:
    /// 1. runs the clock's executor until it has no work (exact, as ``advance(by:)`` does);
    /// 2. for a sleeper that slept elsewhere, waits until its sleep has returned to its caller;
    /// 3. gives the main actor a turn (a job queued behind what woken work queued there), runs the
    ///    executor again, and repeats while that turn made the executor work;
    /// 4. follows the woken task: one the clock started (``startTask(name:fileID:line:_:)->Task<Void,Never>``) is
    ///    waited for until it sleeps again on this clock or ends, wherever it went meanwhile (the main actor, I/O); one it did
    ///    not start, and that has not slept again by then, is reported in ``SettledAdvance/notBack``,
    ///    because nothing would tell the clock that it ended.
    ///
    /// So a woken task's whole continuation runs before time moves on: code on the executor, main-actor
    /// code reached from it, and a started task's I/O between two sleeps. ``SettledAdvance/isSettled`` is
    /// true only when every woken task was followed to its next sleep or its end. The waits are bounded by
    /// `limit` of real time with nothing moving (no sleeper registering or waking on this clock, no task
    /// it started beginning or ending, nothing else in the process moving), and by 24 × `limit` in all;
    /// past that the rest of the advance resumes without waiting and reports ``SettledAdvance/isSettled``
    /// false.
    ///
    /// - Parameters:
    ///   - duration: How far to move time (zero by default: just let woken work settle).
    ///   - limit: The most real time the call waits with nothing moving.
    /// - Returns: What it resumed, where time stands, and whether woken work settled in time.
    @discardableResult
    public func advance(by duration: Duration = .zero, settlingWithin limit: Duration) async -> SettledAdvance {
        let target = now.advanced(by: duration)
        return await settlingAdvance(to: target, before: settleDeadline(limit)).report
    }

    /// Moves time forward to `deadline` like ``advance(by:settlingWithin:)``. Does nothing but settle
    /// when `deadline` is before ``now``.
    @discardableResult
    public func advance(to deadline: Instant, settlingWithin limit: Duration) async -> SettledAdvance {
        await settlingAdvance(to: deadline, before: settleDeadline(limit)).report
    }

    /// The real-time bound of one settling call: `limit` with nothing moving (this clock, or anything
    /// else in the process), at most 24 × `limit` in all.
    private func settleDeadline(_ limit: Duration) -> ProgressDeadline {
        ProgressDeadline(limit: limit, local: { [self] in movements.count })
    }

    /// Advances from deadline to deadline, settling woken work at each (as
    /// ``advance(by:settlingWithin:)`` does), until nothing is pending, `maxSteps` steps were taken or
    /// nothing has moved for `timeout` of real time (at most 24 × `timeout` in all): the counterpart of
    /// `TestClock`'s `run(timeout:)`.
    ///
    /// Unlike `TestClock`, it leaves sleepers pending when it stops early (the `.mockClock` trait and
    /// ``withMockClock(now:startDate:isolation:_:)`` report them) and says why it stopped in the result.
    /// It returns ``IdleRun/Stop/idle`` only when every task it woke slept again on this clock or was seen
    /// to end (tasks started with ``startTask(name:fileID:line:_:)->Task<Void,Never>``); otherwise
    /// ``IdleRun/Stop/unverified``, listing the others in ``IdleRun/notBack``.
    ///
    /// - Parameters:
    ///   - timeout: The most real time to spend with nothing moving, waits included.
    ///   - maxSteps: The most deadlines to advance to; an endless timer stops here.
    @discardableResult
    public func run(timeout: Duration = .seconds(5), maxSteps: Int = 10_000) async -> IdleRun {
        let bound = settleDeadline(timeout)
        let offBefore = state.withLock { $0.wokenOffExecutor }
        var steps = 0
        var stop = IdleRun.Stop.idle
        var settled = await settle(returned: nil, before: bound)
        if settled { settled = await followAwayTasks(before: bound) }
        while settled, let deadline = nextDeadline {
            if steps >= maxSteps {
                stop = .stepLimit
                break
            }
            settled = await settlingAdvance(to: deadline, before: bound).timeLeft
            if settled { settled = await followAwayTasks(before: bound) }
            steps += 1
        }
        if !settled { stop = .timeLimit }
        return idleRun(steps: steps, stop: stop, wokenOffBefore: offBefore)
    }

    /// A settling advance's report, and whether its real-time bound still had time left at the end.
    private struct BoundedAdvance {
        var report: SettledAdvance
        var timeLeft: Bool
    }

    /// Resumes every sleeper due by `deadline`, settling woken work after each and following each woken
    /// task until it sleeps again on this clock or (for a task the clock started) ends.
    private func settlingAdvance(to deadline: Instant, before bound: ProgressDeadline) async -> BoundedAdvance {
        var report = SettledAdvance(resumed: 0, now: now, wokenOffExecutor: 0, isSettled: true)
        var timeLeft = await settle(returned: nil, before: bound)
        if timeLeft { timeLeft = await followAwayTasks(before: bound) }
        while let (continuation, returned, task) = state.withLock({ $0.settlingStep(toward: deadline) }) {
            continuation.resume()
            report.resumed += 1
            if returned != nil { report.wokenOffExecutor += 1 }
            if timeLeft {
                timeLeft = await settle(returned: returned, before: bound)
            } else {
                executor.drain()
            }
            if timeLeft {
                timeLeft = await follow(task, before: bound)
            }
            if let task, let away = state.withLock({ $0.woken.notBack(task) }) {
                report.notBack.append(away)
            }
        }
        if !report.notBack.isEmpty { explainUnseen(state.withLock { $0.noteNotBackReported() }) }
        report.isSettled = timeLeft && report.notBack.isEmpty
        report.now = now
        return BoundedAdvance(report: report, timeLeft: timeLeft)
    }

    /// Waits, bounded by `bound`, until `task` is back (asleep again on this clock, or ended) when the
    /// clock can see it end: it started the task, or the task is a plain task of the clock's scope, which
    /// its ``TaskCensus`` counts. Settles woken work again once it is. Returns false when `bound` passed
    /// first. Any other task (a detached one, a plain task of a clock made outside a scope) is not waited
    /// for: nothing would tell the clock that it ended.
    private func follow(_ task: Int?, before bound: ProgressDeadline) async -> Bool {
        let signal = state.withLock { $0.woken.isFollowed(task) ? $0.woken.watch(task) : nil }
        if let signal {
            guard await signal.wait(within: bound) else { return false }
            return await settle(returned: nil, before: bound)
        }
        guard let task, state.withLock({ $0.woken.away[task]?.inCensus ?? false }) else { return true }
        return await followPlainTasks(before: bound) { state in state.woken.away[task] != nil }
    }

    /// Waits, bounded by `bound`, while `isAway` holds for the plain tasks of the clock's scope: until each
    /// has slept again on the clock or the census counts it ended. Nothing signals a plain task's end, so
    /// this looks again every millisecond, draining the executor and giving the main actor turns between
    /// looks. Returns false when `bound` passed first, or when nothing of the scope moved (the clock, the
    /// count of its plain tasks) for the bound's limit: a plain task that awaits something else for
    /// good (a stream, a request that never answers) costs one limit, however busy the rest of the
    /// process is.
    private func followPlainTasks(before bound: ProgressDeadline, while isAway: (ClockState) -> Bool) async -> Bool {
        var seen = (movements: movements.count, live: census?.liveTasks ?? 0)
        var quietSince = ContinuousClock.now
        while true {
            settleAwayTasks(executorIsIdle: false)
            guard state.withLock({ isAway($0) }) else { return await settle(returned: nil, before: bound) }
            let now = (movements: movements.count, live: census?.liveTasks ?? 0)
            if now != seen { (seen, quietSince) = (now, .now) }
            guard !bound.hasPassed, quietSince.duration(to: .now) < bound.limit else { return false }
            try? await Task.sleep(for: .milliseconds(1))
            guard await settle(returned: nil, before: bound) else { return false }
        }
    }

    /// Waits for every task away that the clock can see end: the tasks it started, then its scope's
    /// plain tasks (woken by this call or an earlier synchronous advance).
    private func followAwayTasks(before bound: ProgressDeadline) async -> Bool {
        guard await followStartedTasks(before: bound) else { return false }
        guard census != nil else { return true }
        return await followPlainTasks(before: bound) { state in
            state.woken.away.values.contains { $0.inCensus }
        }
    }
    /// Waits, bounded by `bound`, until no task the clock started is away (each has slept again or
    /// ended), settling woken work after each comes back: work woken before this call (an earlier
    /// synchronous advance) is followed too. Returns false when `bound` passed first.
    private func followStartedTasks(before bound: ProgressDeadline) async -> Bool {
        while true {
            let signals = state.withLock { $0.woken.watchStartedAway() }
            guard !signals.isEmpty else { return true }
            for signal in signals {
                guard await signal.wait(within: bound) else { return false }
            }
            guard await settle(returned: nil, before: bound) else { return false }
        }
    }

    /// Lets woken work settle at the current deadline (steps 1–3 of ``advance(by:settlingWithin:)``);
    /// returns false when `bound` passed first.
    private func settle(returned: Signal?, before bound: ProgressDeadline) async -> Bool {
        executor.drain()
        if let returned {
            guard await returned.wait(within: bound) else { return false }
            executor.drain()
        }
        for _ in 0..<Self.mainActorTurns {
            let turn = Signal()
            TaskCensus.uncounted { _ = Task { @MainActor in turn.fire(true) } }
            guard await turn.wait(within: bound) else { return false }
            if executor.drain() == 0 {
                settleAwayTasks(executorIsIdle: true)
                return true
            }
        }
        return false
    }

    /// The most main-actor turns one deadline gets while they keep making the executor work.
    private static let mainActorTurns = 64
}

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
