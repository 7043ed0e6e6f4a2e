import Foundation
import RepositoryContractsPrimitives

/// One client connection, served on its own thread with blocking reads and writes: the loop of the
/// request path. Each round reads bytes and decodes a request (``RequestDecoder``), asks the handler for
/// its plan (the playback), and sends the answer (``ResponseWriter``), while the connection stays open.
///
/// No Swift-concurrency hop on the way: a `.deferred` plan is the only thing that waits for a task.
/// Timeouts are socket timeouts: ``ConnectionContext/idleTimeout`` while waiting for a request's first
/// byte (the connection then closes silently) and for writes; after the first byte, each read waits
/// only until the request's deadline (``ConnectionContext/requestTimeout`` from its start), after which the
/// server answers 408. Bad requests are answered with their status and a `text/plain` reason, then the
/// connection closes.
final class Connection {
    /// A request read from the connection, or why there is none.
    private enum Incoming {
        case request(RequestHead, body: [UInt8])
        /// The client closed, the connection failed, stayed idle too long, or the server is stopping.
        case ended
        case refused(HTTPRequestError)
        case timedOut
    }

    /// What one read gave.
    private enum Received {
        case bytes
        case endOfStream
        case timedOut
        case failed
        case stopped
    }

    private static let lingerTime = Duration.seconds(2)
    private static let lingerBytes = 1 << 20

    private let descriptor: Int32
    private let slot: ConnectionSlot
    private let context: ConnectionContext
    /// Bytes received and not yet used (pipelined requests wait here).
    private let input = ReadBuffer()
    /// Writes each answer into its reused buffer.
    private var writer = ResponseWriter()
    /// The socket's receive timeout now (negative: not set yet).
    private var receiveTimeout = Duration.nanoseconds(-1)
    /// The bytes of the listener's body budget the request being read or answered holds.
    private var reservedBodyBytes = 0

    /// A connection served on `slot`'s socket, with what the listener's connections share.
    init(slot: ConnectionSlot, context: ConnectionContext) {
        self.descriptor = slot.descriptor
        self.slot = slot
        self.context = context
    }

    /// Serves requests until the connection ends, then closes the socket.
    func run() {
        Platform.setSendTimeout(descriptor, context.idleTimeout)
        while serveNextRequest() {}
        slot.markClosed()
        Platform.closeDescriptor(descriptor)
        context.registry.remove(slot)
    }

    /// Reads one request, asks for its plan and carries it out; `false` when the connection is over.
    private func serveNextRequest() -> Bool {
        defer {
            if reservedBodyBytes > 0 { context.bodyBudget.release(reservedBodyBytes) }
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
            return send(writer.refusal(status: error.status, message: error.message))
        case .timedOut:
            return send(writer.refusal(status: 408, message: "request not received within the request timeout"))
        }
    }

    // MARK: Reading a request

    /// The next request, or why there is none: waits up to the idle timeout for its first byte, then
    /// reads until ``RequestDecoder`` has it all, within the request deadline.
    private func readRequest() -> Incoming {
        if input.readableCount == 0 {
            setReceiveTimeout(context.idleTimeout)
            guard receive(minimumFree: RequestDecoder.headReadSize) == .bytes else { return .ended }
        }
        var decoder = RequestDecoder(limits: context.limits)
        var deadline: ContinuousClock.Instant?
        do throws(HTTPRequestError) {
            while true {
                let (step, used) = try input.withReadableBytes { bytes throws(HTTPRequestError) in
                    try decoder.decode(bytes, reservingBody: reserveBody)
                }
                input.consume(used)
                switch step {
                case .request(let head, let body):
                    return .request(head, body: body)
                case .sendContinue:
                    let sent = ResponseWriter.continueResponse.withUnsafeBytes {
                        write($0, UnsafeRawBufferPointer(start: nil, count: 0))
                    }
                    guard sent else { return .ended }
                case .needsBytes(let minimumFree):
                    if let failure = receiveMore(before: &deadline, minimumFree: minimumFree) { return failure }
                }
            }
        } catch {
            return .refused(error)
        }
    }

    /// Takes `count` more bytes from the listener's body budget for the request being read, or throws
    /// (and tells the listener) when the bodies held would go beyond it.
    private func reserveBody(_ count: Int) throws(HTTPRequestError) {
        guard context.bodyBudget.reserve(count) else {
            context.onRefusal(ConnectionRefusal(reason: .bodyMemory(limit: context.bodyBudget.limit)))
            throw .bodyMemoryExhausted(limit: context.bodyBudget.limit)
        }
        reservedBodyBytes += count
    }

    /// Reads more of a request that has started, within its deadline; `nil` when bytes came, otherwise
    /// what to do instead.
    private func receiveMore(before deadline: inout ContinuousClock.Instant?, minimumFree: Int) -> Incoming? {
        if context.requestTimeout > .zero {
            let now = ContinuousClock.now
            let end = deadline ?? now + context.requestTimeout
            deadline = end
            guard end > now else { return .timedOut }
            setReceiveTimeout(end - now)
        } else {
            setReceiveTimeout(context.idleTimeout)
        }
        switch receive(minimumFree: minimumFree) {
        case .bytes: return nil
        case .timedOut: return .timedOut
        case .endOfStream, .failed, .stopped: return .ended
        }
    }

    // MARK: Carrying out the plan

    /// Carries out a plan, waiting for a deferred one; `true` when the connection stays open for another
    /// request.
    private func carryOut(_ plan: ResponsePlan, for head: RequestHead) -> Bool {
        var plan = plan
        while true {
            switch plan {
            case .respond(let response):
                return send(writer.reply(with: response, to: head, stopRequested: slot.isStopRequested))
            case .fault(let fault):
                _ = send(writer.reply(with: fault, to: head))
                return false
            case .deferred(let decide):
                let wait = DeferredPlanWait()
                guard slot.attach(wait) else { return false }
                wait.start(decide)
                let decided = wait.wait()
                slot.detachDeferredPlan()
                guard let decided else { return false }
                plan = decided
            }
        }
    }

    /// Sends the writer's reply and ends the connection as it says; `true` when the connection stays open.
    private func send(_ reply: ResponseWriter.Reply) -> Bool {
        var sent = true
        if reply.sends {
            sent = writer.output.withUnsafeBytes { head in reply.body.withUnsafeBytes { write(head, $0) } }
        }
        switch sent ? reply.ending : reply.endingIfUnsent {
        case .keepOpen:
            return true
        case .close:
            return false
        case .closeGracefully:
            closeGracefully()
            return false
        case .reset:
            Platform.setResetOnClose(descriptor)
            return false
        case .waitForClientToClose:
            setReceiveTimeout(.zero)
            while receive(minimumFree: RequestDecoder.headReadSize) == .bytes { input.consumeAll() }
            return false
        }
    }

    // MARK: Socket

    /// One `recv` into the input buffer; interruptible by stop.
    private func receive(minimumFree: Int) -> Received {
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
    private func setReceiveTimeout(_ timeout: Duration) {
        guard timeout != receiveTimeout else { return }
        receiveTimeout = timeout
        Platform.setReceiveTimeout(descriptor, timeout > .zero ? timeout : nil)
    }

    /// Writes both buffers completely; `false` when the client is gone or stopped reading for the idle
    /// timeout.
    private func write(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Bool {
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
    private func closeGracefully() {
        Platform.shutdownWrite(descriptor)
        let lingerTime = context.idleTimeout > .zero ? min(context.idleTimeout, Self.lingerTime) : Self.lingerTime
        let end = ContinuousClock.now + lingerTime
        var drained = 0
        input.consumeAll()
        while drained < Self.lingerBytes {
            let now = ContinuousClock.now
            guard end > now else { return }
            setReceiveTimeout(end - now)
            guard receive(minimumFree: RequestDecoder.headReadSize) == .bytes else { return }
            drained += input.readableCount
            input.consumeAll()
        }
    }
}

extension StubRequest {
    /// The request as the decoder read it: path and query split from the target, fields in order, the
    /// body de-chunked.
    fileprivate init(head: RequestHead, body: [UInt8]) {
        let target = RequestTarget(head.target)
        self.init(
            method: head.method, path: target.path,
            query: target.query.map { QueryItem(name: $0.name, value: $0.value) },
            headers: HTTPHeaders(head.fields.map { HTTPHeaders.Field(name: $0.name, value: $0.value) }),
            body: body.isEmpty ? Data() : Data(body))
    }
}

// MARK: - Buffers and counters

/// The bytes a connection has received and not yet used: a growable buffer read into directly by `recv`.
private final class ReadBuffer {
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    private var start = 0
    private var end = 0

    /// An empty buffer with room for `capacity` bytes to begin with.
    init(capacity: Int = 4096) {
        self.capacity = capacity
        storage = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        storage.deallocate()
    }

    /// The number of bytes received and not yet consumed.
    var readableCount: Int { end - start }

    /// Calls `body` with the bytes received and not yet consumed.
    func withReadableBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: (storage + start).assumingMemoryBound(to: UInt8.self), count: end - start))
    }

    /// Marks the first `count` readable bytes as used.
    func consume(_ count: Int) {
        start += count
        if start == end {
            start = 0
            end = 0
        }
    }

    /// Forgets every readable byte.
    func consumeAll() {
        start = 0
        end = 0
    }

    /// Free space of at least `minimumFree` bytes after the readable bytes (moving or growing the storage),
    /// for `recv` to fill; report what it wrote with ``didWrite(_:)``.
    func freeSpace(minimumFree: Int) -> UnsafeMutableRawBufferPointer {
        if capacity - end < minimumFree && start > 0 {
            (storage).copyMemory(from: storage + start, byteCount: end - start)
            end -= start
            start = 0
        }
        if capacity - end < minimumFree {
            let newCapacity = max(capacity * 2, end + minimumFree)
            let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
            grown.copyMemory(from: storage, byteCount: end)
            storage.deallocate()
            storage = grown
            capacity = newCapacity
        }
        return UnsafeMutableRawBufferPointer(start: storage + end, count: capacity - end)
    }

    /// Adds `count` bytes written into the space ``freeSpace(minimumFree:)`` returned.
    func didWrite(_ count: Int) {
        end += count
    }
}

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
