import RecordReplayMessages
import Foundation
import RepositoryContractsPrimitives
import Dispatch

/// One client connection, served on its own thread with blocking reads and writes: the loop of the
/// request path. Each round reads bytes and decodes a request (``RequestDecoder``), asks the handler for
/// its plan (the playback), and sends the answer (``ResponseEncoder``), while the connection stays open.
///
/// No Swift-concurrency hop on the way: a `.deferred` plan is the only thing that waits for a task (a
/// `.blocking` one runs on this thread).
/// Timeouts are socket timeouts: ``ConnectionContext/idleTimeout`` while waiting for a request's first
/// byte (the connection then closes silently) and for writes; after the first byte, each read waits
/// only until the request's deadline (``ConnectionContext/requestTimeout`` from its start), after which the
/// server answers 408. Bad requests are answered with their status and a `text/plain` reason, then the
/// connection closes.
final class Connection {
    /// A request read from the connection, or why there is none.
    private enum Incoming {
        case request(StubRequest, ResponseTerms)
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
    /// Encodes each answer into its reused buffer.
    private var encoder = ResponseEncoder()
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
        case .request(let request, let terms):
            ServerActivity.note("a stub server received a request")
            defer { ServerActivity.note("a stub server answered a request") }
            return carryOut(context.handler(request), honouring: terms)
        case .ended:
            return false
        case .refused(let error):
            return send(encoder.refusal(status: error.status, message: error.message))
        case .timedOut:
            return send(encoder.refusal(status: 408, message: "request not received within the request timeout"))
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
                case .request(let request, let terms):
                    return .request(request, terms)
                case .sendContinue:
                    let sent = ResponseEncoder.continueResponse.withUnsafeBytes {
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

    /// Carries out a plan as the request's `terms` ask, waiting for a deferred one; `true` when the
    /// connection stays open for another request.
    private func carryOut(_ plan: ResponsePlan, honouring terms: ResponseTerms) -> Bool {
        var plan = plan
        while true {
            switch plan {
            case .respond(let response):
                return send(encoder.reply(with: response, honouring: terms, stopRequested: slot.isStopRequested))
            case .fault(let fault):
                _ = send(encoder.reply(with: fault, honouring: terms))
                return false
            case .deferred(let decide):
                let wait = DeferredPlanWait()
                guard slot.attach(wait) else { return false }
                if context.registry.dropsPendingAnswers { wait.cancel() }
                wait.start(decide)
                let decided = wait.wait()
                slot.detachDeferredPlan()
                guard let decided else { return false }
                plan = decided
            case .blocking(let decision):
                let run = BlockingDecisionRun(decision)
                guard slot.attach(run) else { return false }
                if context.registry.dropsPendingAnswers { run.cancel() }
                let decided = run.run()
                slot.detachDeferredPlan()
                guard let decided else { return false }
                plan = decided
            }
        }
    }

    /// Sends the encoder's reply and ends the connection as it says; `true` when the connection stays open.
    private func send(_ reply: ResponseEncoder.Reply) -> Bool {
        var sent = true
        if reply.sends {
            sent = encoder.output.withUnsafeBytes { head in reply.body.withUnsafeBytes { write(head, $0) } }
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
            slot.markHoldingUnansweredRequest()
            if context.registry.dropsPendingAnswers { return false }
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

    /// Counts one request received or one response finished, for the process's activity too.
    static func note(_ what: StaticString) {
        counter.withLock { $0 &+= 1 }
        ProcessActivity.note(what)
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
