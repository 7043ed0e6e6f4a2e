// libFuzzer harness for the stub server's HTTP request decoder (`Sources/RecordReplayWire/HTTP/Parsing`), which
// needs only the request values it produces (`Messages/HTTPMessages.swift`), so it compiles alone with them
// and this file: see `.ci/fuzz`.
//
// Each input is one byte choosing a feeding step (1–16 bytes, its low four bits) and whether `CONNECT`
// is accepted (bit 4), then the bytes of a request. The
// request is parsed twice by the server's `RequestDecoder`, in one piece and in pieces of that step, the
// way bytes arrive on a socket: head scanning, head parsing with target splitting, `Content-Length` and
// chunked bodies. Besides crashes and sanitizer reports, any difference between the two parses is a
// failure.

/// One request parsed from a byte stream, or why not.
enum FuzzParse: Equatable {
    case incomplete
    case refused(HTTPRequestError)
    case request(StubRequest, ResponseTerms, used: Int)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func requestParserFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let input = UnsafeBufferPointer(start: data, count: size)
    let step = Int(input[0] % 16) + 1
    let bytes = UnsafeBufferPointer(rebasing: input[1...])
    // Small limits, so the limit paths are reached by short inputs.
    var limits = HTTPParserLimits(
        maxRequestLineBytes: 200, maxHeaderBytes: 600, maxHeaderCount: 12, maxBodyBytes: 2_000, maxChunkLineBytes: 40)
    // Bit 4 of the first byte: parse as the network guard's listener does, taking `CONNECT host:port`.
    limits.acceptsConnect = input[0] & 0x10 != 0
    let whole = fuzzParse(bytes, step: max(bytes.count, 1), limits: limits)
    let pieces = fuzzParse(bytes, step: step, limits: limits)
    if whole != pieces {
        fatalError("parsing in pieces of \(step) differs:\nwhole:  \(whole)\npieces: \(pieces)")
    }
    if case .request(let request, _, let used) = whole {
        precondition(used <= bytes.count)
        precondition(!request.method.isEmpty && !request.path.isEmpty)
    }
    return 0
}

/// Parses the request at the start of `bytes` with the server's `RequestDecoder`, making `step` more
/// bytes available each round, as a connection does.
func fuzzParse(_ bytes: UnsafeBufferPointer<UInt8>, step: Int, limits: HTTPParserLimits) -> FuzzParse {
    var available = min(step, bytes.count)
    var used = 0
    var decoder = RequestDecoder(limits: limits)
    do throws(HTTPRequestError) {
        while true {
            let (next, consumed) = try decoder.decode(
                UnsafeBufferPointer(rebasing: bytes[used..<available]), reservingBody: { _ throws(HTTPRequestError) in })
            used += consumed
            switch next {
            case .request(let request, let terms):
                return .request(request, terms, used: used)
            case .sendContinue:
                continue
            case .needsBytes:
                guard available < bytes.count else { return .incomplete }
                available = min(available + step, bytes.count)
            }
        }
    } catch {
        return .refused(error)
    }
}
