/// What ``MockClock/runUntilIdle(maxSteps:)`` did and left behind.
public struct IdleRun: Sendable, Hashable {
    /// How many deadlines it advanced to.
    public var steps: Int
    /// Where time stood when it stopped.
    public var now: MockClock.Instant
    /// How many sleepers were pending when it stopped (0 unless it hit the limit, or a woken task went
    /// back to sleep after the last look).
    public var pendingSleepers: Int
    /// Whether it stopped because it took `maxSteps` steps while sleepers were still pending.
    public var reachedStepLimit: Bool

    /// Creates a report.
    public init(steps: Int, now: MockClock.Instant, pendingSleepers: Int, reachedStepLimit: Bool) {
        self.steps = steps
        self.now = now
        self.pendingSleepers = pendingSleepers
        self.reachedStepLimit = reachedStepLimit
    }
}
