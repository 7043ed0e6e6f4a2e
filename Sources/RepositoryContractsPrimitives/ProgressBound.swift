/// What a progress-aware real-time bound watches: signs that the work it bounds, or anything else in the
/// process, is still moving.
package struct ProgressSources: Sendable {
    /// The bounded work's own movements: a count that grows when it moves.
    package var local: @Sendable () -> UInt64
    /// Everything else that moves: a count that grows (by default ``ProcessActivity/count``).
    package var elsewhere: @Sendable () -> UInt64
    /// Whether the work is in the hands of another bound right now: every look then counts as local
    /// progress, and that other bound judges it.
    package var isBusy: @Sendable () -> Bool
    /// The waits whose time the bound does not count (``UncountedWaits``), if any.
    package var uncounted: UncountedWaits?

    /// Sources reading `local` and `elsewhere`.
    package init(
        local: @escaping @Sendable () -> UInt64, elsewhere: @escaping @Sendable () -> UInt64 = { ProcessActivity.count },
        isBusy: @escaping @Sendable () -> Bool = { false }, uncounted: UncountedWaits? = nil
    ) {
        self.local = local
        self.elsewhere = elsewhere
        self.isBusy = isBusy
        self.uncounted = uncounted
    }
}

/// What a bound reads as its work starts: the time and the counts. A caller that starts its bound's task
/// only once the first look is due (``RealTimeAlarms``, so that the many calls that end sooner cost no
/// task) reads these at the work's start and hands them to ``waitForStall(limit:watching:localProgressLiftsCeiling:timer:from:onLook:)``.
package struct BoundStart: Sendable {
    /// When the work started.
    package var at: ContinuousClock.Instant
    /// The sources' local count then.
    package var local: UInt64
    /// The sources' count of movements elsewhere then.
    package var elsewhere: UInt64

    /// A start at `at`, when the counts were `local` and `elsewhere`.
    package init(at: ContinuousClock.Instant, local: UInt64, elsewhere: UInt64) {
        self.at = at
        self.local = local
        self.elsewhere = elsewhere
    }

    /// The time and the counts of `sources` now.
    package init(watching sources: ProgressSources, timer: BoundTimer = .continuous) {
        at = timer.now()
        local = sources.local()
        elsewhere = sources.elsewhere()
    }

    /// When a bound of `limit` that started here first looks.
    package func firstLook(limit: Duration) -> ContinuousClock.Instant {
        at + StallDetector(limit: limit, local: local, elsewhere: elsewhere).nextLook
    }
}

/// Returns when nothing `sources` watches has moved for `limit` of real time, or when the ceiling is
/// reached (see ``StallDetector``); `nil` when the task is cancelled (the bounded work ended first), which
/// is what nearly every bound comes to, so it neither throws nor leaves a timer behind.
///
/// Time spent in the sources' uncounted waits stands still for the bound: it looks again only once they
/// end, and their end counts as progress. So does time the bound could not watch (``UnwatchedTime``): a
/// look that comes more than a quarter of `limit` late, because the whole process was stopped (a debugger,
/// a stack dump) or starved, counts only that quarter. `onLook` sees each look, with the time counted so far.
///
/// With `earlierStart`, the bound started then (``BoundStart``), typically when its first look was scheduled:
/// a first look already due happens at once, and its lateness counts from when it was due.
package func waitForStall(
    limit: Duration, watching sources: ProgressSources, localProgressLiftsCeiling: Bool = false,
    timer: BoundTimer = .continuous, from earlierStart: BoundStart? = nil, onLook: (Duration) -> Void = { _ in }
) async -> StallReading? {
    let started = earlierStart ?? BoundStart(watching: sources, timer: timer)
    let start = started.at
    var unwatched = UnwatchedTime(allowance: limit / 4)
    var detector = StallDetector(limit: limit, local: started.local, elsewhere: started.elsewhere)
    detector.localProgressLiftsCeiling = localProgressLiftsCeiling
    // Looks that count as local progress on top of the sources' own count: busy looks, ended waits.
    var extraLocal: UInt64 = 0
    var endedWaits = sources.uncounted?.endedCount ?? 0
    func uncounted(at now: ContinuousClock.Instant) -> Duration {
        sources.uncounted?.total(at: now) ?? .zero
    }
    func counted(at now: ContinuousClock.Instant) -> Duration {
        start.duration(to: now) - uncounted(at: now) - unwatched.total
    }
    var lookIsDueSinceStart = earlierStart != nil
    while true {
        let now = timer.now()
        let waiting = !(sources.uncounted?.openWaits.isEmpty ?? true)
        let pause = waiting ? limit / 4 : max(detector.nextLook - counted(at: now), .zero)
        // The first look of a bound that started before this task: due when its time came, however late
        // this task began (a stopped or starved process), not when the task got to it.
        let due = lookIsDueSinceStart && !waiting ? min(now + pause, start + detector.nextLook) : now + pause
        lookIsDueSinceStart = false
        guard await timer.sleep(due) else { return nil }
        let woke = timer.now()
        unwatched.look(due: due, woke: woke, uncounted: uncounted(at: woke) - uncounted(at: min(now, due)))
        if let uncounted = sources.uncounted {
            guard uncounted.openWaits.isEmpty else { continue }
            let ended = uncounted.endedCount
            if ended != endedWaits { (endedWaits, extraLocal) = (ended, extraLocal &+ 1) }
        }
        if sources.isBusy() { extraLocal &+= 1 }
        let elapsed = counted(at: woke)
        onLook(elapsed)
        if let reading = detector.look(at: elapsed, local: sources.local() &+ extraLocal, elsewhere: sources.elsewhere()) {
            return reading
        }
    }
}
