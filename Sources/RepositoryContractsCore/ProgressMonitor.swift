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
    private let ownMovements: (@Sendable () -> UInt64)?
    private let busy: @Sendable () -> Bool

    /// A monitor for one subject; what it notes counts for the process too.
    package convenience init() {
        self.init(parent: .process)
    }

    /// A monitor for one clause's body: it moves when `movements` grows, and is busy (never stalled)
    /// while `isBusy` says a call with a watchdog of its own is running.
    package init(movements: @escaping @Sendable () -> UInt64, isBusy: @escaping @Sendable () -> Bool) {
        parent = nil
        ownMovements = movements
        busy = isBusy
    }

    private init(parent: ProgressMonitor?) {
        self.parent = parent
        ownMovements = nil
        busy = { false }
    }

    /// Whether work this monitor watches is in the hands of another watchdog right now.
    var isBusy: Bool { busy() }

    /// Notes that a call ended (returned or threw).
    package func noteCallEnded() {
        endedCalls.withLock { $0 &+= 1 }
        if let parent {
            parent.noteCallEnded()
        } else if self === Self.process {
            ProcessActivity.note("a watched call ended")
        }
    }

    /// The calls of this subject that ended so far.
    var localCount: UInt64 { endedCalls.withLock { $0 } &+ (ownMovements?() ?? 0) }

    /// Everything else that shows work moving: the ``sources`` as one task had them (they are
    /// task-local), read from any task or thread.
    struct ElsewhereSources: Sendable {
        private let reads: [@Sendable () -> UInt64]

        /// The sources as the current task has them now.
        static var current: ElsewhereSources { ElsewhereSources(reads: ProgressMonitor.sources) }

        /// The sum of their counts.
        var count: UInt64 {
            // An index loop, not `reduce` or `for in`: this runs at every call a watchdog starts, and an
            // unspecialized iterator costs more than the reads.
            var total: UInt64 = 0
            var index = 0
            let end = reads.count
            while index < end {
                total &+= reads[index]()
                index += 1
            }
            return total
        }
    }
}
