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
