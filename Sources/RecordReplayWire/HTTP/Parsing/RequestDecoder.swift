package import RecordReplayMessages
import Foundation

/// Reads one request out of the bytes a connection has received, as the ``StubRequest`` the handler gets
/// and the ``ResponseTerms`` its answer must honour: the head through ``RequestHeadScanner`` and
/// ``RequestHeadParser``, then the body as the head frames it (`Content-Length`, or chunked through
/// ``ChunkedBodyDecoder``).
///
/// It does no I/O. The connection calls ``decode(_:reservingBody:)`` with every byte received and not
/// yet used, drops the bytes the call used, and does what the step asks: read more, or send
/// `100 Continue` and call again. Bytes after the request (a pipelined next one) are left unused.
/// The decoder needs no socket: `.ci/fuzz` drives it through the whole wire module (and the modules
/// under it), each compiled from its folder.
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
        /// The request, complete, and what its response must honour.
        case request(StubRequest, ResponseTerms)
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

    /// Whether the request it gave came from its head alone, with no body framed: the call that found the
    /// head's end gave it, and the bytes that call used, from the first, are the whole request.
    package var gaveHeadAlone: Bool {
        guard let head else { return false }
        return head.framing == BodyFraming.none
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
                return (.request(head.request, head.terms), used)
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
        var request = head.request
        if !body.isEmpty { request.body = Data(body) }
        return (.request(request, head.terms), used)
    }

    private mutating func reserve(_ count: Int, _ reservingBody: (Int) throws(HTTPRequestError) -> Void)
        throws(HTTPRequestError)
    {
        guard count > 0 else { return }
        try reservingBody(count)
        reservedBodyBytes += count
    }
}

/// What a request asks of its response beyond the response's content; the response encoder honours it.
package struct ResponseTerms: Equatable, Sendable {
    /// The method is `HEAD`: the response goes without its body.
    package var isHead: Bool
    /// The request is HTTP/1.0: keeping the connection open then takes `Connection: keep-alive`.
    package var isHTTP10: Bool
    /// Whether the client lets the connection stay open after the response.
    package var keepAlive: Bool

    /// Creates terms.
    package init(isHead: Bool = false, isHTTP10: Bool = false, keepAlive: Bool = true) {
        self.isHead = isHead
        self.isHTTP10 = isHTTP10
        self.keepAlive = keepAlive
    }
}

/// A request's head as ``RequestHeadParser`` reads it: the request without its body, what the response
/// must honour, and how the body is delimited. The decoder's own step: it hands on only the request and
/// the terms.
package struct RequestHead: Equatable, Sendable {
    /// Method, path, query and header fields in order; the body is empty until the decoder reads it.
    package var request: StubRequest
    /// What the response must honour.
    package var terms: ResponseTerms
    /// How the body is delimited.
    package var framing: BodyFraming
    /// Whether the client waits for `100 Continue` before sending the body (HTTP/1.1 only).
    package var expectsContinue: Bool
}

/// How a request's body is delimited (RFC 9112 §6.3).
package enum BodyFraming: Equatable, Sendable {
    /// No body.
    case none
    /// Exactly this many bytes.
    case contentLength(Int)
    /// Chunked transfer coding.
    case chunked
}

/// Finds where a request's head (request line and header section) ends while its bytes arrive piece by
/// piece, and enforces the size limits before the whole head is in.
///
/// Each call to ``scan(_:)`` gets every byte of the request received so far, from its first byte; the
/// scanner resumes where it stopped, so a head trickled byte by byte costs linear time. Lines end with
/// CRLF or a bare LF (RFC 9112 §2.2 lets a recipient accept LF alone); up to four empty lines before
/// the request line are skipped.
package struct RequestHeadScanner: Sendable {
    /// What the scanner found.
    package enum Outcome: Equatable, Sendable {
        /// The head is not complete yet.
        case needMoreBytes
        /// The head is `bytes[start..<end]`; `end` is just after the empty line (the body starts there).
        case head(start: Int, end: Int)
    }

    private static let maxLeadingEmptyLines = 4

    private let limits: HTTPParserLimits
    private var position = 0
    private var lineStart = 0
    private var headStart = 0
    private var requestLineEnd: Int?
    private var fieldLines = 0
    private var leadingEmptyLines = 0

    /// Creates a scanner for one request.
    package init(limits: HTTPParserLimits) {
        self.limits = limits
    }

    /// Scans the bytes received so far; throws as soon as a limit is exceeded.
    package mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(HTTPRequestError) -> Outcome {
        var index = position
        while index < bytes.count {
            if bytes[index] == HTTPByte.lineFeed {
                if let end = try endLine(at: index, in: bytes) {
                    position = end
                    return .head(start: headStart, end: end)
                }
                lineStart = index + 1
            }
            index += 1
        }
        position = index
        if let requestLineEnd {
            if bytes.count - (requestLineEnd + 1) > limits.maxHeaderBytes { throw .headerSectionTooLarge }
        } else if bytes.count - lineStart > limits.maxRequestLineBytes + 1 {
            throw .requestLineTooLong
        }
        return .needMoreBytes
    }

    /// Accounts for the line ending with the LF at `index`; returns the head's end if it was the empty
    /// line closing the header section.
    private mutating func endLine(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) throws(HTTPRequestError)
        -> Int?
    {
        var contentEnd = index
        if contentEnd > lineStart && bytes[contentEnd - 1] == HTTPByte.carriageReturn { contentEnd -= 1 }
        let isEmpty = contentEnd == lineStart
        guard let requestLineEnd else {
            if isEmpty {
                leadingEmptyLines += 1
                if leadingEmptyLines > Self.maxLeadingEmptyLines { throw .tooManyEmptyLines }
                headStart = index + 1
            } else {
                if contentEnd - lineStart > limits.maxRequestLineBytes { throw .requestLineTooLong }
                self.requestLineEnd = index
            }
            return nil
        }
        // The size is checked at every line, before the count, so the error does not depend on how the
        // bytes were split into reads.
        if index - requestLineEnd > limits.maxHeaderBytes { throw .headerSectionTooLarge }
        if isEmpty { return index + 1 }
        fieldLines += 1
        if fieldLines > limits.maxHeaderCount { throw .tooManyHeaderFields }
        return nil
    }
}

/// Parses a complete request head (as delimited by ``RequestHeadScanner``) into a ``RequestHead``,
/// following RFC 9112.
///
/// Decisions where the RFC leaves a choice:
/// - A bare LF ends a line like CRLF does (§2.2 MAY); a CR anywhere else is rejected (400).
/// - The request line is split on single spaces only; extra whitespace is a malformed line (400).
/// - `HTTP/1.x` with a minor version above 1 is served as HTTP/1.1 (RFC 9110 §6.2); a major version
///   other than 1 is 505; anything not `HTTP/<digit>.<digit>` is 400.
/// - Targets: origin form (`/path?query`), absolute form (`http://host/path`), and `*` for OPTIONS.
///   Any visible ASCII except `#` is accepted in them; controls, spaces and non-ASCII bytes are 400.
///   The authority form (`host:port`) is accepted for `CONNECT` only, and only when the limits say
///   ``HTTPParserLimits/acceptsConnect`` (a proxy's listener); a `CONNECT` then takes no other form.
/// - Obsolete line folding is rejected (400); so is whitespace between a field name and its colon.
/// - `Content-Length` repeated with one value (also as a list) is accepted; differing values are 400.
///   `Content-Length` with `Transfer-Encoding` is 400; `Transfer-Encoding` in HTTP/1.0 is 400; a
///   coding other than `chunked` is 501.
/// - HTTP/1.1 requires exactly one `Host` field; more than one is 400 in any version.
package enum RequestHeadParser {
    /// Parses `head`: the request line, the field lines and the empty line after them.
    package static func parse(_ head: UnsafeBufferPointer<UInt8>, limits: HTTPParserLimits) throws(HTTPRequestError)
        -> RequestHead
    {
        var lines = LineReader(bytes: head)
        guard let requestLine = try lines.next() else { throw .malformedRequestLine }
        var head = try parseRequestLine(requestLine, acceptsConnect: limits.acceptsConnect)
        var framing = FramingFields()
        var fields: [HTTPHeaders.Field] = []
        while let line = try lines.next(), !line.isEmpty {
            let field = try parseFieldLine(line)
            framing.note(name: field.name, value: field.value)
            fields.append(HTTPHeaders.Field(name: HTTPByte.string(field.name), value: HTTPByte.string(field.value)))
        }
        head.request.headers = HTTPHeaders(fields)
        try framing.apply(to: &head, limits: limits)
        return head
    }

    /// The head of the request line: method, path and query of the target, and the version's terms.
    private static func parseRequestLine(_ line: Slice<UnsafeBufferPointer<UInt8>>, acceptsConnect: Bool)
        throws(HTTPRequestError) -> RequestHead
    {
        guard let firstSpace = HTTPByte.firstIndex(of: HTTPByte.space, in: line) else { throw .malformedRequestLine }
        let method = line[line.startIndex..<firstSpace]
        guard !method.isEmpty, HTTPByte.all(method, are: HTTPByte.isTokenCharacter) else { throw .invalidMethod }
        let rest = line[(firstSpace + 1)...]
        guard let secondSpace = HTTPByte.firstIndex(of: HTTPByte.space, in: rest) else { throw .malformedRequestLine }
        let target = rest[rest.startIndex..<secondSpace]
        let version = rest[(secondSpace + 1)...]
        guard !target.isEmpty, HTTPByte.firstIndex(of: HTTPByte.space, in: version) == nil else { throw .malformedRequestLine }
        guard HTTPByte.all(target, are: HTTPByte.isTargetCharacter) else { throw .invalidTarget }
        let minorVersion = try parseVersion(version)
        try checkTargetForm(target, method: method, acceptsConnect: acceptsConnect)
        let split = RequestTarget(target)
        return RequestHead(
            request: StubRequest(method: HTTPByte.string(method), path: split.path, query: split.query),
            terms: ResponseTerms(
                isHead: HTTPByte.equalsCaseSensitive(method, "HEAD"), isHTTP10: minorVersion == 0,
                keepAlive: minorVersion >= 1),
            framing: .none, expectsContinue: false)
    }

    /// `HTTP/1.x` → x; other majors are 505, other shapes 400.
    private static func parseVersion(_ version: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPRequestError) -> Int {
        let start = version.startIndex
        guard version.count == 8, HTTPByte.equalsCaseSensitive(version.prefix(5), "HTTP/"),
            let major = digit(version[start + 5]), version[start + 6] == 0x2E, let minor = digit(version[start + 7])
        else { throw .malformedVersion }
        guard major == 1 else { throw .unsupportedVersion }
        return minor
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
    }

    private static func checkTargetForm(
        _ target: Slice<UnsafeBufferPointer<UInt8>>, method: Slice<UnsafeBufferPointer<UInt8>>, acceptsConnect: Bool
    ) throws(HTTPRequestError) {
        if acceptsConnect && HTTPByte.equalsCaseSensitive(method, "CONNECT") {
            guard isAuthorityForm(target) else { throw .invalidTarget }
            return
        }
        let first = target[target.startIndex]
        if first == 0x2F { return }  // origin form
        if target.count == 1 && first == 0x2A {  // asterisk form
            guard HTTPByte.equalsCaseSensitive(method, "OPTIONS") else { throw .invalidTarget }
            return
        }
        let lowerScheme = target.prefix(8)
        if HTTPByte.equalsIgnoringCase(lowerScheme.prefix(7), "http://") || HTTPByte.equalsIgnoringCase(lowerScheme, "https://") {
            return
        }
        throw .invalidTarget
    }

    /// `host:port` (RFC 9112 §3.2.3): a host without `/`, `?` or `@` (an IPv6 address in brackets), a
    /// colon, and a port of one to five digits.
    private static func isAuthorityForm(_ target: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let colon = target.lastIndex(of: HTTPByte.colon) else { return false }
        let host = target[target.startIndex..<colon]
        let port = target[(colon + 1)...]
        guard !host.isEmpty, (1...5).contains(port.count), port.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            !host.contains(where: { $0 == 0x2F || $0 == 0x3F || $0 == 0x40 })
        else { return false }
        let bracketed = host.first == 0x5B
        guard bracketed == (host.last == 0x5D) else { return false }
        return bracketed || !host.contains(HTTPByte.colon)
    }

    private static func parseFieldLine(_ line: Slice<UnsafeBufferPointer<UInt8>>) throws(HTTPRequestError)
        -> (name: Slice<UnsafeBufferPointer<UInt8>>, value: Slice<UnsafeBufferPointer<UInt8>>)
    {
        guard !HTTPByte.isWhitespace(line[line.startIndex]) else { throw .obsoleteLineFolding }
        guard let colon = HTTPByte.firstIndex(of: HTTPByte.colon, in: line) else { throw .malformedHeaderField }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, HTTPByte.all(name, are: HTTPByte.isTokenCharacter) else { throw .malformedHeaderField }
        let value = HTTPByte.trimmingWhitespace(line[(colon + 1)...])
        guard HTTPByte.all(value, are: HTTPByte.isFieldValueCharacter) else { throw .invalidHeaderValue }
        return (name, value)
    }
}

/// The lines of a head: each without its line ending. A CR not directly before the LF is an error.
/// Requests' heads and responses' (``ResponseHeadParser``) are read with it.
struct LineReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    mutating func next() throws(HTTPRequestError) -> Slice<UnsafeBufferPointer<UInt8>>? {
        guard position < bytes.count else { return nil }
        var index = position
        var firstCarriageReturn: Int?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == HTTPByte.lineFeed { break }
            if byte == HTTPByte.carriageReturn, firstCarriageReturn == nil { firstCarriageReturn = index }
            index += 1
        }
        var end = index
        if end > position && bytes[end - 1] == HTTPByte.carriageReturn { end -= 1 }
        let line = bytes[position..<end]
        position = index + 1
        if let firstCarriageReturn, firstCarriageReturn < end { throw .bareCarriageReturn }
        return line
    }
}

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
    func apply(to head: inout RequestHead, limits: HTTPParserLimits) throws(HTTPRequestError) {
        if hostCount > 1 { throw .multipleHosts }
        let isHTTP11 = !head.terms.isHTTP10
        if isHTTP11 && hostCount == 0 { throw .missingHost }
        head.terms.keepAlive = !connectionClose && (isHTTP11 || connectionKeepAlive)
        head.expectsContinue = isHTTP11 && expectsContinue
        if hasTransferEncoding {
            if !contentLengths.isEmpty { throw .contentLengthWithTransferEncoding }
            if !isHTTP11 { throw .transferEncodingInHTTP10 }
            head.framing = try chunkedFraming()
        } else if !contentLengths.isEmpty {
            let length = try contentLength()
            if length > limits.maxBodyBytes { throw .bodyTooLarge }
            head.framing = length == 0 ? .none : .contentLength(length)
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

/// A request target split into the path (kept percent-encoded, as sent) and the query's items
/// (percent-decoded, `+` read as a space, as ``QueryItem`` documents): the ``StubRequest`` fields the
/// head parser fills from it.
package struct RequestTarget: Equatable, Sendable {
    /// The path as sent: `/…` for origin and absolute forms (`/` when an absolute form has none), `*`
    /// for the asterisk form, the whole target (`host:port`) for the authority form of `CONNECT`.
    package var path: String
    /// The query items in order; empty items (`a=1&&b=2`) are left out.
    package var query: [QueryItem]

    /// Splits a target as the head parser accepted it. A `%` not followed by two hexadecimal digits is
    /// kept as it is; decoded bytes that are not UTF-8 become U+FFFD.
    package init(_ target: String) {
        var target = target
        self = target.withUTF8 { bytes in RequestTarget(bytes[...]) }
    }

    /// Splits the target's bytes, as ``init(_:)`` does.
    init(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        let bytes = UnsafeBufferPointer(rebasing: bytes)
        if !bytes.isEmpty, bytes.first != 0x2A, !bytes.contains(0x2F) {  // authority form: host:port, kept whole
            path = HTTPByte.string(bytes[...])
            query = []
            return
        }
        var pathStart = 0
        if bytes.first != 0x2F && bytes.first != 0x2A {  // absolute form: skip scheme://authority
            let afterScheme = (bytes.firstIndex(of: 0x3A) ?? bytes.count - 1) + 3
            pathStart = bytes[min(afterScheme, bytes.count)...].firstIndex { $0 == 0x2F || $0 == 0x3F } ?? bytes.count
        }
        let questionMark = bytes[pathStart...].firstIndex(of: 0x3F) ?? bytes.count
        path = HTTPByte.string(bytes[pathStart..<questionMark])
        if path.isEmpty { path = "/" }
        query = []
        guard questionMark < bytes.count else { return }
        for piece in bytes[(questionMark + 1)...].split(separator: 0x26, omittingEmptySubsequences: true) {
            if let equals = piece.firstIndex(of: 0x3D) {
                query.append(
                    QueryItem(
                        name: Self.percentDecoded(piece[piece.startIndex..<equals]),
                        value: Self.percentDecoded(piece[(equals + 1)...])))
            } else {
                query.append(QueryItem(name: Self.percentDecoded(piece), value: nil))
            }
        }
    }

    /// The bytes with `%XY` sequences decoded and `+` read as a space (form encoding, as browsers and
    /// servers read queries), as a UTF-8 string.
    static func percentDecoded(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        guard bytes.contains(0x25) || bytes.contains(0x2B) else { return HTTPByte.string(bytes) }
        return String(decoding: PercentEncoding.percentDecoded(bytes, plusIsSpace: true), as: UTF8.self)
    }
}
