// libFuzzer harness for the stub server's HTTP request parser (`Sources/StubServer/HTTP/Parsing`), which
// uses the standard library only so it compiles alone with this file: see `.ci/fuzz`.
//
// Each input is one byte choosing a feeding step (1–16 bytes), then the bytes of a request. The
// request is parsed twice, in one piece and in pieces of that step, the way bytes arrive on a socket:
// head scanning, head parsing, `Content-Length` and chunked bodies, and target splitting. Besides
// crashes and sanitizer reports, any difference between the two parses is a failure.

/// One request parsed from a byte stream, or why not.
enum FuzzParse: Equatable {
    case incomplete
    case refused(HTTPRequestError)
    case request(RequestHead, target: RequestTarget, body: [UInt8], used: Int)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func requestParserFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let input = UnsafeBufferPointer(start: data, count: size)
    let step = Int(input[0] % 16) + 1
    let bytes = UnsafeBufferPointer(rebasing: input[1...])
    // Small limits, so the limit paths are reached by short inputs.
    let limits = HTTPParserLimits(
        maxRequestLineBytes: 200, maxHeaderBytes: 600, maxHeaderCount: 12, maxBodyBytes: 2_000, maxChunkLineBytes: 40)
    let whole = fuzzParse(bytes, step: max(bytes.count, 1), limits: limits)
    let pieces = fuzzParse(bytes, step: step, limits: limits)
    if whole != pieces {
        fatalError("parsing in pieces of \(step) differs:\nwhole:  \(whole)\npieces: \(pieces)")
    }
    if case .request(let head, let target, _, let used) = whole {
        precondition(used <= bytes.count)
        precondition(!head.method.isEmpty && !target.path.isEmpty)
    }
    return 0
}

/// Parses the request at the start of `bytes`, making `step` more bytes available each round.
func fuzzParse(_ bytes: UnsafeBufferPointer<UInt8>, step: Int, limits: HTTPParserLimits) -> FuzzParse {
    var available = min(step, bytes.count)
    func more() -> Bool {
        guard available < bytes.count else { return false }
        available = min(available + step, bytes.count)
        return true
    }
    do throws(HTTPRequestError) {
        var scanner = RequestHeadScanner(limits: limits)
        var found: (start: Int, end: Int)?
        while found == nil {
            if case .head(let start, let end) = try scanner.scan(UnsafeBufferPointer(rebasing: bytes[0..<available])) {
                found = (start, end)
            } else if !more() {
                return .incomplete
            }
        }
        guard let (start, end) = found else { return .incomplete }
        let head = try RequestHeadParser.parse(UnsafeBufferPointer(rebasing: bytes[start..<end]), limits: limits)
        let target = RequestTarget(head.target)
        var used = end
        var body: [UInt8] = []
        switch head.framing {
        case .none:
            break
        case .contentLength(let length):
            while available - used < length {
                if !more() { return .incomplete }
            }
            body = Array(bytes[used..<(used + length)])
            used += length
        case .chunked:
            var decoder = ChunkedBodyDecoder(limits: limits)
            while true {
                used += try decoder.decode(UnsafeBufferPointer(rebasing: bytes[used..<available]), into: &body)
                if decoder.isComplete { break }
                if !more() { return .incomplete }
            }
        }
        return .request(head, target: target, body: body, used: used)
    } catch {
        return .refused(error)
    }
}
