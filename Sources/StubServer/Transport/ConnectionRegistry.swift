import Foundation

/// The listener's open connections and accept loop, so ``HTTPListener/stop()`` can wake them and wait
/// until every one is closed.
final class ConnectionRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [ObjectIdentifier: ConnectionSlot] = [:]
    private var acceptLoopRunning = false
    private var stopping = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// The number of open connections.
    var count: Int {
        lock.withLock { slots.count }
    }

    /// Notes that the accept loop runs; stop waits for it to close the listening sockets.
    func acceptLoopStarted() {
        lock.withLock { acceptLoopRunning = true }
    }

    /// Notes that the accept loop has closed the listening sockets and ended.
    func acceptLoopEnded() {
        let ready = lock.withLock {
            acceptLoopRunning = false
            return takeWaitersIfDone()
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
        lock.withLock {
            guard !stopping else { return .stopping }
            guard slots.count < limit else { return .full }
            slots[ObjectIdentifier(slot)] = slot
            return .added
        }
    }

    /// Removes a connection whose socket is closed.
    func remove(_ slot: ConnectionSlot) {
        let ready = lock.withLock {
            slots[ObjectIdentifier(slot)] = nil
            return takeWaitersIfDone()
        }
        ready.forEach { $0.resume() }
    }

    /// Refuses new connections and asks every open one to stop.
    func stopAll() {
        let open = lock.withLock {
            stopping = true
            return Array(slots.values)
        }
        // Outside the lock: cancelling a deferred plan runs the task's cancellation handlers.
        for slot in open { slot.requestStop() }
    }

    /// Returns once the accept loop has ended and every connection is closed (after ``stopAll()``).
    func waitUntilAllClosed() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = lock.withLock {
                if slots.isEmpty && !acceptLoopRunning { return true }
                waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    private func takeWaitersIfDone() -> [CheckedContinuation<Void, Never>] {
        guard slots.isEmpty && !acceptLoopRunning && !waiters.isEmpty else { return [] }
        defer { waiters = [] }
        return waiters
    }
}
