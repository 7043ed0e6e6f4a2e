import RepositoryContractsPrimitives

/// A count of the requests the stub servers of this process have received and answered: a sign of life
/// that a watchdog reads to tell a slow machine (requests still flowing) from a hang (nothing moving).
package enum ServerActivity {
    private static let counter = Protected<UInt64>(0)

    /// Requests received plus responses finished, by every server of this process, so far.
    package static var count: UInt64 { counter.withLock { $0 } }

    /// Counts `movements` requests received or responses finished (a request answered at once on the
    /// event loop is both, counted with one look at each count), for the process's activity too.
    static func note(_ what: StaticString, movements: UInt64 = 1) {
        counter.withLock { $0 &+= movements }
        ProcessActivity.note(what, movements: movements)
    }
}

/// One open connection as ``HTTPListener/stop()`` sees it: its socket, whether its thread is blocked in a
/// read that stop may interrupt, and the deferred plan it may be waiting for.
///
/// The connection's thread moves the slot between phases; stop calls ``requestStop()``. A slot is marked
/// closed before its socket is, so stop never shuts down a descriptor number that was closed and reused.
final class ConnectionSlot: Sendable {
    private enum Phase {
        /// Reading the request or answering it: stop lets it finish.
        case working
        /// Blocked in a read (waiting for a request, its rest, or for the client to close): stop shuts the
        /// socket down to wake it.
        case waiting
        /// The socket is closed.
        case closed
    }

    private struct State {
        var phase = Phase.working
        var stopRequested = false
        var deferredPlan: (any PendingDecision)?
        var holdsUnansweredRequest = false
    }

    /// The connection's socket.
    let descriptor: Int32
    private let state = Protected(State())

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Whether the server is stopping: the connection closes after its current response.
    var isStopRequested: Bool {
        state.withLock { $0.stopRequested }
    }

    /// Enters a read that stop may interrupt; `false` (stay out) when the server is stopping.
    func beginWaiting() -> Bool {
        state.withLock { state in
            guard !state.stopRequested else { return false }
            state.phase = .waiting
            return true
        }
    }

    /// Leaves the read; `false` when stop interrupted it (the socket is shut down).
    func endWaiting() -> Bool {
        state.withLock { state in
            state.phase = .working
            return !state.stopRequested
        }
    }

    /// Registers the deferred or blocking plan the connection waits for, so stop can cancel it; `false`
    /// when the server is stopping.
    func attach(_ wait: any PendingDecision) -> Bool {
        state.withLock { state in
            guard !state.stopRequested else { return false }
            state.deferredPlan = wait
            return true
        }
    }

    /// Forgets the deferred plan once it has been carried out.
    func detachDeferredPlan() {
        state.withLock { $0.deferredPlan = nil }
    }

    /// Marks the slot closed; call just before closing the socket.
    func markClosed() {
        state.withLock { $0.phase = .closed }
    }

    /// Notes that the connection holds a request it will never answer (a never-respond fault), waiting
    /// for the client to give up: ``dropPendingAnswer()`` then closes it.
    func markHoldingUnansweredRequest() {
        state.withLock { $0.holdsUnansweredRequest = true }
    }

    /// Drops the answer the connection is deciding (a deferred plan, cancelled) or withholding (a
    /// never-respond fault, whose socket is shut down): the client sees the connection close at once.
    func dropPendingAnswer() {
        let deferred = state.withLock { state in
            // Under the lock: the connection cannot mark the slot closed and close the socket meanwhile.
            if state.holdsUnansweredRequest {
                // About to wait (it then stays out) or waiting (woken by the shutdown): the connection ends.
                state.stopRequested = true
                if state.phase == .waiting { Platform.shutdownBoth(descriptor) }
            }
            return state.deferredPlan
        }
        deferred?.cancel()
    }

    /// Asks the connection to stop: wakes a blocked read by shutting the socket down, cancels a deferred
    /// plan, and otherwise lets the current response finish (the connection closes after it).
    func requestStop() {
        let deferred = state.withLock { state in
            state.stopRequested = true
            // Under the lock: the connection cannot mark the slot closed and close the socket meanwhile.
            if state.phase == .waiting { Platform.shutdownBoth(descriptor) }
            return state.deferredPlan
        }
        deferred?.cancel()
    }
}
