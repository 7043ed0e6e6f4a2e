/// A task an advance woke that the clock could not follow to its next sleep on the clock or its end: it
/// may still be running, or waiting on something the clock cannot see (the main actor, I/O, another
/// clock).
public struct WokenTask: Sendable, Hashable, CustomStringConvertible {
    /// The deadline it was woken at.
    public var deadline: MockClock.Instant
    /// Its name (`Task(name:)`), where the toolchain and OS report task names.
    public var taskName: String?
    /// Why the clock could not follow it; nil in a value made by hand. Not compared: two reports of the
    /// same task at the same deadline are equal.
    package var reason: NotBackReason?
    /// When it went to sleep, where the clock knows it.
    package var sleptSince: MockClock.Instant?

    /// Creates a description of a woken task.
    public init(deadline: MockClock.Instant, taskName: String? = nil) {
        self.deadline = deadline
        self.taskName = taskName
    }

    /// The task as the clock recorded it.
    init(_ away: WokenTasks.Away, reason: NotBackReason) {
        self.init(deadline: away.deadline, taskName: away.taskName)
        self.reason = reason
        self.sleptSince = away.sleptSince
    }

    /// Whether both name the same task at the same deadline (why it is not back is not compared).
    public static func == (lhs: WokenTask, rhs: WokenTask) -> Bool {
        lhs.deadline == rhs.deadline && lhs.taskName == rhs.taskName
    }

    /// Hashes the deadline and the name, the two things equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(deadline)
        hasher.combine(taskName)
    }

    /// `the task woken at +30 s ("poller")`.
    public var description: String {
        "the task woken at \(deadline)" + (taskName.map { " (\"\($0)\")" } ?? "")
    }

    /// The task, when it slept, why the clock could not follow it and what would have: one line of a
    /// report.
    var explained: String {
        description + (sleptSince.map { " (asleep since \($0))" } ?? "") + (reason.map { ": it " + $0.explanation } ?? "")
    }
}

/// Why a woken task is not back, and the change that lets the clock follow it.
package enum NotBackReason: Sendable, Hashable {
    /// The clock started it (``MockClock/startTask(name:fileID:line:_:)->Task<Void,Never>``, at this place where
    /// known) and will see it end; it is running or awaiting something else now.
    case startedByClock(at: String?)
    /// A plain `Task { … }` of the clock's scope, which the scope's census will see end; it is running
    /// or awaiting something other than this clock now.
    case plainTaskOfScope
    /// A task off the clock's executor that the clock has no way to see end: a plain task outside any
    /// `.mockClock` scope, a detached task, a task of another scope.
    case unseen

    /// Why, and what waits for it or lets the clock see it.
    var explanation: String {
        let wait = "await clock.run() or clock.advance(by:settlingWithin:) wait for it (a synchronous runUntilIdle() "
            + "or advance(by:) cannot), within their limit"
        switch self {
        case .startedByClock(let place):
            return "was started by clock.startTask" + (place.map { " at \($0)" } ?? "")
                + " and is running or awaiting something other than this clock (I/O, another actor): \(wait)."
        case .plainTaskOfScope:
            return "is a plain Task { … } of this test, running or awaiting something other than this clock "
                + "(I/O, another actor): \(wait)."
        case .unseen:
            return "runs off the clock's executor, and nothing tells the clock when it ends: Swift offers no way to "
                + "observe the end of a task the clock did not start, and this task is not counted by a .mockClock "
                + "scope (a plain Task { … } of a clock made outside one, or a Task.detached). Fix: give the test the "
                + ".mockClock trait (or wrap it in withMockClock { clock in … }), which counts its plain tasks, or start "
                + "the task with clock.startTask { … } (clock.taskStarter for code under test)."
        }
    }
}
