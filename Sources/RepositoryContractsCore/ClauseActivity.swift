import RepositoryContractsPrimitives

/// What one running clause has done so far: the subject calls it started and that ended, the checks it
/// made, and the last line it was seen at. The clause's cost in a report, and the body watchdog's signs of
/// life.
package final class ClauseActivity: Sendable {
    /// The activity of the clause running in this task, if any.
    @TaskLocal package static var current: ClauseActivity?

    private struct Counts {
        var started = 0
        var ended = 0
        var checks = 0
        /// Made when read: a call's name describes the values it sends.
        var lastSeen: (@Sendable () -> String)?
    }

    private let counts = Protected(Counts())

    package init() {}

    /// Notes that a watched subject call started.
    package func callStarted(_ operation: @escaping @Sendable () -> String) {
        counts.withLock {
            $0.started += 1
            $0.lastSeen = operation
        }
    }

    /// Notes that a watched subject call returned or threw.
    package func callEnded() {
        counts.withLock { $0.ended += 1 }
    }

    /// Notes that a check ran at `location`, passed or not.
    package func checked(at location: CheckLocation) {
        counts.withLock {
            $0.checks += 1
            $0.lastSeen = { "the check at \(location)" }
        }
    }

    /// The watched subject calls started so far.
    package var subjectCalls: Int { counts.withLock { $0.started } }

    /// Whether a watched call is running: its own watchdog is in charge of it then.
    package var isCallInFlight: Bool { counts.withLock { $0.started > $0.ended } }

    /// A count that grows whenever the clause moves: calls ending and checks.
    package var movements: UInt64 { counts.withLock { UInt64($0.ended + $0.checks) } }

    /// The last call started or check made ("fetchAll()", "the check at Search/Contract.swift:42").
    package var lastSeen: String? { counts.withLock { $0.lastSeen }?() }
}
