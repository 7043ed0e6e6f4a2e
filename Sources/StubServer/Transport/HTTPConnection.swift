import Foundation

/// One client connection, served on its own thread with blocking reads and writes: read a request, call
/// the handler, carry out its plan, and again while the connection stays open.
///
/// No Swift-concurrency hop on the way: a `.deferred` plan is the only thing that waits for a task.
/// Timeouts are socket timeouts: ``ConnectionContext/idleTimeout`` while waiting for a request's first
/// byte (the connection then closes silently) and for writes; after the first byte, each read waits
/// only until the request's deadline (``ConnectionContext/requestTimeout`` from its start), after which the
/// server answers 408. Bad requests are answered with their status and a `text/plain` reason, then the
/// connection closes.
final class HTTPConnection {
    /// A request read from the connection, or why there is none.
    enum Incoming {
        case request(RequestHead, body: [UInt8])
        /// The client closed, the connection failed, stayed idle too long, or the server is stopping.
        case ended
        case refused(HTTPRequestError)
        case timedOut
    }

    /// What one read gave.
    enum Received {
        case bytes
        case endOfStream
        case timedOut
        case failed
        case stopped
    }

    /// The free space each read of a request head asks for.
    static let readChunk = 4096
    /// The free space each read of a body asks for.
    static let bodyReadChunk = 64 * 1024
    /// Bodies up to this size are copied behind the head and sent with it; larger ones are sent from
    /// their own storage (still one `sendmsg`).
    static let copiedBodyLimit = 32 * 1024
    /// A receive timeout meaning "none".
    static let noTimeout = Duration.zero
    private static let lingerTime = Duration.seconds(2)
    private static let lingerBytes = 1 << 20

    let descriptor: Int32
    let slot: ConnectionSlot
    let context: ConnectionContext
    /// Bytes received and not yet used (pipelined requests wait here).
    let input = ReadBuffer()
    /// The response being written, reused from one response to the next.
    var output: [UInt8] = []
    private var receiveTimeout = Duration.nanoseconds(-1)
    /// The bytes of the listener's body budget the request being read or answered holds.
    var reservedBodyBytes = 0

    init(slot: ConnectionSlot, context: ConnectionContext) {
        self.descriptor = slot.descriptor
        self.slot = slot
        self.context = context
        output.reserveCapacity(2048)
    }

    /// Serves requests until the connection ends, then closes the socket.
    func run() {
        Platform.setSendTimeout(descriptor, context.idleTimeout)
        while serveNextRequest() {}
        slot.markClosed()
        Platform.closeDescriptor(descriptor)
        context.registry.remove(slot)
    }

    /// Reads and answers one request; `false` when the connection is over.
    private func serveNextRequest() -> Bool {
        defer {
            context.bodyBudget.release(reservedBodyBytes)
            reservedBodyBytes = 0
        }
        switch readRequest() {
        case .request(let head, let body):
            ServerActivity.note()
            defer { ServerActivity.note() }
            return carryOut(context.handler(StubRequest(head: head, body: body)), for: head)
        case .ended:
            return false
        case .refused(let error):
            refuse(status: error.status, message: error.message)
            return false
        case .timedOut:
            refuse(status: 408, message: "request not received within the request timeout")
            return false
        }
    }

    /// One `recv` into the input buffer; interruptible by stop.
    func receive(minimumFree: Int) -> Received {
        guard slot.beginWaiting() else { return .stopped }
        let count = Platform.receive(descriptor, into: input.freeSpace(minimumFree: minimumFree))
        let error = count < 0 ? Platform.lastError : 0
        guard slot.endWaiting() else { return .stopped }
        if count > 0 {
            input.didWrite(count)
            return .bytes
        }
        if count == 0 { return .endOfStream }
        return error == Platform.wouldBlock ? .timedOut : .failed
    }

    /// Sets the socket's receive timeout unless it already has that one (`.zero` or less: none).
    func setReceiveTimeout(_ timeout: Duration) {
        guard timeout != receiveTimeout else { return }
        receiveTimeout = timeout
        Platform.setReceiveTimeout(descriptor, timeout > .zero ? timeout : nil)
    }

    /// Writes both buffers completely; `false` when the client is gone or stopped reading for the idle
    /// timeout.
    func write(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Bool {
        var first = first, second = second
        while !first.isEmpty || !second.isEmpty {
            let count = Platform.send(descriptor, first, second)
            guard count > 0 else { return false }
            if count < first.count {
                first = UnsafeRawBufferPointer(rebasing: first[count...])
            } else {
                second = UnsafeRawBufferPointer(rebasing: second[(count - first.count)...])
                first = UnsafeRawBufferPointer(start: nil, count: 0)
            }
        }
        return true
    }

    /// Ends the connection so the client reads everything sent: stops writing (the client sees end of
    /// stream), then reads and drops what the client still sends, for a short while, before the socket is
    /// closed. Closing with unread bytes would reset the connection, and a reset can discard the response
    /// before the client reads it.
    func closeGracefully() {
        Platform.shutdownWrite(descriptor)
        let lingerTime = context.idleTimeout > .zero ? min(context.idleTimeout, Self.lingerTime) : Self.lingerTime
        let end = ContinuousClock.now + lingerTime
        var drained = 0
        input.consumeAll()
        while drained < Self.lingerBytes {
            let now = ContinuousClock.now
            guard end > now else { return }
            setReceiveTimeout(end - now)
            guard receive(minimumFree: Self.readChunk) == .bytes else { return }
            drained += input.readableCount
            input.consumeAll()
        }
    }
}
