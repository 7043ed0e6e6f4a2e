import Primitives

/// The listener's open connections and accept loop, so ``HTTPListener/stop()`` can wake them and wait
/// until every one is closed.
final class ConnectionRegistry: Sendable {
    private struct State {
        var slots: [ObjectIdentifier: ConnectionSlot] = [:]
        var acceptLoopRunning = false
        var stopping = false
        var waiters: [CheckedContinuation<Void, Never>] = []

        /// The waiters to resume, taken out, once the accept loop has ended and every connection is closed.
        mutating func takeWaitersIfDone() -> [CheckedContinuation<Void, Never>] {
            guard slots.isEmpty && !acceptLoopRunning && !waiters.isEmpty else { return [] }
            defer { waiters = [] }
            return waiters
        }
    }

    private let state = Protected(State())

    /// The number of open connections.
    var count: Int {
        state.withLock { $0.slots.count }
    }

    /// Notes that the accept loop runs; stop waits for it to close the listening sockets.
    func acceptLoopStarted() {
        state.withLock { $0.acceptLoopRunning = true }
    }

    /// Notes that the accept loop has closed the listening sockets and ended.
    func acceptLoopEnded() {
        let ready = state.withLock { state in
            state.acceptLoopRunning = false
            return state.takeWaitersIfDone()
        }
        ready.forEach { $0.resume() }
    }

    /// What adding a connection came to.
    enum Admission {
        case added
        /// The server is stopping: the caller closes the connection.
        case stopping
        /// `limit` connections are open: the caller refuses it.
        case full
    }

    /// Adds a new connection unless the server is stopping or `limit` connections are open.
    func add(_ slot: ConnectionSlot, limit: Int) -> Admission {
        state.withLock { state in
            guard !state.stopping else { return .stopping }
            guard state.slots.count < limit else { return .full }
            state.slots[ObjectIdentifier(slot)] = slot
            return .added
        }
    }

    /// Removes a connection whose socket is closed.
    func remove(_ slot: ConnectionSlot) {
        let ready = state.withLock { state in
            state.slots[ObjectIdentifier(slot)] = nil
            return state.takeWaitersIfDone()
        }
        ready.forEach { $0.resume() }
    }

    /// Refuses new connections and asks every open one to stop.
    func stopAll() {
        let open = state.withLock { state in
            state.stopping = true
            return Array(state.slots.values)
        }
        // Outside the lock: cancelling a deferred plan runs the task's cancellation handlers.
        for slot in open { slot.requestStop() }
    }

    /// Returns once the accept loop has ended and every connection is closed (after ``stopAll()``).
    func waitUntilAllClosed() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                if state.slots.isEmpty && !state.acceptLoopRunning { return true }
                state.waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }
}
