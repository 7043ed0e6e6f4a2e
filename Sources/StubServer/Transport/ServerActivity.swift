import Primitives

/// A count of the requests the stub servers of this process have received and answered: a sign of life
/// that a watchdog reads to tell a slow machine (requests still flowing) from a hang (nothing moving).
package enum ServerActivity {
    private static let counter = Protected<UInt64>(0)

    /// Requests received plus responses finished, by every server of this process, so far.
    package static var count: UInt64 { counter.withLock { $0 } }

    /// Counts one request received or one response finished.
    static func note() {
        counter.withLock { $0 &+= 1 }
    }
}
