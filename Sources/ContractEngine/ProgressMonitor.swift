import RepositoryContractsPrimitives

/// Signs of life a watchdog reads, so that it fails a call that hangs and never one that is only slow
/// because the machine is busy.
///
/// A sign of life is a count that grows: the calls of one subject that ended, the monitored calls of the
/// whole process that ended, and any source the test glue installs (the stub servers' requests received
/// and answered). While any of them grows, work is still moving.
package final class ProgressMonitor: Sendable {
    /// The monitored calls of the whole process that ended.
    package static let process = ProgressMonitor(parent: nil)

    /// The counts that show work moving elsewhere: by default the monitored calls of the whole process
    /// that ended; the Swift Testing and XCTest glue add the stub servers' activity.
    @TaskLocal package static var sources: [@Sendable () -> UInt64] = [{ process.localCount }]

    private let endedCalls = Protected<UInt64>(0)
    private let parent: ProgressMonitor?

    /// A monitor for one subject; what it notes counts for the process too.
    package convenience init() {
        self.init(parent: .process)
    }

    private init(parent: ProgressMonitor?) {
        self.parent = parent
    }

    /// Notes that a call ended (returned or threw).
    package func noteCallEnded() {
        endedCalls.withLock { $0 &+= 1 }
        parent?.noteCallEnded()
    }

    /// The calls of this subject that ended so far.
    var localCount: UInt64 { endedCalls.withLock { $0 } }

    /// Everything else that shows work moving: the sum of the ``sources``.
    var elsewhereCount: UInt64 {
        Self.sources.reduce(0) { $0 &+ $1() }
    }
}
