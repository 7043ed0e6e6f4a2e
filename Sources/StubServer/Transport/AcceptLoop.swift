import Foundation
import Primitives

/// The thread that accepts connections on the listening sockets and starts a thread for each, until
/// stopped; it closes the listening sockets when it ends.
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
