/// The time a progress-aware bound reads and waits on: the continuous clock, or a test's own.
package struct BoundTimer: Sendable {
    /// The time now.
    package var now: @Sendable () -> ContinuousClock.Instant
    /// Waits until the instant given; `false` when the task was cancelled first.
    package var sleep: @Sendable (ContinuousClock.Instant) async -> Bool

    /// A timer reading `now` and waiting with `sleep`.
    package init(
        now: @escaping @Sendable () -> ContinuousClock.Instant,
        sleep: @escaping @Sendable (ContinuousClock.Instant) async -> Bool
    ) {
        self.now = now
        self.sleep = sleep
    }

    /// The continuous clock.
    package static let continuous = BoundTimer(now: { .now }, sleep: { await sleepUnlessCancelled(until: $0) })
}

/// The time a bound could not watch: the part of each of its looks' lateness past an allowance. A look
/// comes that late only when the bound itself could not run (the process was stopped by a debugger or
/// a stack dump, the machine suspended, or every thread starved), and what was not watched says nothing
/// about the work: it is not counted against it.
package struct UnwatchedTime: Sendable, Hashable {
    /// How late a look may come before the rest counts as time not watched.
    package let allowance: Duration
    /// The time not watched so far.
    package private(set) var total: Duration = .zero

    /// Time not watched past `allowance` of lateness per look.
    package init(allowance: Duration) {
        self.allowance = allowance
    }

    /// Takes a look that was due at `due` and came at `woke`, during which `uncounted` of time was already
    /// left out by other means (uncounted waits), so that no stretch is left out twice.
    package mutating func look(due: ContinuousClock.Instant, woke: ContinuousClock.Instant, uncounted: Duration = .zero) {
        let missed = due.duration(to: woke) - allowance - uncounted
        if missed > .zero { total += missed }
    }
}
