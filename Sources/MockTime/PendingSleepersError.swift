import RepositoryContractsPrimitives

/// Sleepers were still pending on a ``MockClock`` when they should not have been: at the end of a
/// ``withMockClock(now:startDate:isolation:_:)`` scope, or at ``MockClock/checkNoPendingSleepers()``.
public struct PendingSleepersError: Error, Sendable, CustomStringConvertible {
    /// The pending sleepers, in wake order.
    public var sleepers: [PendingSleeper]
    /// The clock's time when they were found.
    public var now: MockClock.Instant

    /// Creates the error for `sleepers` found at `now`.
    public init(sleepers: [PendingSleeper], now: MockClock.Instant) {
        self.sleepers = sleepers
        self.now = now
    }

    /// Names every sleeper: registration number, deadline, how far that is from `now`, tolerance and
    /// task name.
    public var description: String {
        let count = sleepers.count == 1 ? "1 sleeper was" : "\(sleepers.count) sleepers were"
        var text = "\(count) still pending on the mock clock at \(now):"
        for sleeper in sleepers {
            text += "\n  - \(sleeper), \(now.duration(to: sleeper.deadline).secondsText) from now"
        }
        text += "\nAdvance the clock past their deadlines, or cancel or await the sleeping tasks, "
        text += "before the scope ends."
        return text
    }
}
