import Foundation
import RepositoryContractsPrimitives

/// The thread that accepts connections on the listening sockets and starts a thread for each, until
/// stopped; it closes the listening sockets when it ends. Each connection is admitted into the
/// listener's ``ConnectionRegistry`` (below) first, within ``ServerOptions/maxConnections``.
final class AcceptLoop: Sendable {
    private static let exhaustionBackoffMilliseconds: Int32 = 10

    private let listeners: [Int32]
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let context: ConnectionContext
    /// Whether the loop has ended and closed its descriptors (the wake pipe's write end among them).
    private let ended = Protected(false)

    /// Takes ownership of `listeners` and of the wake pipe.
    init(listeners: [Int32], wakePipe: (read: Int32, write: Int32), context: ConnectionContext) {
        self.listeners = listeners
        self.wakeRead = wakePipe.read
        self.wakeWrite = wakePipe.write
        self.context = context
    }

    /// Starts the loop on its own thread.
    func start() {
        context.registry.acceptLoopStarted()
        let thread = Thread { [self] in run() }
        thread.name = "StubServer accept"
        thread.start()
    }

    /// Makes the loop end (it closes the listening sockets); returns at once.
    func requestStop() {
        ended.withLock { ended in
            // Under the lock: the loop cannot close the pipe meanwhile.
            if !ended { Platform.writeByte(wakeWrite) }
        }
    }

    private func run() {
        let watched = listeners + [wakeRead]
        acceptLoop: while true {
            let ready = Platform.waitReadable(watched, timeoutMilliseconds: -1)
            if ready[listeners.count] { break acceptLoop }
            for (index, listener) in listeners.enumerated() where ready[index] {
                if !acceptAll(on: listener) { break acceptLoop }
            }
        }
        ended.withLock { ended in
            ended = true
            for descriptor in listeners + [wakeRead, wakeWrite] { Platform.closeDescriptor(descriptor) }
        }
        context.registry.acceptLoopEnded()
    }

    /// Accepts every waiting connection; `false` when stop was requested during a back-off.
    private func acceptAll(on listener: Int32) -> Bool {
        while true {
            switch Platform.accept(listener) {
            case .accepted(let descriptor):
                startConnection(descriptor)
            case .noneWaiting:
                return true
            case .failed(let code):
                // Out of descriptors or memory: the connection stays queued; retry after a pause that a
                // stop interrupts, rather than spinning.
                if Platform.isResourceExhaustion(code) {
                    let wake = Platform.waitReadable([wakeRead], timeoutMilliseconds: Self.exhaustionBackoffMilliseconds)
                    return !wake[0]
                }
                return true
            }
        }
    }

    private func startConnection(_ descriptor: Int32) {
        let slot = ConnectionSlot(descriptor: descriptor)
        switch context.registry.add(slot, limit: context.maxConnections) {
        case .added:
            break
        case .stopping:
            Platform.closeDescriptor(descriptor)
            return
        case .full:
            refuseAtCapacity(descriptor)
            return
        }
        let context = context
        let thread = Thread { Connection(slot: slot, context: context).run() }
        thread.stackSize = ConnectionContext.threadStackSize
        thread.start()
    }

    /// Answers a connection beyond ``ServerOptions/maxConnections`` with a 503 and closes it, on this
    /// thread: no thread is started for it, and the write cannot block (a new socket's send buffer is
    /// empty, and the send timeout is short).
    private func refuseAtCapacity(_ descriptor: Int32) {
        let limit = context.maxConnections
        let text = "the stub server has its limit of \(limit) connections open (ServerOptions.maxConnections); retry later\n"
        let response = Array(
            ("HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
                + "Content-Length: \(text.utf8.count)\r\nRetry-After: 1\r\nConnection: close\r\n\r\n" + text).utf8)
        Platform.setSendTimeout(descriptor, .milliseconds(100))
        _ = response.withUnsafeBytes { Platform.send(descriptor, $0, UnsafeRawBufferPointer(start: nil, count: 0)) }
        Platform.shutdownWrite(descriptor)
        Platform.closeDescriptor(descriptor)
        context.onRefusal(ConnectionRefusal(reason: .tooManyConnections(limit: limit)))
    }
}

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
