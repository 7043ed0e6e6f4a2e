import RecordReplayMessages
import RecordReplayWire
import Foundation
import Testing

/// The request decoder on its own, fed bytes as a connection receives them: what it asks for next, how
/// many bytes it uses, and the body bytes it reserves.
@Suite("HTTP request decoder")
struct RequestDecoderTests {
    /// What one run of the decoder over `text`, fed `step` bytes at a time, asked for and gave.
    struct Run {
        var steps: [RequestDecoder.Step] = []
        var used = 0
        var reserved: [Int] = []
        var error: HTTPRequestError?

        /// The request, when the run ended with one.
        var request: StubRequest? {
            guard case .request(let request, _)? = steps.last else { return nil }
            return request
        }
    }

    static func decode(_ text: String, step: Int, refuseBodiesOver limit: Int = .max) -> Run {
        let bytes = Array(text.utf8)
        var decoder = RequestDecoder(limits: HTTPParserLimits())
        var run = Run()
        var available = min(step, bytes.count)
        while true {
            do throws(HTTPRequestError) {
                let (next, used) = try bytes.withUnsafeBufferPointer { all throws(HTTPRequestError) in
                    try decoder.decode(UnsafeBufferPointer(rebasing: all[run.used..<available])) {
                        count throws(HTTPRequestError) in
                        guard run.reserved.reduce(0, +) + count <= limit else { throw .bodyMemoryExhausted(limit: limit) }
                        run.reserved.append(count)
                    }
                }
                run.used += used
                run.steps.append(next)
                switch next {
                case .request: return run
                case .sendContinue: continue
                case .needsBytes:
                    guard available < bytes.count else { return run }
                    available = min(available + step, bytes.count)
                }
            } catch {
                run.error = error
                return run
            }
        }
    }

    @Test("a request without a body is read in one step and leaves a pipelined request's bytes", arguments: [1, 7, 1_000])
    func pipelined(step: Int) {
        let first = "GET /a HTTP/1.1\r\nHost: h\r\n\r\n"
        let run = Self.decode(first + "GET /b HTTP/1.1\r\nHost: h\r\n\r\n", step: step)
        #expect(run.request?.path == "/a")
        #expect(run.used == first.utf8.count)
        #expect(run.reserved.isEmpty)
    }

    @Test("the request comes out as the handler gets it, with the terms its response honours", arguments: [1, 1_000])
    func requestAndTerms(step: Int) {
        let run = Self.decode(
            "POST http://h/p%2Fq?x=1+2&flag HTTP/1.0\r\nX-A: 1\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nhi",
            step: step)
        #expect(
            run.request
                == StubRequest(
                    method: "POST", path: "/p%2Fq", query: [QueryItem(name: "x", value: "1 2"), QueryItem(name: "flag", value: nil)],
                    headers: ["X-A": "1", "Connection": "keep-alive", "Content-Length": "2"], body: Data("hi".utf8)))
        guard case .request(_, let terms)? = run.steps.last else {
            Issue.record("no request: \(run.steps)")
            return
        }
        #expect(terms == ResponseTerms(isHead: false, isHTTP10: true, keepAlive: true))
        let head = Self.decode("HEAD / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n", step: step)
        guard case .request(_, let headTerms)? = head.steps.last else {
            Issue.record("no request: \(head.steps)")
            return
        }
        #expect(headTerms == ResponseTerms(isHead: true, isHTTP10: false, keepAlive: false))
    }

    @Test("a Content-Length body is reserved whole before it is read, then read in pieces", arguments: [1, 5, 1_000])
    func contentLength(step: Int) {
        let run = Self.decode("POST /p HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\nhello world", step: step)
        #expect(run.request.map { String(decoding: $0.body, as: UTF8.self) } == "hello world")
        #expect(run.reserved == [11])
        if step < 40 { #expect(run.steps.contains(.needsBytes(minimumFree: RequestDecoder.bodyReadSize))) }
    }

    @Test("a chunked body is reserved as it grows")
    func chunked() {
        let run = Self.decode(
            "PUT /c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n", step: 80)
        #expect(run.request.map { String(decoding: $0.body, as: UTF8.self) } == "hello world")
        #expect(run.reserved.reduce(0, +) == 11)
    }

    @Test("Expect: 100-continue asks for the interim response only when none of the body has come")
    func expectContinue() {
        let head = "POST /u HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n"
        let waiting = Self.decode(head + "abc", step: head.utf8.count)
        #expect(waiting.steps.first == .sendContinue)
        #expect(waiting.request.map(\.body) == Data("abc".utf8))
        let eager = Self.decode(head + "abc", step: 1_000)
        #expect(!eager.steps.contains(.sendContinue))
    }

    @Test("a body the caller refuses to reserve ends decoding with its error")
    func refusedReservation() {
        let run = Self.decode(
            "POST /p HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\nhello world", step: 1_000, refuseBodiesOver: 10)
        #expect(run.error == .bodyMemoryExhausted(limit: 10))
        #expect(run.request == nil)
    }
}
