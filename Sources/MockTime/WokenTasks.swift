import RepositoryContractsPrimitives

/// The tasks an advance woke that have not yet slept again on the clock or ended: work the clock must
/// follow before it can call itself idle.
///
/// A woken task is *away* from its wake-up until it registers a new sleep on the same clock, or, for a
/// task the clock started itself (``MockClock/startTask(name:fileID:line:_:)->Task<Void,Never>``), until it ends. The
/// clock cannot see
/// the end of a task it did not start: such a task stays away, and a run or a settling advance that
/// woke it says so instead of reporting idle. Guarded by the clock's lock, inside ``ClockState``.
struct WokenTasks {
    /// One task that is away.
    struct Away {
        /// The deadline it was woken at.
        var deadline: MockClock.Instant
        /// Its name, where tasks have names.
        var taskName: String?
        /// The serial number of its wake-up: the order reports list tasks in.
        var wake: Int
        /// Whether it slept on the clock's executor: an advance runs it to its next suspension.
        var onExecutor: Bool
        /// Whether its scope's ``TaskCensus`` counts it.
        var inCensus: Bool
        /// When it went to sleep.
        var sleptSince: MockClock.Instant
    }

    private(set) var away: [Int: Away] = [:]
    /// The tasks in ``away`` woken on the executor, and those of the census, that the clock did not
    /// start: what ``settleOnExecutor()`` and ``settleCensus(live:asleep:)`` look at, without walking
    /// every task away on each wake-up.
    private var onExecutorAway: Set<Int> = []
    private var censusAway: Set<Int> = []
    /// The tasks started by the clock that have not ended, with where each was started (`File.swift:12`)
    /// where known.
    private var started: [Int: String?] = [:]
    /// Waiters for one task to come back (sleep again, or end), by task.
    private var watchers: [Int: [Signal]] = [:]
    /// The last wake-up's serial number.
    private(set) var lastWake = 0

    /// Notes that `task` was woken at `deadline`.
    mutating func woke(_ sleeper: Sleeper, at deadline: MockClock.Instant) {
        lastWake += 1
        guard let task = sleeper.task else { return }
        away[task] = Away(
            deadline: deadline, taskName: sleeper.taskName, wake: lastWake, onExecutor: sleeper.onExecutor,
            inCensus: sleeper.inCensus, sleptSince: sleeper.since)
        guard started[task] == nil else { return }
        if sleeper.onExecutor { onExecutorAway.insert(task) }
        if sleeper.inCensus { censusAway.insert(task) }
    }

    /// Whether ``settleOnExecutor()`` (when the executor is idle) or ``settleCensus(live:asleep:)`` has
    /// anything to look at.
    func hasSettleable(executorIsIdle: Bool) -> Bool {
        (executorIsIdle && !onExecutorAway.isEmpty) || !censusAway.isEmpty
    }

    /// Takes back every task woken on the clock's executor that the clock did not start, once the
    /// executor has no work: each has run to its next suspension, which is not a sleep on this clock, so
    /// it has ended or waits on something else (a structured child that returned, a task awaiting I/O).
    /// Returns the signals to fire.
    mutating func settleOnExecutor() -> [Signal] {
        let settled = onExecutorAway
        return settled.flatMap { cameBack($0) }
    }

    /// Takes back every task of the scope's census that the clock did not start, when the census counts
    /// no more live plain tasks (`live`) than the scope's tasks asleep on the clock (`asleep`): the others
    /// have ended. Returns the signals to fire.
    mutating func settleCensus(live: Int, asleep: Int) -> [Signal] {
        guard live <= asleep else { return [] }
        let settled = censusAway
        return settled.flatMap { cameBack($0) }
    }

    /// Notes that `task` is back (it sleeps again on the clock, or ended); returns the signals to fire.
    mutating func cameBack(_ task: Int?) -> [Signal] {
        guard let task, away.removeValue(forKey: task) != nil else { return [] }
        onExecutorAway.remove(task)
        censusAway.remove(task)
        return watchers.removeValue(forKey: task) ?? []
    }

    /// Notes that the clock started `task` (at `place`, where known).
    mutating func started(_ task: Int, at place: String?) {
        started[task] = .some(place)
    }

    /// Notes that a task the clock started ended; returns the signals to fire.
    mutating func ended(_ task: Int) -> [Signal] {
        started[task] = nil
        return cameBack(task)
    }

    /// Whether the clock started `task` and so will see it end.
    func isFollowed(_ task: Int?) -> Bool {
        task.map { started[$0] != nil } ?? false
    }

    /// The tasks away, in wake order, each with why the clock could not follow it.
    var notBack: [WokenTask] {
        away.sorted { $0.value.wake < $1.value.wake }.compactMap { notBack($0.key) }
    }

    /// `task`, with why the clock could not follow it, when it is away.
    func notBack(_ task: Int) -> WokenTask? {
        guard let entry = away[task] else { return nil }
        let reason: NotBackReason =
            if let place = started[task] { .startedByClock(at: place) } else if entry.inCensus { .plainTaskOfScope } else { .unseen }
        return WokenTask(entry, reason: reason)
    }

    /// A signal that fires when `task` comes back, or `nil` when it is not away.
    mutating func watch(_ task: Int?) -> Signal? {
        guard let task, away[task] != nil else { return nil }
        let signal = Signal()
        watchers[task, default: []].append(signal)
        return signal
    }

    /// Every task still away, in wake order: a run answers for tasks woken before it began too (an
    /// earlier synchronous advance may have woken a task that is still on its way back to a sleep).
    var awayInWakeOrder: [Away] {
        away.values.sorted { $0.wake < $1.wake }
    }

    /// Signals that fire when each task the clock started that is away comes back.
    mutating func watchStartedAway() -> [Signal] {
        away.keys.filter { started[$0] != nil }.compactMap { watch($0) }
    }
}
