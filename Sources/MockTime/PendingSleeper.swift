import RepositoryContractsPrimitives

/// A sleeper waiting on a ``MockClock``, as ``MockClock/pendingSleepers`` and leak reports show it.
public struct PendingSleeper: Sendable, Hashable, CustomStringConvertible {
    /// The instant it wakes at.
    public var deadline: MockClock.Instant
    /// Its registration number on its clock (1 for the first sleeper): the order among equal deadlines.
    public var sequence: Int
    /// The tolerance it passed to `sleep`, if any.
    public var tolerance: Duration?
    /// The name of the sleeping task (`Task(name:)`), where the toolchain and OS report task names.
    public var taskName: String?

    /// Creates a description of a sleeper.
    public init(deadline: MockClock.Instant, sequence: Int, tolerance: Duration? = nil, taskName: String? = nil) {
        self.deadline = deadline
        self.sequence = sequence
        self.tolerance = tolerance
        self.taskName = taskName
    }

    /// `sleeper #3 until +5 s (tolerance 0.1 s) in task "poller"`.
    public var description: String {
        var text = "sleeper #\(sequence) until \(deadline)"
        if let tolerance { text += " (tolerance \(tolerance.secondsText))" }
        if let taskName { text += " in task \"\(taskName)\"" }
        return text
    }
}
