import RecordReplayMessages
import Foundation
import RepositoryContractsPrimitives
import Dispatch

/// One client connection: the loop of the request path. Each round reads bytes and decodes a request
/// (``RequestDecoder``), asks the handler for its plan (the playback), and sends the answer
/// (``ResponseEncoder``), while the connection stays open.
///
/// A connection starts on an ``EventLoop``, which serves it without blocking
/// (``serveReadyRequests()``) for as long as every request arrives whole and is answered at once. The
/// first time something would block, the loop hands it to a thread of its own, which serves it with
/// blocking reads and writes (``continueOnOwnThread(_:)``) until that exchange is over, and gives it
/// back to the loop between requests. One thread at a time owns the connection: the loop or its own
/// thread.
///
/// No Swift-concurrency hop on the way: a `.deferred` plan is the only thing that waits for a task (a
/// `.blocking` one runs on the connection's thread).
///
/// Timeouts: ``ConnectionContext/idleTimeout`` while waiting for a request's first byte (the connection
/// then closes silently; on a loop the loop keeps that deadline, on a thread it is the socket's) and for
/// writes; after the first byte, each read waits
/// only until the request's deadline (``ConnectionContext/requestTimeout`` from its start), after which the
/// server answers 408. Bad requests are answered with their status and a `text/plain` reason, then the
/// connection closes.
final class Connection: @unchecked Sendable {
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

    /// The connection's socket.
    let descriptor: Int32
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
    /// The request the event loop started reading and did not finish, if any.
    private var decoder: RequestDecoder?
    /// The last request read from a head alone, with its bytes: a client sending them again gets it unparsed.
    private var repeatedHead = RepeatedRequestHead()
    /// The remembered head (its version) the request last read came from; `nil` when it came from none.
    private var readHeadVersion: Int?
    /// What the handler keeps from one request to the next.
    private var memo = RequestMemo()
    /// While parked on an event loop: when the loop closes the connection if no request starts.
    private(set) var idleDeadline: ContinuousClock.Instant?
    /// The event loop that serves the connection between exchanges (set by ``EventLoop/adopt(_:)``).
    var home: EventLoop?
    /// Since when the connection has waited for its next request on its own thread, before going back
    /// to its loop: its idle deadline counts from then.
    private var idleSince: ContinuousClock.Instant?

    /// A connection served on `slot`'s socket, with what the listener's connections share.
    init(slot: ConnectionSlot, context: ConnectionContext) {
        self.descriptor = slot.descriptor
        self.slot = slot
        self.context = context
        Platform.setSendTimeout(descriptor, context.idleTimeout)
    }

    /// Ends the connection: closes the socket and leaves the registry.
    private func finish() {
        releaseBody()
        slot.markClosed()
        Platform.closeDescriptor(descriptor)
        context.registry.remove(slot)
    }

    /// Gives back the body budget the request just answered held.
    private func releaseBody() {
        if reservedBodyBytes > 0 { context.bodyBudget.release(reservedBodyBytes) }
        reservedBodyBytes = 0
    }

    /// Reads one request, asks for its plan and carries it out; `false` when the connection is over.
    private func serveNextRequest() -> Bool {
        defer { releaseBody() }
        switch readRequest() {
        case .request(let request, let terms):
            ServerActivity.note("a stub server received a request")
            defer { ServerActivity.note("a stub server answered a request") }
            return carryOut(plan(for: request), honouring: terms)
        case .ended:
            return false
        case .refused(let error):
            return send(encoder.refusal(status: error.status, message: error.message))
        case .timedOut:
            return send(encoder.refusal(status: 408, message: "request not received within the request timeout"))
        }
    }

    // MARK: On an event loop

    /// What serving a connection on an event loop came to.
    enum LoopOutcome {
        /// Waiting for its next request on the loop; the loop closes it at `idleDeadline` (`nil`: never).
        case parked(idleDeadline: ContinuousClock.Instant?)
        /// Closed.
        case closed
        /// Moved to a thread of its own: the loop forgets it.
        case handedOff
    }

    /// What a connection's own thread takes over from the event loop.
    private enum HandOff {
        /// Reading the rest of a request that has started.
        case readRest
        /// Sending `100 Continue`, then reading the body.
        case sendContinue
        /// Carrying out a plan that is not ready at once (deferred, blocking, a fault).
        case carryOut(ResponsePlan, ResponseTerms)
        /// Sending the rest of a reply, then ending as it says.
        case finishSending(ResponseEncoder.Reply, alreadySent: Int)
        /// Ending an exchange whose reply went out (or failed) in a way that waits.
        case end(ResponseEncoder.Ending)
    }

    /// Waits on the loop for the next request: `.parked`, or `.closed` when the server is stopping.
    func park() -> LoopOutcome {
        guard slot.beginWaiting() else {
            finish()
            return .closed
        }
        let since = idleSince ?? ContinuousClock.now
        idleSince = nil
        idleDeadline = context.idleTimeout > .zero ? since + context.idleTimeout : nil
        return .parked(idleDeadline: idleDeadline)
    }

    /// Closes the connection, parked on the loop, when its idle deadline has passed at `now`; `true` when
    /// it did.
    func closeIfIdle(at now: ContinuousClock.Instant) -> Bool {
        guard let idleDeadline, idleDeadline <= now else { return false }
        _ = slot.endWaiting()
        finish()
        return true
    }

    /// Serves, without blocking, every request whose bytes have arrived, on the event loop's thread; the
    /// loop calls it when the socket is readable. Whatever would block hands the connection to a thread of
    /// its own.
    func serveReadyRequests() -> LoopOutcome {
        idleDeadline = nil
        guard slot.endWaiting() else {
            finish()
            return .closed
        }
        var minimumFree = RequestDecoder.headReadSize
        while true {
            if decoder != nil || input.readableCount > 0 {
                let resuming = self.decoder != nil
                var decoder = self.decoder ?? RequestDecoder(limits: context.limits)
                let step: RequestDecoder.Step
                do throws(HTTPRequestError) {
                    step = try decodeInput(with: &decoder, resuming: resuming)
                } catch {
                    self.decoder = nil
                    if let outcome = sendOnLoop(encoder.refusal(status: error.status, message: error.message)) {
                        return outcome
                    }
                    continue
                }
                switch step {
                case .request(let request, let terms):
                    self.decoder = nil
                    if let outcome = answerOnLoop(request, honouring: terms) { return outcome }
                    // Nothing pipelined behind it: wait on the loop rather than try a read that finds nothing.
                    if input.readableCount == 0 { return park() }
                    continue
                case .sendContinue:
                    self.decoder = decoder
                    return handOff(.sendContinue)
                case .needsBytes(let free):
                    self.decoder = decoder
                    minimumFree = free
                }
            }
            let count = Platform.receiveWithoutWaiting(descriptor, into: input.freeSpace(minimumFree: minimumFree))
            if count > 0 {
                input.didWrite(count)
                continue
            }
            guard count < 0 && Platform.lastError == Platform.wouldBlock else {
                // End of stream, or the connection failed.
                finish()
                return .closed
            }
            if decoder != nil { return handOff(.readRest) }
            return park()
        }
    }

    /// Asks for the request's plan and answers it on the loop when it is ready at once; `nil` when the
    /// connection stays on the loop for the next request.
    private func answerOnLoop(_ request: StubRequest, honouring terms: ResponseTerms) -> LoopOutcome? {
        let decided = plan(for: request)
        guard case .respond(let response) = decided else {
            ServerActivity.note("a stub server received a request")
            return handOff(.carryOut(decided, terms))
        }
        // Before sending: once the connection is handed off, its own thread owns this state.
        releaseBody()
        // Received and answered: the plan returns at once (it never waits), so the two are noted together.
        ServerActivity.note("a stub server answered a request", movements: 2)
        return sendOnLoop(encoder.reply(with: response, honouring: terms, stopRequested: slot.isStopRequested))
    }

    /// Sends a reply with the socket's send buffer as it is, and ends as it says; `nil` when the connection
    /// stays on the loop. What does not fit, and the endings that wait, go on on the connection's own thread.
    private func sendOnLoop(_ reply: ResponseEncoder.Reply) -> LoopOutcome? {
        var ending = reply.ending
        if reply.sends {
            let total = encoder.output.count + reply.body.count
            let sent = encoder.output.withUnsafeBytes { head in
                reply.body.withUnsafeBytes { body in Platform.sendWithoutWaiting(descriptor, head, body) }
            }
            if sent < 0 && Platform.lastError != Platform.wouldBlock {
                ending = reply.endingIfUnsent
            } else if sent < total {
                return handOff(.finishSending(reply, alreadySent: max(sent, 0)))
            }
        }
        switch ending {
        case .keepOpen:
            return nil
        case .close:
            finish()
            return .closed
        case .reset:
            Platform.setResetOnClose(descriptor)
            finish()
            return .closed
        case .closeGracefully, .waitForClientToClose:
            return handOff(.end(ending))
        }
    }

    /// Starts the connection's own thread, which takes over `work` (see ``continueOnOwnThread(_:)``).
    private func handOff(_ work: HandOff) -> LoopOutcome {
        let thread = Thread { [self] in continueOnOwnThread(work) }
        thread.stackSize = ConnectionContext.threadStackSize
        thread.start()
        return .handedOff
    }

    /// Takes over from the event loop: does `work`, serves with blocking reads and writes what was read
    /// ahead of it and what arrives within ``ConnectionContext/handBackAfter`` of each answer, then gives
    /// the connection back to its loop; it closes the connection instead when the exchange ended it, and
    /// serves it to the end itself when the loop has ended (the server stops).
    private func continueOnOwnThread(_ work: HandOff) {
        var open: Bool
        switch work {
        case .readRest:
            open = true
        case .sendContinue:
            open = ResponseEncoder.continueResponse.withUnsafeBytes {
                write($0, UnsafeRawBufferPointer(start: nil, count: 0))
            }
        case .carryOut(let plan, let terms):
            open = carryOut(plan, honouring: terms)
            releaseBody()
            ServerActivity.note("a stub server answered a request")
        case .finishSending(let reply, let alreadySent):
            open = send(reply, alreadySent: alreadySent)
        case .end(let ending):
            open = end(as: ending)
        }
        while open {
            if decoder == nil && input.readableCount == 0, let home {
                switch awaitNextRequest() {
                case .arrived:
                    break
                case .quiet:
                    // Back to the loop, where an idle connection waits without a thread. (The loop may
                    // serve it at once, so nothing here touches it afterwards.)
                    if home.adopt(self) { return }
                case .over:
                    open = false
                    continue
                }
            }
            open = serveNextRequest()
        }
        finish()
    }

    /// What waiting on the connection's own thread for its next request came to.
    private enum NextRequest {
        /// Its first bytes arrived.
        case arrived
        /// None started within ``ConnectionContext/handBackAfter``: the connection may go back to its loop.
        case quiet
        /// The client closed, the idle timeout passed, or the server is stopping.
        case over
    }

    /// Waits up to ``ConnectionContext/handBackAfter`` (and within the idle timeout) for the next
    /// request's first bytes, so that a client answered late again and again keeps its thread rather than
    /// start a new one for each exchange. Notes when the wait began, for the loop's idle deadline.
    private func awaitNextRequest() -> NextRequest {
        idleSince = ContinuousClock.now
        let linger = context.handBackAfter
        guard linger > .zero else { return .quiet }
        let idleEndsFirst = context.idleTimeout > .zero && context.idleTimeout <= linger
        setReceiveTimeout(idleEndsFirst ? context.idleTimeout : linger)
        switch receive(minimumFree: RequestDecoder.headReadSize) {
        case .bytes: return .arrived
        case .timedOut: return idleEndsFirst ? .over : .quiet
        case .endOfStream, .failed, .stopped: return .over
        }
    }

    // MARK: Reading a request

    /// The next request, or why there is none: waits up to the idle timeout for its first byte, then
    /// reads until ``RequestDecoder`` has it all, within the request deadline.
    private func readRequest() -> Incoming {
        if decoder == nil && input.readableCount == 0 {
            setReceiveTimeout(context.idleTimeout)
            guard receive(minimumFree: RequestDecoder.headReadSize) == .bytes else { return .ended }
        }
        // A request the event loop started reading goes on where it stopped; its deadline starts here.
        var resuming = self.decoder != nil
        var decoder = self.decoder ?? RequestDecoder(limits: context.limits)
        var deadline: ContinuousClock.Instant?
        self.decoder = nil
        do throws(HTTPRequestError) {
            while true {
                let step = try decodeInput(with: &decoder, resuming: resuming)
                resuming = true
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

    /// The next step of reading a request from the input, whose bytes it used are consumed: the repeated
    /// head's request when a new request's bytes repeat it (`resuming`: `decoder` has started on this
    /// request, so they cannot), else `decoder`'s step. A request it gives is remembered when it came from
    /// a head alone.
    private func decodeInput(with decoder: inout RequestDecoder, resuming: Bool) throws(HTTPRequestError)
        -> RequestDecoder.Step
    {
        readHeadVersion = nil
        let (step, used) = try input.withReadableBytes { bytes throws(HTTPRequestError) -> (RequestDecoder.Step, Int) in
            if !resuming, let repeated = repeatedHead.match(bytes) {
                readHeadVersion = repeatedHead.version
                return (.request(repeated.request, repeated.terms), repeated.used)
            }
            let (step, used) = try decoder.decode(bytes, reservingBody: reserveBody)
            if case .request(let request, let terms) = step,
                repeatedHead.remember(request, terms: terms, decodedBy: decoder, from: bytes, used: used)
            {
                readHeadVersion = repeatedHead.version
            }
            return (step, used)
        }
        input.consume(used)
        return step
    }

    /// The handler's plan for `request`, the request last read, with what the handler kept from the last
    /// one it was given.
    private func plan(for request: StubRequest) -> ResponsePlan {
        memo.prepare(headVersion: readHeadVersion)
        return context.handler(request, &memo)
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

    /// Sends the encoder's reply (less the first `alreadySent` bytes, which went out before) and ends the
    /// connection as it says; `true` when the connection stays open.
    private func send(_ reply: ResponseEncoder.Reply, alreadySent: Int = 0) -> Bool {
        var sent = true
        if reply.sends {
            sent = encoder.output.withUnsafeBytes { head in
                reply.body.withUnsafeBytes { body in
                    var head = head, body = body
                    Self.advance(&head, &body, by: alreadySent)
                    return write(head, body)
                }
            }
        }
        return end(as: sent ? reply.ending : reply.endingIfUnsent)
    }

    /// Ends the exchange as `ending` says; `true` when the connection stays open.
    private func end(as ending: ResponseEncoder.Ending) -> Bool {
        switch ending {
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
            Self.advance(&first, &second, by: count)
        }
        return true
    }

    /// Drops the first `count` bytes of the two buffers sent one after the other.
    private static func advance(_ first: inout UnsafeRawBufferPointer, _ second: inout UnsafeRawBufferPointer, by count: Int) {
        guard count > 0 else { return }
        if count < first.count {
            first = UnsafeRawBufferPointer(rebasing: first[count...])
        } else {
            second = UnsafeRawBufferPointer(rebasing: second[(count - first.count)...])
            first = UnsafeRawBufferPointer(start: nil, count: 0)
        }
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
