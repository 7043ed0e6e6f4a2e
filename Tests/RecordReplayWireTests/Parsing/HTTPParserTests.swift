import RecordReplayMessages
import RecordReplayWire
import Testing

/// The request parser on its own: heads and chunked bodies fed whole or byte by byte give the same
/// result, and targets split into path and query.
@Suite("HTTP parser")
struct HTTPParserTests {
    /// Scans and parses `text` fed in pieces of `step` bytes.
    static func parseHead(_ text: String, step: Int, limits: HTTPParserLimits = HTTPParserLimits())
        -> Result<(RequestHead, end: Int), HTTPRequestError>
    {
        let bytes = Array(text.utf8)
        var scanner = RequestHeadScanner(limits: limits)
        var available = min(step, bytes.count)
        while true {
            do throws(HTTPRequestError) {
                let outcome = try bytes.withUnsafeBufferPointer { all throws(HTTPRequestError) in
                    try scanner.scan(UnsafeBufferPointer(rebasing: all[0..<available]))
                }
                if case .head(let start, let end) = outcome {
                    let head = try bytes.withUnsafeBufferPointer { all throws(HTTPRequestError) in
                        try RequestHeadParser.parse(UnsafeBufferPointer(rebasing: all[start..<end]), limits: limits)
                    }
                    return .success((head, end))
                }
            } catch {
                return .failure(error)
            }
            if available == bytes.count { return .failure(.malformedRequestLine) }  // incomplete: not expected here
            available = min(available + step, bytes.count)
        }
    }

    static let heads = [
        "GET /a?b=c HTTP/1.1\r\nHost: h\r\nX-Multi: 1\r\nx-multi: 2\r\n\r\n",
        "\r\nPOST /p HTTP/1.0\r\nContent-Length: 5\r\nConnection: keep-alive\r\n\r\nhello",
        "PUT http://example.com/x?y HTTP/1.1\nHost: example.com\nTransfer-Encoding: chunked\nExpect: 100-continue\n\n",
        "OPTIONS * HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 2, 2\r\n\r\nhi",
        "GET / HTTP/1.1\r\nHost: h\r\nBad Header: x\r\n\r\n",
        "GET / HTTP/9.9\r\nHost: h\r\n\r\n",
    ]

    @Test("a head fed byte by byte parses as when fed whole", arguments: heads)
    func incrementalHead(_ text: String) {
        let whole = Self.parseHead(text, step: text.utf8.count)
        let trickled = Self.parseHead(text, step: 1)
        switch (whole, trickled) {
        case (.success(let a), .success(let b)): #expect(a.0 == b.0 && a.end == b.end)
        case (.failure(let a), .failure(let b)): #expect(a == b)
        default: Issue.record("whole: \(whole), trickled: \(trickled)")
        }
    }

    @Test("the head's fields, framing, keep-alive and expectation")
    func headContents() throws {
        let (get, getEnd) = try Self.parseHead(Self.heads[0], step: 1000).get()
        #expect(get.request.method == "GET" && get.request.path == "/a" && !get.terms.isHTTP10)
        #expect(get.request.query == [QueryItem(name: "b", value: "c")])
        #expect(get.request.headers == ["Host": "h", "X-Multi": "1", "x-multi": "2"])
        #expect(get.framing == .none && get.terms.keepAlive && !get.expectsContinue && !get.terms.isHead)
        #expect(getEnd == Self.heads[0].utf8.count)
        let (post, _) = try Self.parseHead(Self.heads[1], step: 1000).get()
        #expect(post.framing == .contentLength(5) && post.terms.keepAlive && post.terms.isHTTP10)
        let (put, _) = try Self.parseHead(Self.heads[2], step: 1000).get()
        #expect(put.framing == .chunked && put.expectsContinue && put.request.path == "/x")
        let (options, _) = try Self.parseHead(Self.heads[3], step: 1000).get()
        #expect(!options.terms.keepAlive && options.request.path == "*")
        let (duplicate, _) = try Self.parseHead(Self.heads[4], step: 1000).get()
        #expect(duplicate.framing == .contentLength(2))
        let (head, _) = try Self.parseHead("HEAD / HTTP/1.1\r\nHost: h\r\n\r\n", step: 1000).get()
        #expect(head.terms.isHead)
    }

    @Test("limits are enforced before the whole head arrives")
    func earlyLimits() {
        let limits = HTTPParserLimits(maxRequestLineBytes: 16, maxHeaderBytes: 32, maxHeaderCount: 2)
        var scanner = RequestHeadScanner(limits: limits)
        let longLine = Array("GET /0123456789abcdef".utf8)
        #expect(throws: HTTPRequestError.requestLineTooLong) {
            try longLine.withUnsafeBufferPointer { bytes throws(HTTPRequestError) in _ = try scanner.scan(bytes) }
        }
        scanner = RequestHeadScanner(limits: limits)
        let manyFields = Array("GET / HTTP/1.1\r\nA: 1\r\nB: 2\r\nC: 3\r\n".utf8)
        #expect(throws: HTTPRequestError.tooManyHeaderFields) {
            try manyFields.withUnsafeBufferPointer { bytes throws(HTTPRequestError) in _ = try scanner.scan(bytes) }
        }
    }

    static func decodeChunked(_ text: String, step: Int, limits: HTTPParserLimits = HTTPParserLimits())
        -> Result<(body: String, used: Int), HTTPRequestError>
    {
        let bytes = Array(text.utf8)
        var decoder = ChunkedBodyDecoder(limits: limits)
        var body: [UInt8] = []
        var used = 0
        var available = min(step, bytes.count)
        while !decoder.isComplete {
            do throws(HTTPRequestError) {
                used += try bytes.withUnsafeBufferPointer { all throws(HTTPRequestError) in
                    try decoder.decode(UnsafeBufferPointer(rebasing: all[used..<available]), into: &body)
                }
            } catch {
                return .failure(error)
            }
            if decoder.isComplete || available == bytes.count { break }
            available = min(available + step, bytes.count)
        }
        return decoder.isComplete ? .success((String(decoding: body, as: UTF8.self), used)) : .failure(.malformedChunk)
    }

    @Test("a chunked body decodes the same whole and byte by byte, leaving the next request's bytes")
    func chunked() throws {
        let text = "4;ext=\"quoted\"\r\nWiki\r\n5 ; x\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nTrailer: t\r\n\r\nGET /next"
        for step in [1, 2, 3, 7, text.utf8.count] {
            let (body, used) = try Self.decodeChunked(text, step: step).get()
            #expect(body == "Wikipedia in\r\n\r\nchunks.")
            #expect(used == text.utf8.count - "GET /next".utf8.count)
        }
    }

    @Test("chunked errors", arguments: [
        ("x\r\n", HTTPRequestError.malformedChunk),
        ("3\r\nabcd\r\n", .malformedChunk),
        ("3;\u{01}\r\nabc\r\n0\r\n\r\n", .malformedChunk),
        ("3\rx\nabc", .bareCarriageReturn),
        ("0\r\n folded: x\r\n\r\n", .obsoleteLineFolding),
        ("FFFFFFFFFFFFFFFFFFFF\r\n", .bodyTooLarge),
    ])
    func chunkedErrors(_ text: String, _ error: HTTPRequestError) {
        for step in [1, text.utf8.count] {
            switch Self.decodeChunked(text, step: step) {
            case .success(let decoded): Issue.record("decoded \(decoded) from \(text.debugDescription)")
            case .failure(let actual): #expect(actual == error)
            }
        }
    }

    @Test("targets split into the path as sent and decoded query items")
    func targets() {
        let origin = RequestTarget("/a%2Fb?x=1+2&y=%41%zz&flag&=v")
        #expect(origin.path == "/a%2Fb")
        #expect(origin.query == [
            .init(name: "x", value: "1 2"), .init(name: "y", value: "A%zz"), .init(name: "flag", value: nil),
            .init(name: "", value: "v"),
        ])
        #expect(RequestTarget("http://example.com:8080/p/q?r=s").path == "/p/q")
        #expect(RequestTarget("https://example.com").path == "/")
        #expect(RequestTarget("http://example.com?k=v").query == [.init(name: "k", value: "v")])
        #expect(RequestTarget("*").path == "*")
        #expect(RequestTarget("/only?").query.isEmpty)
    }
}
