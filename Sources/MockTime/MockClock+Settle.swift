import RepositoryContractsPrimitives

extension MockClock {
    /// Moves time forward by `duration`, like ``advance(by:)``, and also waits, at every deadline, for
    /// woken work that runs off the clock's ``executor``: the counterpart of `TestClock`'s
    /// `await advance(by:)`.
    ///
    /// At each deadline, with ``now`` still there, it:
    /// 1. runs the clock's executor until it has no work (exact, as ``advance(by:)`` does);
    /// 2. for a sleeper that slept elsewhere, waits until its sleep has returned to its caller;
    /// 3. gives the main actor a turn (a job queued behind what woken work queued there), runs the
    ///    executor again, and repeats while that turn made the executor work.
    ///
    /// So code on the executor and main-actor code reached from it (a `@MainActor` model whose task has
    /// the executor preference) run to their next suspension before time moves on. A `@MainActor` or
    /// pool task without the preference is resumed and seen to return from its sleep, then gets the same
    /// main-actor turns, but nothing tells the clock when its work is done: see
    /// ``SettledAdvance/wokenOffExecutor``. Every wait is bounded by `limit` of real time; past it the
    /// rest of the advance resumes without waiting and reports ``SettledAdvance/isSettled`` false.
    ///
    /// - Parameters:
    ///   - duration: How far to move time (zero by default: just let woken work settle).
    ///   - limit: The most real time the whole call waits.
    /// - Returns: What it resumed, where time stands, and whether woken work settled in time.
    @discardableResult
    public func advance(by duration: Duration = .zero, settlingWithin limit: Duration) async -> SettledAdvance {
        let target = now.advanced(by: duration)
        return await advance(to: target, before: ContinuousClock.now.advanced(by: limit))
    }

    /// Moves time forward to `deadline` like ``advance(by:settlingWithin:)``. Does nothing but settle
    /// when `deadline` is before ``now``.
    @discardableResult
    public func advance(to deadline: Instant, settlingWithin limit: Duration) async -> SettledAdvance {
        await advance(to: deadline, before: ContinuousClock.now.advanced(by: limit))
    }

    /// Advances from deadline to deadline, settling woken work at each (as
    /// ``advance(by:settlingWithin:)`` does), until nothing is pending, `maxSteps` steps were taken or
    /// `timeout` of real time has passed: the counterpart of `TestClock`'s `run(timeout:)`.
    ///
    /// Unlike `TestClock`, it leaves sleepers pending when it stops early (the `.mockClock` trait and
    /// ``withMockClock(now:startDate:isolation:_:)`` report them) and says why it stopped in the result.
    /// It returns ``IdleRun/Stop/idle`` only when every sleeper it woke slept on the clock's executor.
    ///
    /// - Parameters:
    ///   - timeout: The most real time to spend, waits included.
    ///   - maxSteps: The most deadlines to advance to; an endless timer stops here.
    @discardableResult
    public func run(timeout: Duration = .seconds(5), maxSteps: Int = 10_000) async -> IdleRun {
        let bound = ContinuousClock.now.advanced(by: timeout)
        let offBefore = state.withLock { $0.wokenOffExecutor }
        var steps = 0
        var stop = IdleRun.Stop.idle
        var settled = await settle(returned: nil, before: bound)
        while settled, let deadline = nextDeadline {
            if steps >= maxSteps {
                stop = .stepLimit
                break
            }
            settled = await advance(to: deadline, before: bound).isSettled
            steps += 1
        }
        if !settled { stop = .timeLimit }
        let (now, pending, offAfter) = state.withLock { ($0.now, $0.sleepers.count, $0.wokenOffExecutor) }
        let wokenOff = offAfter - offBefore
        if stop == .idle, pending > 0 || wokenOff > 0 { stop = .unverified }
        return IdleRun(steps: steps, now: now, pendingSleepers: pending, stop: stop, wokenOffExecutor: wokenOff)
    }

    private func advance(to deadline: Instant, before bound: ContinuousClock.Instant) async -> SettledAdvance {
        var report = SettledAdvance(resumed: 0, now: now, wokenOffExecutor: 0, isSettled: true)
        report.isSettled = await settle(returned: nil, before: bound)
        while let (continuation, returned) = state.withLock({ $0.settlingStep(toward: deadline) }) {
            continuation.resume()
            report.resumed += 1
            if returned != nil { report.wokenOffExecutor += 1 }
            if report.isSettled {
                report.isSettled = await settle(returned: returned, before: bound)
            } else {
                executor.drain()
            }
        }
        report.now = now
        return report
    }

    /// Lets woken work settle at the current deadline (steps 1–3 of ``advance(by:settlingWithin:)``);
    /// returns false when `bound` passed first.
    private func settle(returned: Signal?, before bound: ContinuousClock.Instant) async -> Bool {
        executor.drain()
        if let returned {
            guard await returned.wait(until: bound) else { return false }
            executor.drain()
        }
        for _ in 0..<Self.mainActorTurns {
            let turn = Signal()
            Task { @MainActor in turn.fire(true) }
            guard await turn.wait(until: bound) else { return false }
            if executor.drain() == 0 { return true }
        }
        return false
    }

    /// The most main-actor turns one deadline gets while they keep making the executor work.
    private static let mainActorTurns = 64
}
