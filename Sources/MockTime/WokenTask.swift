/// A task an advance woke that the clock could not follow to its next sleep on the clock or its end: it
/// may still be running, or waiting on something the clock cannot see (the main actor, I/O, another
/// clock).
public struct WokenTask: Sendable, Hashable, CustomStringConvertible {
    /// The deadline it was woken at.
    public var deadline: MockClock.Instant
    /// Its name (`Task(name:)`), where the toolchain and OS report task names.
    public var taskName: String?

    /// Creates a description of a woken task.
    public init(deadline: MockClock.Instant, taskName: String? = nil) {
        self.deadline = deadline
        self.taskName = taskName
    }

    /// `the task woken at 30 s ("poller")`.
    public var description: String {
        "the task woken at \(deadline)" + (taskName.map { " (\"\($0)\")" } ?? "")
    }
}
