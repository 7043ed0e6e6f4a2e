/// Reads one request out of the bytes a connection has received: the head through
/// ``RequestHeadScanner`` and ``RequestHeadParser``, then the body as the head frames it
/// (`Content-Length`, or chunked through ``ChunkedBodyDecoder``).
///
/// It does no I/O. The connection calls ``decode(_:reservingBody:)`` with every byte received and not
/// yet used, drops the bytes the call used, and does what the step asks: read more, or send
/// `100 Continue` and call again. Bytes after the request (a pipelined next one) are left unused.
/// Standard library only, like the rest of the parser (it is compiled alone for fuzzing).
package struct RequestDecoder {
    /// The free space each read of a request head asks for.
    package static let headReadSize = 4096
    /// The free space each read of a body asks for.
    package static let bodyReadSize = 64 * 1024

    /// What the decoder needs next, or the request.
    package enum Step: Equatable {
        /// More bytes of the request: a read into at least `minimumFree` bytes of free space.
        case needsBytes(minimumFree: Int)
        /// The client waits for `100 Continue` before it sends the body: send it, then decode on.
        case sendContinue
        /// The request, complete.
        case request(RequestHead, body: [UInt8])
    }

    private let limits: HTTPParserLimits
    private var scanner: RequestHeadScanner
    /// The head, once it is read.
    private var head: RequestHead?
    /// Whether the body has started: its bytes reserved (`Content-Length`), `100 Continue` asked for.
    private var bodyStarted = false
    /// The chunked body's decoder, once a chunked body has started.
    private var chunks: ChunkedBodyDecoder?
    private var body: [UInt8] = []
    /// The body bytes reserved so far through the caller's `reservingBody`.
    private var reservedBodyBytes = 0

    /// A decoder for one request.
    package init(limits: HTTPParserLimits) {
        self.limits = limits
        self.scanner = RequestHeadScanner(limits: limits)
    }

    /// Decodes what it can of `bytes` (everything received and not yet used, from where the last call
    /// stopped) and returns the next step with how many bytes of `bytes` it used.
    ///
    /// `reservingBody` is called with each count of body bytes the request is about to hold (the whole
    /// `Content-Length` before the body is read, a chunked body as it grows); it throws to refuse them.
    ///
    /// - Throws: ``HTTPRequestError`` for a request the server answers with an error status.
    package mutating func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, reservingBody: (Int) throws(HTTPRequestError) -> Void
    ) throws(HTTPRequestError) -> (step: Step, used: Int) {
        var used = 0
        let head: RequestHead
        if let known = self.head {
            head = known
        } else {
            guard case .head(let start, let end) = try scanner.scan(bytes) else {
                return (.needsBytes(minimumFree: Self.headReadSize), 0)
            }
            head = try RequestHeadParser.parse(UnsafeBufferPointer(rebasing: bytes[start..<end]), limits: limits)
            self.head = head
            used = end
        }
        if !bodyStarted {
            bodyStarted = true
            switch head.framing {
            case .none:
                return (.request(head, body: []), used)
            case .contentLength(let length):
                try reserve(length, reservingBody)
                body.reserveCapacity(min(length, Self.bodyReadSize * 16))
            case .chunked:
                chunks = ChunkedBodyDecoder(limits: limits)
            }
            if head.expectsContinue && used == bytes.count { return (.sendContinue, used) }
        }
        let rest = UnsafeBufferPointer(rebasing: bytes[used...])
        switch head.framing {
        case .none:
            break
        case .contentLength(let length):
            let take = min(length - body.count, rest.count)
            body.append(contentsOf: UnsafeBufferPointer(rebasing: rest[0..<take]))
            used += take
            if body.count < length { return (.needsBytes(minimumFree: Self.bodyReadSize), used) }
        case .chunked:
            var decoder = chunks ?? ChunkedBodyDecoder(limits: limits)
            used += try decoder.decode(rest, into: &body)
            chunks = decoder
            if body.count > reservedBodyBytes { try reserve(body.count - reservedBodyBytes, reservingBody) }
            if !decoder.isComplete { return (.needsBytes(minimumFree: Self.bodyReadSize), used) }
        }
        return (.request(head, body: body), used)
    }

    private mutating func reserve(_ count: Int, _ reservingBody: (Int) throws(HTTPRequestError) -> Void)
        throws(HTTPRequestError)
    {
        guard count > 0 else { return }
        try reservingBody(count)
        reservedBodyBytes += count
    }
}
