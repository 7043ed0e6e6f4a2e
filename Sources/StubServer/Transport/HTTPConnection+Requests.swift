/// Reading requests: the head through the scanner and parser, then the body as it is framed, within the
/// request deadline.
extension HTTPConnection {
    /// The next request, or why there is none.
    func readRequest() -> Incoming {
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
            try reserveBody(length)
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
                if body.count > reservedBodyBytes {
                    try reserveBody(body.count - reservedBodyBytes)
                }
                if decoder.isComplete { break }
                if let failure = receiveMore(before: &deadline, minimumFree: Self.bodyReadChunk) { return failure }
            }
        }
        return .request(head, body: body)
    }

    /// Takes `count` more bytes from the listener's body budget for the request being read, or throws
    /// (and tells the listener) when the bodies held would go beyond it.
    private func reserveBody(_ count: Int) throws(HTTPRequestError) {
        guard count > 0 else { return }
        guard context.bodyBudget.reserve(count) else {
            context.onRefusal(ConnectionRefusal(reason: .bodyMemory(limit: context.bodyBudget.limit)))
            throw .bodyMemoryExhausted(limit: context.bodyBudget.limit)
        }
        reservedBodyBytes += count
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
}
