/// A bound gives a call at most this many times its limit, even while work keeps moving.
package let ceilingFactor = 24

/// How a call looked when a bound gave up on it: the part every bound shares (the contract watchdog,
/// the `.mockClock` time limit, the sleeper wait, a shared backend's reset budget).
package struct StallReading: Sendable, Hashable {
    /// The longest the call could go without a sign of progress.
    package var limit: Duration
    /// How long the call had been running (time the bound does not count left out).
    package var running: Duration
    /// How long ago the call's own work last moved (`nil`: it never did while the bound watched).
    package var sinceLocalProgress: Duration?
    /// How long ago anything else in the process last moved (`nil`: nothing did).
    package var sinceOtherProgress: Duration?
    /// Whether the call was given up for running ``ceilingFactor`` × `limit` although work kept moving.
    package var reachedCeiling: Bool
}

/// The judgement of every progress-aware bound, apart from time and tasks: fed what the counts of
/// progress were at each look, it says when a call has gone `limit` without progress, or reached the
/// ceiling.
package struct StallDetector {
    /// The longest a call may go without a sign of progress.
    package let limit: Duration
    private var local: UInt64
    private var elsewhere: UInt64
    private var lastLocal: Duration?
    private var lastElsewhere: Duration?
    private var lastLook: Duration = .zero
    /// Whether recent local progress keeps the call alive past the ceiling (a shared backend's reset
    /// that reports its own steps).
    package var localProgressLiftsCeiling = false

    /// A detector for a call that starts now, with the counts as they are now.
    package init(limit: Duration, local: UInt64, elsewhere: UInt64) {
        self.limit = limit
        self.local = local
        self.elsewhere = elsewhere
    }

    /// The ceiling: ``ceilingFactor`` × `limit`.
    package var ceiling: Duration { limit * ceilingFactor }

    /// When (since the call started) to look next: a quarter of the limit after the last look, so a
    /// stall is seen between 1 and 1.25 limits after the last progress; never past the ceiling unless
    /// local progress may lift it.
    package var nextLook: Duration {
        localProgressLiftsCeiling ? lastLook + limit / 4 : min(lastLook + limit / 4, ceiling)
    }

    /// Whether local progress lifts the ceiling and was seen within `limit` of `elapsed`.
    private func movingLocally(at elapsed: Duration) -> Bool {
        guard localProgressLiftsCeiling, let lastLocal else { return false }
        return elapsed - lastLocal < limit
    }

    /// Takes the counts as they were `elapsed` after the call started; returns the stall if the call
    /// has gone `limit` without progress or reached the ceiling.
    package mutating func look(at elapsed: Duration, local newLocal: UInt64, elsewhere newElsewhere: UInt64) -> StallReading? {
        lastLook = elapsed
        if newLocal != local { (local, lastLocal) = (newLocal, elapsed) }
        if newElsewhere != elsewhere { (elsewhere, lastElsewhere) = (newElsewhere, elapsed) }
        let lastProgress = max(lastLocal ?? .zero, lastElsewhere ?? .zero)
        // A look that comes late (a loaded machine delays the bound too) can be past the ceiling
        // although nothing moved: that is a plain stall, not work that kept moving.
        let stalled = elapsed - lastProgress >= limit
        let reading = StallReading(
            limit: limit, running: elapsed,
            sinceLocalProgress: lastLocal.map { elapsed - $0 }, sinceOtherProgress: lastElsewhere.map { elapsed - $0 },
            reachedCeiling: !stalled && elapsed >= ceiling && !movingLocally(at: elapsed))
        return stalled || reading.reachedCeiling ? reading : nil
    }
}
