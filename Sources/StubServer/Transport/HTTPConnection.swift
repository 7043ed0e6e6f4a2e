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

    private static let readChunk = 4096
    private static let bodyReadChunk = 64 * 1024
    private static let copiedBodyLimit = 32 * 1024
    private static let noTimeout = Duration.zero
    private static let lingerTime = Duration.seconds(2)
    private static let lingerBytes = 1 << 20

    private let descriptor: Int32
    private let slot: ConnectionSlot
    private let context: ConnectionContext
    private let input = ReadBuffer()
    private var output: [UInt8] = []
    private var receiveTimeout = Duration.nanoseconds(-1)

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
        switch readRequest() {
        case .request(let head, let body):
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

    // MARK: Reading requests

    private func readRequest() -> Incoming {
        if input.readableCount == 0 {
            setReceiveTimeout(context.idleTimeout)
            guard receive(minimumFree: Self.readChunk) == .bytes else { return .ended }
        }
        var deadline: ContinuousClock.Instant?
        do throws(HTTPRequestError) {
            var scanner = RequestHeadScanner(limits: context.limits)
            var head: RequestHead?
            while head == nil {
                let limits = context.limits
                head = try input.withReadableBytes { bytes throws(HTTPRequestError) -> RequestHead? in
                    guard case .head(let start, let end) = try scanner.scan(bytes) else { return nil }
                    let parsed = try RequestHeadParser.parse(UnsafeBufferPointer(rebasing: bytes[start..<end]), limits: limits)
                    input.consume(end)
                    return parsed
                }
                if head == nil, let failure = receiveMore(before: &deadline, minimumFree: Self.readChunk) {
                    return failure
                }
            }
            guard let head else { return .ended }
            return try readBody(of: head, before: &deadline)
        } catch {
            return .refused(error)
        }
    }

    private func readBody(of head: RequestHead, before deadline: inout ContinuousClock.Instant?)
        throws(HTTPRequestError) -> Incoming
    {
        var body: [UInt8] = []
        switch head.framing {
        case .none:
            break
        case .contentLength(let length):
            guard sendContinueIfExpected(by: head) else { return .ended }
            body.reserveCapacity(min(length, Self.bodyReadChunk * 16))
            while true {
                let take = min(length - body.count, input.readableCount)
                input.withReadableBytes { body.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<take])) }
                input.consume(take)
                if body.count == length { break }
                if let failure = receiveMore(before: &deadline, minimumFree: Self.bodyReadChunk) { return failure }
            }
        case .chunked:
            guard sendContinueIfExpected(by: head) else { return .ended }
            var decoder = ChunkedBodyDecoder(limits: context.limits)
            while true {
                let used = try input.withReadableBytes { bytes throws(HTTPRequestError) in
                    try decoder.decode(bytes, into: &body)
                }
                input.consume(used)
                if decoder.isComplete { break }
                if let failure = receiveMore(before: &deadline, minimumFree: Self.bodyReadChunk) { return failure }
            }
        }
        return .request(head, body: body)
    }

    /// Sends `100 Continue` when the client waits for it and has sent none of the body yet; `false` when
    /// the write failed.
    private func sendContinueIfExpected(by head: RequestHead) -> Bool {
        guard head.expectsContinue && input.readableCount == 0 else { return true }
        return ResponseSerializer.continueResponse.withUnsafeBytes { write($0, UnsafeRawBufferPointer(start: nil, count: 0)) }
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

    // MARK: Answering

    /// Carries out a plan; `true` when the connection stays open for another request.
    private func carryOut(_ plan: ResponsePlan, for head: RequestHead) -> Bool {
        var plan = plan
        while true {
            switch plan {
            case .respond(let response):
                return respond(with: response, to: head)
            case .fault(let fault):
                perform(fault, for: head)
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

    private func respond(with response: StubResponse, to head: RequestHead) -> Bool {
        let response = ResponseSerializer.sendable(response)
        let closing =
            !head.keepAlive || response.status < 200 || slot.isStopRequested || Self.asksToClose(response.headers)
        let allowsBody = ResponseSerializer.statusAllowsBody(response.status)
        output.removeAll(keepingCapacity: true)
        ResponseSerializer.appendHead(
            of: response, contentLength: allowsBody ? response.body.count : nil,
            connection: closing ? .close : head.minorVersion == 0 ? .keepAlive : .none, into: &output)
        let sendsBody = allowsBody && !head.isHead && !response.body.isEmpty
        let sent: Bool
        if sendsBody && response.body.count > Self.copiedBodyLimit {
            sent = response.body.withUnsafeBytes { body in output.withUnsafeBytes { write($0, body) } }
        } else {
            if sendsBody { response.body.withUnsafeBytes { output.append(contentsOf: $0) } }
            sent = output.withUnsafeBytes { write($0, UnsafeRawBufferPointer(start: nil, count: 0)) }
        }
        guard sent else { return false }
        if closing {
            closeGracefully()
            return false
        }
        return true
    }

    /// Whether the response's own `Connection` field says `close`.
    private static func asksToClose(_ headers: HTTPHeaders) -> Bool {
        headers.fields.contains { field in
            field.name.equalsIgnoringASCIICase("connection")
                && field.value.split(separator: ",").contains {
                    String($0).trimmingCharacters(in: .whitespaces).equalsIgnoringASCIICase("close")
                }
        }
    }

    private func perform(_ fault: ConnectionFault, for head: RequestHead) {
        switch fault {
        case .connectionReset:
            Platform.setResetOnClose(descriptor)
        case .closeWithoutReply:
            closeGracefully()
        case .malformedResponse(let bytes):
            _ = bytes.withUnsafeBytes { write($0, UnsafeRawBufferPointer(start: nil, count: 0)) }
            closeGracefully()
        case .truncatedBody(let response, let keepingBytes):
            let response = ResponseSerializer.sendable(response)
            let allowsBody = ResponseSerializer.statusAllowsBody(response.status)
            output.removeAll(keepingCapacity: true)
            ResponseSerializer.appendHead(
                of: response, contentLength: allowsBody ? response.body.count : nil,
                connection: head.minorVersion == 0 && head.keepAlive ? .keepAlive : .none, into: &output)
            let kept = allowsBody && !head.isHead ? min(max(keepingBytes, 0), response.body.count) : 0
            _ = response.body.withUnsafeBytes { body in
                output.withUnsafeBytes { write($0, UnsafeRawBufferPointer(rebasing: body[0..<kept])) }
            }
            closeGracefully()
        case .neverRespond:
            setReceiveTimeout(Self.noTimeout)
            while receive(minimumFree: Self.readChunk) == .bytes { input.consumeAll() }
        }
    }

    /// Answers a request the server refuses, then closes.
    private func refuse(status: Int, message: String) {
        output.removeAll(keepingCapacity: true)
        ResponseSerializer.appendErrorResponse(status: status, message: message, into: &output)
        if output.withUnsafeBytes({ write($0, UnsafeRawBufferPointer(start: nil, count: 0)) }) {
            closeGracefully()
        }
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
            guard receive(minimumFree: Self.readChunk) == .bytes else { return }
            drained += input.readableCount
            input.consumeAll()
        }
    }
}
