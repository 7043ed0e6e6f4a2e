// libFuzzer harness for the stub server's HTTP request decoder (`Sources/RecordReplayWire/HTTP/Parsing`),
// built on the modules it lives in (RecordReplayWire, and RecordReplayMessages and
// RepositoryContractsPrimitives under it), each compiled whole: see `.ci/fuzz`.
//
// Each input is one byte choosing a feeding step (1–16 bytes, its low four bits) and whether `CONNECT`
// is accepted (bit 4), then the bytes of a request. The
// request is parsed twice by the server's `RequestDecoder`, in one piece and in pieces of that step, the
// way bytes arrive on a socket: head scanning, head parsing with target splitting, `Content-Length` and
// chunked bodies. Besides crashes and sanitizer reports, any difference between the two parses is a
// failure. A request read from its head alone is remembered as a connection remembers it
// (`RepeatedRequestHead`), and the same bytes must then match it exactly: the same request, terms and
// count of bytes used, followed by the rest of the input or by nothing.
//
// With bit 5 of the first byte set, the bytes are an upstream's answer instead, read the same two ways
// by the recording client's `ResponseDecoder` (answering `HEAD` when bit 4 is set too), then the end
// of the connection: interim answers, framing, chunked bodies with trailers, a close that cuts it short.

import RecordReplayMessages
import RecordReplayWire

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
    if input[0] & 0x20 != 0 {
        let method = input[0] & 0x10 != 0 ? "HEAD" : "GET"
        let whole = fuzzResponse(bytes, step: max(bytes.count, 1), method: method)
        let pieces = fuzzResponse(bytes, step: step, method: method)
        if whole != pieces {
            fatalError("decoding an answer in pieces of \(step) differs:\nwhole:  \(whole)\npieces: \(pieces)")
        }
        return 0
    }
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
    checkRepeatedHead(bytes, limits: limits)
    return 0
}

/// Reads the request at the start of `bytes` in one piece, as a connection does; when it came from a
/// head alone, checks that the remembered head matches what a connection may receive next with those
/// bytes first (the head alone, the head with other bytes behind it) with exactly what reading those
/// bytes afresh gives, and that it matches nothing shorter.
func checkRepeatedHead(_ bytes: UnsafeBufferPointer<UInt8>, limits: HTTPParserLimits) {
    var decoder = RequestDecoder(limits: limits)
    guard case (.request(let request, let terms), let used)? = try? decoder.decode(bytes, reservingBody: { _ throws(HTTPRequestError) in })
    else { return }
    var repeated = RepeatedRequestHead()
    repeated.remember(request, terms: terms, decodedBy: decoder, from: bytes, used: used)
    guard decoder.gaveHeadAlone, used <= RepeatedRequestHead.maxRememberedBytes else {
        precondition(repeated.match(bytes) == nil, "a request with a body, or a long head, was remembered")
        return
    }
    let head = Array(bytes[..<used])
    for next in [head, head + Array(bytes[used...].reversed()), head + Array("POST / HTTP/1.1\r\n".utf8)] {
        next.withUnsafeBufferPointer { next in
            guard let match = repeated.match(next) else { fatalError("the remembered head did not match its own bytes") }
            let fresh = fuzzParse(next, step: next.count, limits: limits)
            precondition(
                fresh == .request(match.request, match.terms, used: match.used),
                "the remembered head gave \(match), reading the same bytes afresh \(fresh)")
        }
    }
    if used > 0 {
        precondition(repeated.match(UnsafeBufferPointer(rebasing: bytes[..<(used - 1)])) == nil, "a head matched bytes shorter than itself")
    }
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

/// An answer read from a byte stream, or why not.
enum FuzzResponse: Equatable {
    case refused(HTTPResponseError)
    case response(StubResponse, interim: [Int], used: Int)
}

/// Reads the answer at the start of `bytes` with the recording client's `ResponseDecoder`, `step` more
/// bytes at a time, then the end of the connection.
func fuzzResponse(_ bytes: UnsafeBufferPointer<UInt8>, step: Int, method: String) -> FuzzResponse {
    var decoder = ResponseDecoder(method: method, maxHeadBytes: 600, maxHeaderCount: 12)
    var available = min(step, bytes.count)
    var used = 0
    do throws(HTTPResponseError) {
        while true {
            let (next, consumed) = try decoder.decode(UnsafeBufferPointer(rebasing: bytes[used..<available]))
            used += consumed
            precondition(used <= available)
            if case .response(let response) = next {
                return .response(response, interim: decoder.informationalStatuses, used: used)
            }
            guard available < bytes.count else { break }
            available = min(available + step, bytes.count)
        }
        return .response(try decoder.finish(), interim: decoder.informationalStatuses, used: used)
    } catch {
        return .refused(error)
    }
}
