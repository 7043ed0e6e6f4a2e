/// The fields that decide how a request's body is delimited and what happens to the connection, collected
/// while the header section is parsed, then checked together (RFC 9112 §6, §9.3; RFC 9110 §10.1.1).
struct FramingFields {
    private var contentLengths: [Slice<UnsafeBufferPointer<UInt8>>] = []
    private var transferCodings: [Slice<UnsafeBufferPointer<UInt8>>] = []
    private var hasTransferEncoding = false
    private var connectionClose = false
    private var connectionKeepAlive = false
    private var expectsContinue = false
    private var hostCount = 0

    /// Looks at one field; ignores those that do not matter for framing.
    mutating func note(name: Slice<UnsafeBufferPointer<UInt8>>, value: Slice<UnsafeBufferPointer<UInt8>>) {
        switch name.count {
        case 4 where HTTPByte.equalsIgnoringCase(name, "host"):
            hostCount += 1
        case 6 where HTTPByte.equalsIgnoringCase(name, "expect"):
            expectsContinue = expectsContinue || HTTPByte.equalsIgnoringCase(value, "100-continue")
        case 10 where HTTPByte.equalsIgnoringCase(name, "connection"):
            for option in HTTPByte.listElements(value) {
                if HTTPByte.equalsIgnoringCase(option, "close") { connectionClose = true }
                if HTTPByte.equalsIgnoringCase(option, "keep-alive") { connectionKeepAlive = true }
            }
        case 14 where HTTPByte.equalsIgnoringCase(name, "content-length"):
            contentLengths.append(contentsOf: HTTPByte.listElements(value))
            if HTTPByte.listElements(value).isEmpty { contentLengths.append(value) }
        case 17 where HTTPByte.equalsIgnoringCase(name, "transfer-encoding"):
            hasTransferEncoding = true
            transferCodings.append(contentsOf: HTTPByte.listElements(value))
        default:
            break
        }
    }

    /// Sets the request's framing, keep-alive and expectation, or throws when the fields contradict.
    func apply(to request: inout RequestHead, limits: HTTPParserLimits) throws(HTTPRequestError) {
        if hostCount > 1 { throw .multipleHosts }
        let isHTTP11 = request.minorVersion >= 1
        if isHTTP11 && hostCount == 0 { throw .missingHost }
        request.keepAlive = !connectionClose && (isHTTP11 || connectionKeepAlive)
        request.expectsContinue = isHTTP11 && expectsContinue
        if hasTransferEncoding {
            if !contentLengths.isEmpty { throw .contentLengthWithTransferEncoding }
            if !isHTTP11 { throw .transferEncodingInHTTP10 }
            request.framing = try chunkedFraming()
        } else if !contentLengths.isEmpty {
            let length = try contentLength()
            if length > limits.maxBodyBytes { throw .bodyTooLarge }
            request.framing = length == 0 ? .none : .contentLength(length)
        }
    }

    private func chunkedFraming() throws(HTTPRequestError) -> BodyFraming {
        guard let last = transferCodings.last, HTTPByte.equalsIgnoringCase(last, "chunked") else {
            throw .malformedTransferEncoding
        }
        for coding in transferCodings.dropLast() {
            if HTTPByte.equalsIgnoringCase(coding, "chunked") { throw .malformedTransferEncoding }
            throw .unsupportedTransferCoding
        }
        return .chunked
    }

    /// The one length all `Content-Length` values agree on; saturates at `Int.max` for absurd values.
    private func contentLength() throws(HTTPRequestError) -> Int {
        var agreed: Int?
        for text in contentLengths {
            guard !text.isEmpty, text.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { throw .invalidContentLength }
            var value = 0
            for byte in text {
                let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(Int(byte - 0x30))
                value = overflow1 || overflow2 ? Int.max : sum
            }
            if let agreed, agreed != value { throw .conflictingContentLength }
            agreed = value
        }
        return agreed ?? 0
    }
}
