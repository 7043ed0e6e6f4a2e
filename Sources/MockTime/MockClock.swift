public import Foundation
import RepositoryContractsPrimitives

/// A `Clock` whose time moves only when a test says so, with a `Date` view of the same timeline.
///
/// Code under test takes a `some Clock<Duration>` (and, for timestamps, a ``WallClock``); the test hands
/// it a `MockClock` and drives time explicitly:
///
/// ```swift
/// let clock = MockClock()
/// let refresher = clock.startTask { try await cache.refreshEvery(.seconds(30), on: clock) }
/// await clock.waitForSleepers(count: 1)   // the handshake: the refresher is asleep now
/// clock.advance(by: .seconds(30))         // wakes it, synchronously, without yielding
/// ```
///
/// Production code that starts its own tasks takes a ``TaskStarter`` (`.standard` in the app) so that a
/// test can pass ``taskStarter``: its tasks then run on the clock's ``executor``, and the clock follows
/// each woken one to its next sleep or its end.
///
/// **Semantics.**
/// - ``advance(by:)`` / ``advance(to:)`` resume every sleeper whose deadline has come, in (deadline,
///   registration) order, setting ``now`` to each sleeper's deadline before resuming it and to the target
///   at the end. Continuations are resumed outside the clock's lock, one at a time. Between two of them
///   the advance runs the clock's ``executor`` until it has no work: a woken task running there (see
///   ``Executor`` for which code does) runs until it suspends again or ends, reading ``now`` as its own
///   deadline, before time moves past that deadline; if it sleeps again within the target, the same
///   advance wakes it again. Tasks elsewhere run concurrently with the rest of the advance; the `async`
///   ``advance(by:settlingWithin:)`` and ``run(timeout:maxSteps:)`` also give the main actor turns and
///   wait, bounded in real time, for them. Time never moves backwards: advancing to an earlier instant
///   (or by a negative duration) does nothing.
/// - `sleep(until:)` with a deadline at or before ``now`` returns at once (after a cancellation check), as
///   `ContinuousClock`, Go and kotlinx do. *This differs from swift-clocks' `TestClock`*, where a sleep
///   until exactly `now` suspends until the next advance.
/// - A cancelled sleeper throws `CancellationError` at once and leaves the pending set, also when the
///   cancellation races its registration.
/// - The clock only knows about sleepers that have *registered*: a task that has been started but has not
///   yet reached `sleep` is invisible, and advancing first makes it sleep relative to the new `now`. No
///   Swift library can see such a task, so tests await ``waitForSleepers(count:timeout:)`` before advancing rather
///   than yielding and hoping.
///
/// **Implementation.** One lock guards all state, ``now`` included. Pending sleepers live in a binary
/// min-heap keyed by (deadline, registration number): registration, waking and cancellation are
/// O(log n), an advance that wakes nothing takes the lock once and allocates nothing.
public final class MockClock: Clock, Sendable {
    /// 2000-01-01T00:00:00Z: the wall-clock time a clock starts at unless told otherwise (as Go's
    /// `testing/synctest` does).
    public static let defaultStartDate = Date(timeIntervalSince1970: 946_684_800)

    /// The wall-clock time at which ``now`` is zero: ``date`` is this plus ``now`` plus the skew.
    public let startDate: Date

    let state: Protected<ClockState>

    /// The clock's serial task executor: run code on it (`withTaskExecutorPreference(clock.executor)`)
    /// and every advance runs that code's woken work to its next suspension before moving time on.
    /// The `.mockClock` trait and ``withMockClock(now:startDate:isolation:_:)`` run their body on it.
    public let executor: Executor

    /// The census of the scope that made the clock (the `.mockClock` trait, ``withMockClock(now:startDate:isolation:_:)``):
    /// how it sees plain tasks of that scope end. Nil for a clock made elsewhere.
    let census: TaskCensus?

    /// Creates a clock at `now` (offset zero by default) whose wall view reads `startDate` at offset
    /// zero.
    ///
    /// Made inside a `.mockClock` test or ``withMockClock(now:startDate:isolation:_:)``, the clock sees the
    /// plain tasks (`Task { … }`) of that scope end, as the scope's own clock does.
    public convenience init(now: Instant = Instant(), startDate: Date = MockClock.defaultStartDate) {
        self.init(now: now, startDate: startDate, census: TaskCensus.current?.census)
    }

    /// A clock whose scope counts its plain tasks with `census` (bound by the scope around its body).
    package init(now: Instant = Instant(), startDate: Date = MockClock.defaultStartDate, census: TaskCensus?) {
        self.startDate = startDate
        self.state = Protected(ClockState(now: now))
        self.executor = Executor()
        self.census = census
    }

    /// The current instant: the offset from the clock's start, moved only by advancing.
    public var now: Instant {
        state.withLock { $0.now }
    }

    /// Zero: the clock can represent any `Duration`.
    public var minimumResolution: Duration { .zero }
}

extension MockClock {
    /// A point on a mock clock's timeline: the offset from the clock's start.
    public struct Instant: InstantProtocol, Sendable, Hashable, Comparable, CustomStringConvertible {
        /// How far after the clock's start this instant is (negative: before it).
        public var offset: Duration

        /// Creates the instant `offset` after the clock's start; `Instant()` is the start itself.
        public init(offset: Duration = .zero) {
            self.offset = offset
        }

        /// The instant `duration` later (earlier when negative).
        @inlinable
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other` (negative when `other` is earlier).
        @inlinable
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `left` comes before `right`.
        @inlinable
        public static func < (left: Instant, right: Instant) -> Bool {
            left.offset < right.offset
        }

        /// The offset with a sign, in seconds: `+1.5 s`, `+0 s`, `-2 s`.
        public var description: String {
            offset < .zero ? offset.secondsText : "+" + offset.secondsText
        }
    }
}

extension MockClock {
    /// The clock of the current `.mockClock` trait or ``withMockClock(now:startDate:isolation:_:)`` scope, if any.
    @TaskLocal public static var currentIfAny: MockClock?

    /// The clock of the current `.mockClock` trait or ``withMockClock(now:startDate:isolation:_:)`` scope.
    ///
    /// Stops the process with an explanation when read outside such a scope: use ``currentIfAny`` to
    /// test for one.
    public static var current: MockClock {
        guard let clock = currentIfAny else {
            fatalError(
                "MockClock.current was read outside a mock-clock scope: add the .mockClock trait to the test, wrap the code in withMockClock { clock in … }, or run it inside MockClock.$currentIfAny.withValue(clock) { … }")
        }
        return clock
    }
}

extension MockClock: WallClock {
    /// The wall-clock time: ``startDate`` plus ``now``'s offset plus the skew from
    /// ``skewWallClock(by:)``. Moves with every advance.
    public var date: Date {
        let (now, skew) = state.withLock { ($0.now, $0.skew) }
        return startDate.addingTimeInterval((now.offset + skew).timeInterval)
    }

    /// How far ``skewWallClock(by:)`` has moved the wall view from the timeline in total.
    public var wallClockSkew: Duration {
        state.withLock { $0.skew }
    }

    /// Moves ``date`` by `offset` (either way) without moving ``now`` or waking any sleeper: a server
    /// `Date` header that disagrees with the client, or a device clock the user changed.
    public func skewWallClock(by offset: Duration) {
        state.withLock { $0.skew += offset }
    }
}

extension MockClock {
    /// Suspends until an advance reaches `deadline`.
    ///
    /// Called on the clock's ``executor``, the sleep is *covered*: the advance that wakes it runs the
    /// woken task on that executor until it suspends again before moving time on.
    ///
    /// Returns at once when `deadline` is at or before ``now`` (after checking for cancellation), unlike
    /// swift-clocks' `TestClock`, which suspends a sleep until exactly `now` until the next advance.
    /// Throws `CancellationError` when the task is cancelled, whether before, while or after the sleeper
    /// registers; a cancelled sleeper leaves ``pendingSleepers`` at once.
    ///
    /// - Parameters:
    ///   - deadline: The instant to wake at.
    ///   - tolerance: Recorded in ``PendingSleeper/tolerance`` for assertions; the clock wakes sleepers at
    ///     their deadline exactly.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        if state.withLock({ deadline <= $0.now }) { return }
        let sleeper = Sleeper(
            deadline: deadline, tolerance: tolerance, taskName: currentTaskName(), onExecutor: executor.isCurrent,
            task: currentTaskIdentity(), inCensus: census?.isMarker(TaskCensus.current) ?? false)
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let registration = state.withLock {
                    $0.register(sleeper, continuation: continuation, taskIsCancelled: Task.isCancelled)
                }
                switch registration {
                case .pending(let waiters, let returned):
                    for waiter in waiters { waiter.resume() }
                    for signal in returned { signal.fire(true) }
                case .due:
                    continuation.resume()
                case .cancelled:
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            state.withLock { $0.cancel(sleeper) }?.resume(throwing: CancellationError())
        }
        if !sleeper.onExecutor {
            state.withLock { $0.takeReturnSignal(of: sleeper) }?.fire(true)
        }
    }
}

/// The current task's name (`Task(name:)`), where the toolchain and OS have task names.
private func currentTaskName() -> String? {
    #if compiler(>=6.2)
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            return Task.name
        }
    #endif
    return nil
}

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
        let resumed = executor.serve {
            executor.runQueued()
            let target = state.withLock { $0.now.advanced(by: duration) }
            return drain(toward: target)
        }
        warnOfWorkAway(after: "advance(by:)")
        return resumed
    }

    /// Moves time forward to `deadline`, resuming every sleeper due by then and running woken work on the
    /// clock's ``executor`` between deadlines (see ``advance(by:)``). Does nothing when `deadline` is
    /// before ``now``: time never moves backwards.
    ///
    /// - Returns: The number of sleepers this call resumed.
    @discardableResult
    public func advance(to deadline: Instant) -> Int {
        let resumed = executor.serve {
            executor.runQueued()
            return drain(toward: deadline)
        }
        warnOfWorkAway(after: "advance(to:)")
        return resumed
    }

    /// After a synchronous advance: says, once per task, that a task it woke had neither slept again on
    /// the clock nor ended when it returned (it went to I/O or another actor), so that code checked right
    /// after the advance may not have run yet, and names the awaited form that waits for it.
    private func warnOfWorkAway(after call: String) {
        let away = state.withLock { $0.awayNotYetWarned() }
        guard !away.isEmpty else { return }
        MockClock.report(
            "\(call) returned while \(away.count == 1 ? "a task it woke was" : "\(away.count) tasks it woke were") still away "
                + "(not asleep on the clock again, not ended), so what \(away.count == 1 ? "it does" : "they do") after waking "
                + "may not have happened yet when the test checks it; await clock.advance(by:settlingWithin:) waits for woken "
                + "work:" + away.map { "\n  - " + $0.explained }.joined(),
            isWarning: true)
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

extension MockClock {
    /// What receives the problems a ``MockClock`` reports while it is bound to ``problemReporter``.
    package struct ProblemReporter: Sendable {
        /// Receives a problem's message, and whether it is only a warning.
        package let report: @Sendable (_ message: String, _ isWarning: Bool) -> Void

        /// A reporter calling `report` for each problem.
        package init(_ report: @escaping @Sendable (_ message: String, _ isWarning: Bool) -> Void) {
            self.report = report
        }
    }

    /// Where the clock reports a problem it cannot throw (a wait that gave up, a scope that cannot run on
    /// the executor): the `.mockClock` trait records it as a Swift Testing issue; elsewhere it goes to
    /// standard error.
    ///
    /// A struct, not a closure: a task-local value of a function type (optional or not) crashes an optimized
    /// build when it is bound (Swift 6.3: swiftlang/swift#88321), and users may run their tests with
    /// `-c release`. `TaskLocalTypeTests` keeps every task-local value of the package nominal.
    @TaskLocal package static var problemReporter: ProblemReporter?

    /// Reports `message` to the current reporter, or to standard error.
    static func report(_ message: String, isWarning: Bool = false) {
        if let reporter = problemReporter {
            reporter.report(message, isWarning)
        } else {
            FileHandle.standardError.write(Data(("MockClock: " + message + "\n").utf8))
        }
    }

    /// What is sleeping on this clock, for a message: one line per sleeper, or that none is.
    package func sleepingDescription() -> String {
        let (sleepers, now) = state.withLock { ($0.pendingSleepers, $0.now) }
        guard !sleepers.isEmpty else { return "nothing is sleeping on this clock (now \(now))" }
        return "sleeping on this clock (now \(now)):" + sleepers.map { "\n  - \($0)" }.joined()
    }
}

extension MockClock {
    /// How many times this clock moved (a sleeper registered or woke, time advanced, a task it started
    /// began or ended) and what moved last: the clock's signs of progress for real-time bounds.
    package var movements: (count: UInt64, last: String) {
        state.withLock { ($0.movements, "\($0.lastMovement)") }
    }
}
