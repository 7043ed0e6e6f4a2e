import RepositoryContractsPrimitives

/// Everything a ``MockClock`` knows, guarded as a whole by the clock's one lock.
///
/// The transitions are here, as mutating methods that never resume anything: they hand continuations
/// back, and the clock resumes them after unlocking.
struct ClockState {
    /// The current instant. Invariant: every pending sleeper's deadline is at or after it.
    var now: MockClock.Instant
    /// How far the wall view is moved from the timeline (``MockClock/skewWallClock(by:)``).
    var skew = Duration.zero
    /// The last registration number handed out.
    var lastSequence = 0
    var sleepers = SleeperHeap()
    /// Callers of ``MockClock/waitForSleepers(count:timeout:)`` not yet satisfied, in arrival order.
    var countWaiters: [CountWaiter] = []
    /// How many sleepers that slept off the clock's executor advances have woken so far: work the clock
    /// cannot see to its next suspension.
    var wokenOffExecutor = 0
    /// The woken tasks not yet back asleep on this clock (or ended, for tasks it started).
    var woken = WokenTasks()
    /// How to cancel each task the clock started that may still run, by start number: a wait that gives
    /// up cancels them, so a test awaiting one does not hang.
    var startedTaskCancellers: [Int: @Sendable () -> Void] = [:]
    /// The last start number handed out.
    var lastStart = 0
    /// How many times this clock moved (a sleeper registered or woke, time advanced, a task started): a
    /// sign of progress for the real-time bounds of the test using it.
    var movements: UInt64 = 0
    /// What moved last.
    var lastMovement: StaticString = "nothing yet"
    /// The tasks a run or settling advance reported as not back: the scope's end says which still are.
    var reportedNotBack: Set<Int> = []
    /// How many sleepers of the scope's census are pending: as many tasks, since a task sleeps once at a
    /// time.
    var censusSleepersPending = 0
    /// The tasks the clock can never follow whose explanation was printed (once each).
    var explainedUnseen: Set<Int> = []
    /// The tasks a synchronous advance has said were not back when it returned (once each).
    var warnedAfterSynchronousAdvance: Set<Int> = []

    init(now: MockClock.Instant = MockClock.Instant()) {
        self.now = now
    }

    /// Counts a movement of the clock, for this clock's bounds and for the process's
    /// (``ProcessActivity``, a leaf lock, safe to take under the clock's).
    mutating func moved(_ what: StaticString) {
        movements &+= 1
        lastMovement = what
        ProcessActivity.note(what)
    }

    /// What registering a sleeper came to.
    enum Registration {
        /// Pending now; the waiters to resume (empty unless a count was reached) and the signals of
        /// those waiting for this task to come back.
        case pending([UnsafeContinuation<Void, Never>], [Signal])
        /// The deadline had already come (time moved since the caller looked): resume at once.
        case due
        /// The task was cancelled before the sleeper could register: throw at once.
        case cancelled
    }

    // MARK: Sleepers

    /// Registers `sleeper` unless it was cancelled or its deadline has come.
    mutating func register(
        _ sleeper: Sleeper, continuation: UnsafeContinuation<Void, any Error>, taskIsCancelled: Bool
    ) -> Registration {
        if sleeper.phase == .cancelled || taskIsCancelled {
            sleeper.phase = .cancelled
            return .cancelled
        }
        if sleeper.deadline <= now {
            sleeper.phase = .woken
            return .due
        }
        lastSequence += 1
        sleeper.sequence = lastSequence
        sleeper.since = now
        sleeper.continuation = continuation
        sleeper.phase = .pending
        sleepers.insert(sleeper)
        if sleeper.inCensus { censusSleepersPending += 1 }
        moved("a sleeper registered on a mock clock")
        return .pending(countWaiters.isEmpty ? [] : takeSatisfiedCountWaiters(), woken.cameBack(sleeper.task))
    }

    /// Cancels `sleeper`: takes it out of the heap when pending (returning its continuation), or marks
    /// it so that a registration still to come throws at once. Does nothing once it was woken.
    mutating func cancel(_ sleeper: Sleeper) -> UnsafeContinuation<Void, any Error>? {
        switch sleeper.phase {
        case .starting:
            sleeper.phase = .cancelled
            return nil
        case .pending:
            sleepers.remove(sleeper)
            if sleeper.inCensus { censusSleepersPending -= 1 }
            return sleeper.finish(as: .cancelled)
        case .cancelled, .woken:
            return nil
        }
    }

    /// One step of an advance to `target`: pops the first sleeper due by `target`, sets ``now`` to its
    /// deadline and returns its continuation; when none is due, sets ``now`` to `target` (unless that is
    /// earlier) and returns nil.
    @inline(__always)
    mutating func step(toward target: MockClock.Instant) -> UnsafeContinuation<Void, any Error>? {
        if let deadline = sleepers.firstDeadline, deadline <= target, let sleeper = sleepers.popFirst() {
            if sleeper.inCensus { censusSleepersPending -= 1 }
            if now < deadline { now = deadline }
            if !sleeper.onExecutor { wokenOffExecutor += 1 }
            woken.woke(sleeper, at: deadline)
            moved("a mock clock woke a sleeper")
            return sleeper.finish(as: .woken)
        }
        if now < target {
            now = target
            moved("a mock clock advanced")
        }
        return nil
    }

    /// ``step(toward:)`` for a settling advance: also returns a signal that fires when the woken sleep
    /// returns to its caller, for a sleeper off the clock's executor (nil for one on it).
    mutating func settlingStep(
        toward target: MockClock.Instant
    ) -> (continuation: UnsafeContinuation<Void, any Error>, returned: Signal?, task: Int?)? {
        guard let deadline = sleepers.firstDeadline, deadline <= target, let sleeper = sleepers.popFirst() else {
            if now < target {
                now = target
                moved("a mock clock advanced")
            }
            return nil
        }
        if sleeper.inCensus { censusSleepersPending -= 1 }
        if now < deadline { now = deadline }
        woken.woke(sleeper, at: deadline)
        moved("a mock clock woke a sleeper")
        var returned: Signal?
        if !sleeper.onExecutor {
            wokenOffExecutor += 1
            returned = Signal()
            sleeper.returnSignal = returned
        }
        guard let continuation = sleeper.finish(as: .woken) else { return nil }
        return (continuation, returned, sleeper.task)
    }

    /// Takes the signal a settling advance waits on for `sleeper`, once its sleep has returned.
    mutating func takeReturnSignal(of sleeper: Sleeper) -> Signal? {
        defer { sleeper.returnSignal = nil }
        return sleeper.returnSignal
    }

    /// The tasks away now that the clock can follow (it started them, or its scope counts them) and that
    /// no synchronous advance has warned about yet, marked as warned. A task it can never follow is
    /// explained by the runs instead (``noteNotBackReported()``): no awaited form would wait for it.
    mutating func awayNotYetWarned() -> [WokenTask] {
        woken.away.sorted { $0.value.wake < $1.value.wake }.compactMap { task, _ in
            guard let away = woken.notBack(task), away.reason != .unseen else { return nil }
            return warnedAfterSynchronousAdvance.insert(task).inserted ? away : nil
        }
    }

    /// Notes that a run or advance reported the tasks away now; returns those never to be followed
    /// (``NotBackReason/unseen``) not explained before.
    mutating func noteNotBackReported() -> [WokenTask] {
        var unexplained: [WokenTask] = []
        for task in woken.away.keys {
            reportedNotBack.insert(task)
            if let woken = woken.notBack(task), woken.reason == .unseen, explainedUnseen.insert(task).inserted {
                unexplained.append(woken)
            }
        }
        return unexplained
    }


    /// Takes every pending sleeper out, in wake order, marked cancelled.
    mutating func cancelAll() -> [(sleeper: PendingSleeper, continuation: UnsafeContinuation<Void, any Error>?)] {
        censusSleepersPending = 0
        return sleepers.removeAll().map { ($0.snapshot, $0.finish(as: .cancelled)) }
    }

    /// The pending sleepers in wake order.
    var pendingSleepers: [PendingSleeper] {
        sleepers.entries
            .sorted { $0.precedes($1) }
            .map { $0.sleeper.takeUnretainedValue().snapshot }
    }

    // MARK: Count waiters

    /// Enqueues `waiter` unless it was cancelled or enough sleepers are pending; returns whether the
    /// caller should resume it at once.
    mutating func enqueue(
        _ waiter: CountWaiter, continuation: UnsafeContinuation<Void, Never>, taskIsCancelled: Bool
    ) -> Bool {
        if waiter.isCancelled || taskIsCancelled || sleepers.count >= waiter.count {
            waiter.isCancelled = waiter.isCancelled || taskIsCancelled
            return true
        }
        waiter.continuation = continuation
        countWaiters.append(waiter)
        return false
    }

    /// Takes `waiter` out of the queue when it is there (returning its continuation), or marks it so
    /// that an enqueue still to come returns at once.
    mutating func cancel(_ waiter: CountWaiter) -> UnsafeContinuation<Void, Never>? {
        waiter.isCancelled = true
        guard let index = countWaiters.firstIndex(where: { $0 === waiter }) else { return nil }
        countWaiters.remove(at: index)
        defer { waiter.continuation = nil }
        return waiter.continuation
    }

    /// Looks at the waiters whose next look is due by `now`: takes out of the queue those that have gone
    /// their timeout with nothing moving (this clock, or anything else in the process), and returns their
    /// continuations and when the clock's one wait timer must fire next (`nil` disarms it).
    mutating func lookAtWaiters(
        at now: ContinuousClock.Instant
    ) -> (expired: [UnsafeContinuation<Void, Never>], next: ContinuousClock.Instant?) {
        var expired: [UnsafeContinuation<Void, Never>] = []
        let movements = movements
        countWaiters.removeAll { waiter in
            guard waiter.nextLook <= now, waiter.hasStalled(at: now, clockMovements: movements) else { return false }
            if let continuation = waiter.continuation { expired.append(continuation) }
            waiter.continuation = nil
            return true
        }
        let next = countWaiters.map(\.nextLook).min()
        armedWaitTimer = next
        return (expired, next)
    }

    /// When the clock's wait timer fires, if one is set. Waits with the same bound come and go without
    /// setting timers of their own: one is set only for a deadline earlier than the one armed, and a
    /// timer that fires sets itself again for the earliest waiter left.
    var armedWaitTimer: ContinuousClock.Instant?

    /// Whether a wait timer must be set for `deadline`: none is armed, or the one armed fires later.
    mutating func armWaitTimer(for deadline: ContinuousClock.Instant) -> Bool {
        if let armed = armedWaitTimer, armed <= deadline { return false }
        armedWaitTimer = deadline
        return true
    }

    /// Takes the waiters whose count the pending sleepers have reached.
    private mutating func takeSatisfiedCountWaiters() -> [UnsafeContinuation<Void, Never>] {
        let pending = sleepers.count
        var satisfied: [UnsafeContinuation<Void, Never>] = []
        countWaiters.removeAll { waiter in
            guard waiter.count <= pending, let continuation = waiter.continuation else { return false }
            waiter.continuation = nil
            satisfied.append(continuation)
            return true
        }
        return satisfied
    }
}
