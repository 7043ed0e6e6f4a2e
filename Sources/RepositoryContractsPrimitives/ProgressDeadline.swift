/// A real-time deadline that moves while work moves: it passes only once nothing its sources watch has
/// moved for `limit`, or at the ceiling (``ceilingFactor`` × `limit` after it was made) whatever moves.
/// Time it could not watch (``UnwatchedTime``, seen by its alarms going off late) is not counted.
///
/// For bounds made of several waits in a row (a settling advance waits for each woken task in turn):
/// every wait of the call takes the same deadline, so one call gets one budget of stillness, not one per
/// wait.
package final class ProgressDeadline: Sendable {
    private struct State {
        var local: UInt64
        var elsewhere: UInt64
        var lastProgress: ContinuousClock.Instant
        var unwatched: UnwatchedTime
    }

    /// How long nothing may move.
    package let limit: Duration
    private let started: ContinuousClock.Instant
    private let local: @Sendable () -> UInt64
    private let state: Protected<State>

    /// A deadline `limit` after the last movement of `local` (the bounded work's own signs of life) or of
    /// ``ProcessActivity``.
    package init(limit: Duration, local: @escaping @Sendable () -> UInt64) {
        self.limit = limit
        self.local = local
        let now = ContinuousClock.now
        started = now
        state = Protected(
            State(local: local(), elsewhere: ProcessActivity.count, lastProgress: now, unwatched: UnwatchedTime(allowance: limit / 4)))
    }

    /// When the deadline passes if nothing moves from now on (movements are read here).
    package var current: ContinuousClock.Instant {
        let (local, elsewhere, now) = (local(), ProcessActivity.count, ContinuousClock.now)
        let (last, unwatched) = state.withLock { state in
            if local != state.local || elsewhere != state.elsewhere {
                (state.local, state.elsewhere, state.lastProgress) = (local, elsewhere, now)
            }
            return (state.lastProgress, state.unwatched.total)
        }
        return min(last + limit, started + limit * ceilingFactor) + unwatched
    }

    /// Takes an alarm that was set for `due` and went off at `woke`: lateness past a quarter of the limit
    /// is time the deadline could not watch (the process was stopped or starved), and moves it on by as much.
    package func alarmWentOff(due: ContinuousClock.Instant, woke: ContinuousClock.Instant) {
        state.withLock { $0.unwatched.look(due: due, woke: woke) }
    }

    /// Whether the deadline has passed.
    package var hasPassed: Bool { current <= .now }
}

extension OneShot {
    /// Waits until the value is set, setting it to `timeout` once `deadline` has passed: an alarm at the
    /// deadline as it stands, which looks again (and waits on) when work moved meanwhile.
    package func value(orFiring timeout: Value, within deadline: ProgressDeadline) async -> Value {
        if let value = currentValue { return value }
        let alarm = Protected<RealTimeAlarms.Alarm?>(nil)
        @Sendable func arm(at instant: ContinuousClock.Instant) {
            let scheduled = RealTimeAlarms.shared.schedule(at: instant) { [self] in
                // Set meanwhile (the wait is over): nothing more to watch.
                guard currentValue == nil else { return }
                deadline.alarmWentOff(due: instant, woke: .now)
                let next = deadline.current
                if next <= .now { fire(timeout) } else { arm(at: next) }
            }
            alarm.withLock { $0 = scheduled }
        }
        arm(at: deadline.current)
        defer { alarm.withLock { $0 }.map(RealTimeAlarms.shared.cancel) }
        return await value()
    }
}
