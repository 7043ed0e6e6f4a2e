import Dispatch
import RepositoryContractsPrimitives

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
        var deferredPlan: DeferredPlanWait?
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

    /// Registers the deferred plan the connection waits for, so stop can cancel it; `false` when the
    /// server is stopping.
    func attach(_ wait: DeferredPlanWait) -> Bool {
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

/// Runs a `.deferred` plan's closure in a task and lets the connection's thread block until it returns
/// or the server stops.
///
/// The one bridge from the connection threads to Swift concurrency; it is used only for deferred plans,
/// never on the path of an ordinary response.
final class DeferredPlanWait: Sendable {
    private struct State {
        var plan: ResponsePlan?
        var cancelled = false
        var task: Task<Void, Never>?
    }

    private let state = Protected(State())
    /// Signalled once: when the plan is decided or the wait is cancelled. The connection's thread waits on
    /// it.
    private let decidedOrCancelled = DispatchSemaphore(value: 0)

    /// Starts `decide` in a task.
    func start(_ decide: @escaping @Sendable () async -> ResponsePlan) {
        state.withLock { state in
            guard !state.cancelled else { return }
            state.task = Task { [self] in
                let plan = await decide()
                finish(with: plan)
            }
        }
    }

    /// Blocks until the plan is decided or ``cancel()`` is called; `nil` when cancelled (the server is
    /// stopping and the connection closes without carrying out the plan).
    func wait() -> ResponsePlan? {
        decidedOrCancelled.wait()
        return state.withLock { $0.cancelled ? nil : $0.plan }
    }

    /// Cancels the task and releases the waiting thread at once, without waiting for the task to return.
    func cancel() {
        let task = state.withLock { state -> Task<Void, Never>? in
            guard !state.cancelled else { return nil }
            state.cancelled = true
            return state.task
        }
        task?.cancel()
        decidedOrCancelled.signal()
    }

    private func finish(with plan: ResponsePlan) {
        let decided = state.withLock { state in
            guard !state.cancelled, state.plan == nil else { return false }
            state.plan = plan
            return true
        }
        if decided { decidedOrCancelled.signal() }
    }
}
