/// What an awaited advance (``MockClock/advance(by:settlingWithin:)``) did.
public struct SettledAdvance: Sendable, Hashable, CustomStringConvertible {
    /// How many sleepers it resumed.
    public var resumed: Int
    /// Where time stood when it returned.
    public var now: MockClock.Instant
    /// How many of them slept off the clock's ``MockClock/executor``: for these it waited until their
    /// sleep had returned and gave the main actor turns, but could not see their work to its end.
    public var wokenOffExecutor: Int
    /// False when the real-time limit passed before woken work had settled at some deadline (the
    /// remaining sleepers were still resumed in order, without waiting), or when some woken task could
    /// not be followed (``notBack``).
    public var isSettled: Bool
    /// The woken tasks it could not follow to their next sleep on this clock or their end: tasks the
    /// clock did not start (``MockClock/startTask(name:fileID:line:_:)->Task<Void,Never>``) that did not sleep again on it.
    public var notBack: [WokenTask]

    /// Creates a report.
    public init(
        resumed: Int, now: MockClock.Instant, wokenOffExecutor: Int, isSettled: Bool, notBack: [WokenTask] = []
    ) {
        self.resumed = resumed
        self.now = now
        self.wokenOffExecutor = wokenOffExecutor
        self.isSettled = isSettled
        self.notBack = notBack
    }

    /// `settled: resumed 2, now +3 s`, or what did not settle and, for each task not back, why and the
    /// form that would have waited for it.
    public var description: String {
        var text = (isSettled ? "settled" : "not settled") + ": resumed \(resumed), now \(now)"
        if !isSettled && notBack.isEmpty { text += "; woken work was still running when the real-time limit passed" }
        if !notBack.isEmpty {
            text += "; not seen to sleep again or end:" + notBack.map { "\n  - " + $0.explained }.joined()
        }
        return text
    }
}
