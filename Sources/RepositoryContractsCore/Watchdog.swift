import RepositoryContractsPlatform
package import RepositoryContractsPrimitives

/// Runs `body`, but gives up on it once it has gone `limit` without any sign of progress: a call that
/// never completes fails with ``OperationFailure/Reason/timedOut(_:)`` and the run goes on.
///
/// Progress is read from `monitor` (this subject's other calls ending, calls ending anywhere in the
/// process, the stub servers answering requests). A call queued behind others on a loaded machine keeps
/// seeing progress and is left alone; a call that hangs while nothing else moves fails after `limit`.
/// So that work that moves forever (a retry loop against a stub server) still ends, a call is also
/// given up after ``ceilingFactor`` × `limit` whatever moves — unless `localProgressLiftsCeiling`, for work
/// that reports its own progress through `monitor` (a shared backend's reset): then the ceiling cuts it
/// off only once its own progress has stalled for `limit` while other work kept moving.
///
/// The body runs in its own task so that a body that ignores cancellation (a continuation nobody resumes)
/// cannot hold the caller: it is cancelled and abandoned. Time is read on the continuous clock because
/// the watchdog guards against real hangs; it is never what a test waits for. Nothing watches the call
/// until its first look is due (a quarter of `limit`): an alarm then starts the task that watches it. Nearly
/// every call ends before that, and costs its watchdog only an alarm set and cancelled, not a task.
///
/// Inside ``withInlineWatchedCalls(_:)`` the call runs inline, in the caller's task, judged the same way;
/// when it stalls, the whole sequence it belongs to is given up instead (and run again with
/// ``withHangReplayed(_:_:)``, where this call fails at once with that stall).
package func withWatchdog<Value: Sendable>(
    _ limit: Duration,
    operation: @autoclosure @escaping @Sendable () -> String,
    monitor: ProgressMonitor = ProgressMonitor(),
    localProgressLiftsCeiling: Bool = false,
    _ body: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await watchedResult(
        limit, operation: operation(), monitor: monitor, localProgressLiftsCeiling: localProgressLiftsCeiling, body
    ).get()
}

/// ``withWatchdog(_:operation:monitor:localProgressLiftsCeiling:_:)``, with what the call threw (or the
/// stall's ``OperationFailure``, or a `CancellationError`) returned rather than thrown again.
///
/// For callers that record a call's error rather than pass it on (the model-based checks, a clause's
/// named calls): every `throw` costs a backtrace when Swift Testing runs the process (it captures one for
/// each thrown error, in case a test ends with it), and a check makes thousands of calls whose refusals
/// are expected. The error is thrown once, by the conformer; the watchdog only carries it.
package func watchedResult<Value: Sendable>(
    _ limit: Duration,
    operation: @autoclosure @escaping @Sendable () -> String,
    monitor: ProgressMonitor = ProgressMonitor(),
    localProgressLiftsCeiling: Bool = false,
    _ body: @escaping @Sendable () async throws -> Value
) async -> Result<Value, any Error> {
    let watch = CallWatch(limit: limit, monitor: monitor, localProgressLiftsCeiling: localProgressLiftsCeiling)
    if let sequence = InlineWatch.current {
        switch await sequence.call(watch, operation, body) {
        case .ran(let result):
            // Its end is a sign of progress for the calls still waiting.
            monitor.noteCallEnded()
            return result
        case .replayedHang(let failure): return .failure(failure)
        case .watchedApart: break
        }
    }
    let race = Race<Value>()
    let executor = RunExecutorScope.current
    let work: @Sendable () async -> Void = {
        let result: Result<Value, any Error>
        do { result = .success(try await body()) } catch { result = .failure(error) }
        // Its end is a sign of progress for the calls still waiting (before they hear of it).
        monitor.noteCallEnded()
        race.finish(result)
    }
    return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            race.start(continuation)
            race.attach(
                // On the run's executor when a run owns one, so that the call's jobs stay in its hands.
                work: executor?.startTask(work) ?? Task(operation: work),
                firstLook: RealTimeAlarms.shared.schedule(at: watch.firstLook) {
                    race.attach(
                        timer: Task {
                            if let stall = await watch.waitForStall() {
                                // The stalled call may be blocking the run executor's thread: the caller must not wait for it.
                                executor?.release()
                                race.finish(.failure(OperationFailure(operation: operation(), reason: .timedOut(stall))))
                            }
                        })
                })
        }
    } onCancel: {
        race.finish(.failure(CancellationError()))
    }
}

/// What a watchdog reads as its call starts, so that the task watching the call can begin at the first
/// look, on another thread, and still judge the call from its start: the time, the counts of progress,
/// the sources of progress elsewhere as the caller's task sees them (task-local), and the CPU time.
///
/// It reads plain values and keeps the monitor: the closures a bound reads its sources through are made
/// only for the few calls still running at their first look (a test run starts about two million watched
/// calls; making them at every start was most of an inline call's cost).
struct CallWatch: Sendable {
    let limit: Duration
    let localProgressLiftsCeiling: Bool
    let monitor: ProgressMonitor
    /// The sources of progress elsewhere, as the caller's task has them.
    let elsewhere: ProgressMonitor.ElsewhereSources
    let start: BoundStart
    let cpuAtStart: (cpu: Duration, age: Duration)?

    init(limit: Duration, monitor: ProgressMonitor, localProgressLiftsCeiling: Bool) {
        self.limit = limit
        self.localProgressLiftsCeiling = localProgressLiftsCeiling
        self.monitor = monitor
        elsewhere = ProgressMonitor.ElsewhereSources.current
        let now = ContinuousClock.now
        start = BoundStart(at: now, local: monitor.localCount, elsewhere: elsewhere.count)
        cpuAtStart = RecentProcessCPUTime.read(at: now)
    }

    /// The sources the task watching the call reads at each look.
    private var sources: ProgressSources {
        let (monitor, elsewhere) = (monitor, elsewhere)
        return ProgressSources(local: { monitor.localCount }, elsewhere: { elsewhere.count }, isBusy: { monitor.isBusy })
    }

    /// When the first look is due.
    var firstLook: ContinuousClock.Instant { start.firstLook(limit: limit) }

    /// Returns when nothing has moved for `limit` since the call started, or when the ceiling is reached;
    /// `nil` when cancelled (the call ended first). While the monitor is busy (a call with a watchdog of
    /// its own runs), every look counts as local progress: that call's own watchdog judges it.
    func waitForStall() async -> Stall? {
        var cpu = CPUWindow(start: cpuAtStart)
        guard let reading = await RepositoryContractsPrimitives.waitForStall(
            limit: limit, watching: sources, localProgressLiftsCeiling: localProgressLiftsCeiling, from: start,
            onLook: { elapsed in cpu.sample(at: elapsed, processCPUTime()) })
        else { return nil }
        var stall = Stall(reading)
        (stall.cpuWindow, stall.cpuUsed) = cpu.used(over: limit, endingAt: reading.running) ?? (nil, nil)
        if reading.sinceOtherProgress != nil { stall.lastOtherMovement = ProcessActivity.lastMovement }
        return stall
    }
}

/// The process's CPU time at each look of a watchdog, so that a stall can say how busy the process was
/// during its last stretch.
private struct CPUWindow {
    private var samples: [(at: Duration, cpu: Duration)] = []

    /// Starts with `start`, read `age` before the call started.
    init(start: (cpu: Duration, age: Duration)?) {
        if let start { samples.append((.zero - start.age, start.cpu)) }
    }

    mutating func sample(at elapsed: Duration, _ cpu: Duration?) {
        guard let cpu else { return }
        samples.append((elapsed, cpu))
        if samples.count > 16 { samples.removeFirst(samples.count - 16) }
    }

    /// The CPU time used from the last sample at least `window` before `end` (or the oldest) to `end`.
    func used(over window: Duration, endingAt end: Duration) -> (window: Duration, used: Duration)? {
        guard let last = samples.last, last.at == end else { return nil }
        let first = samples.last { $0.at <= end - window } ?? samples.first!
        guard first.at < end else { return nil }
        return (end - first.at, last.cpu - first.cpu)
    }
}

/// The process's CPU time as a watchdog starts, shared by the watchdogs that start within
/// ``maximumAge`` of each other: reading it sums every thread's time, and a test run starts thousands of
/// watched calls a second (one read per call was a few percent of the run's CPU).
private enum RecentProcessCPUTime {
    static let maximumAge = Duration.milliseconds(10)

    private struct Reading {
        var at: ContinuousClock.Instant
        var cpu: Duration
    }

    private static let latest = Protected<Reading?>(nil)

    /// The process's CPU time at `now`, and how long before `now` it was read (under ``maximumAge``).
    static func read(at now: ContinuousClock.Instant) -> (cpu: Duration, age: Duration)? {
        if let latest = latest.withLock({ $0 }), latest.at.duration(to: now) < maximumAge {
            // Another watchdog may have read it just after `now`: no age then.
            return (latest.cpu, max(.zero, latest.at.duration(to: now)))
        }
        guard let cpu = processCPUTime() else { return nil }
        latest.withLock { $0 = Reading(at: now, cpu: cpu) }
        return (cpu, .zero)
    }
}

/// How a call looked when its watchdog gave up on it.
public struct Stall: Sendable, Hashable {
    /// The longest the call could go without a sign of progress: the conformance's timeout.
    public var limit: Duration
    /// How long the call had been running.
    public var running: Duration
    /// How long ago another call of the same subject last ended while this one ran (`nil`: none did).
    public var sinceLocalProgress: Duration?
    /// How long ago anything else in the process last moved while this one ran: another subject's
    /// call ended, a stub server received or answered a request (`nil`: nothing did).
    public var sinceOtherProgress: Duration?
    /// Whether the call was given up for running 24 × `limit` although work kept moving.
    public var reachedCeiling: Bool
    /// The stretch before the watchdog gave up over which ``cpuUsed`` was measured (`nil`: not measured).
    public var cpuWindow: Duration?
    /// The CPU time the whole process used during ``cpuWindow``: about none while a call waits on a lock
    /// or a dropped completion, about the window (a busy core) while a call computes in process.
    public var cpuUsed: Duration?
    /// What moved last elsewhere in the process ("a stub server answered a request"), when known.
    public var lastOtherMovement: String?

    /// A stall as a bound saw it.
    package init(_ reading: StallReading) {
        self.init(
            limit: reading.limit, running: reading.running, sinceLocalProgress: reading.sinceLocalProgress,
            sinceOtherProgress: reading.sinceOtherProgress, reachedCeiling: reading.reachedCeiling)
    }

    /// A stall as the watchdog saw it.
    package init(
        limit: Duration, running: Duration, sinceLocalProgress: Duration? = nil, sinceOtherProgress: Duration? = nil,
        reachedCeiling: Bool, cpuWindow: Duration? = nil, cpuUsed: Duration? = nil
    ) {
        self.limit = limit
        self.running = running
        self.sinceLocalProgress = sinceLocalProgress
        self.sinceOtherProgress = sinceOtherProgress
        self.reachedCeiling = reachedCeiling
        self.cpuWindow = cpuWindow
        self.cpuUsed = cpuUsed
    }
}

/// The state shared by the work, the watch and the caller: the first to finish resumes the caller and
/// cancels the others (the work's task, the first look's alarm, and the watching task once it started).
private final class Race<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<Value, any Error>, Never>?
        var finishedBeforeStart: Result<Value, any Error>?
        var isDone = false
        var work: Task<Void, Never>?
        var firstLook: RealTimeAlarms.Alarm?
        var timer: Task<Void, Never>?
    }

    private let state = Protected(State())

    func start(_ continuation: CheckedContinuation<Result<Value, any Error>, Never>) {
        let early: Result<Value, any Error>? = state.withLock { state in
            guard let early = state.finishedBeforeStart else {
                state.continuation = continuation
                return nil
            }
            state.isDone = true
            return early
        }
        if let early { continuation.resume(returning: early) }
    }

    func attach(work: Task<Void, Never>, firstLook: RealTimeAlarms.Alarm) {
        let isDone = state.withLock { state in
            state.work = work
            state.firstLook = firstLook
            return state.isDone
        }
        if isDone {
            work.cancel()
            RealTimeAlarms.shared.cancel(firstLook)
        }
    }

    /// Keeps the task watching the call, started at its first look (possibly before the other attach).
    func attach(timer: Task<Void, Never>) {
        let isDone = state.withLock { state in
            state.timer = timer
            return state.isDone
        }
        if isDone { timer.cancel() }
    }

    func finish(_ result: Result<Value, any Error>) {
        let winner: (CheckedContinuation<Result<Value, any Error>, Never>, Task<Void, Never>?, RealTimeAlarms.Alarm?, Task<Void, Never>?)? =
            state.withLock { state in
                guard !state.isDone else { return nil }
                guard let continuation = state.continuation else {
                    if state.finishedBeforeStart == nil { state.finishedBeforeStart = result }
                    return nil
                }
                state.isDone = true
                state.continuation = nil
                return (continuation, state.work, state.firstLook, state.timer)
            }
        guard let (continuation, work, firstLook, timer) = winner else { return }
        work?.cancel()
        if let firstLook { RealTimeAlarms.shared.cancel(firstLook) }
        timer?.cancel()
        continuation.resume(returning: result)
    }
}

extension StallDetector {
    /// ``look(at:local:elsewhere:)`` as the watchdog reports it.
    package mutating func observe(at elapsed: Duration, local: UInt64, elsewhere: UInt64) -> Stall? {
        look(at: elapsed, local: local, elsewhere: elsewhere).map(Stall.init)
    }
}
