import RecordReplayMessages
import Dispatch
import Foundation
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport
import RepositoryContractsPrimitives

/// A keep-alive client asking again: a request whose bytes repeat the last one's is read without being
/// parsed again, and a response equal to the last one is sent without being encoded again. Both must be
/// invisible: every request reaches the handler as sent, every answer goes out as it would have.
@Suite("HTTP transport: repeated requests and answers")
struct HTTPRepeatedExchangeTests {
    /// One connection's requests, as the handler saw them, and the answers' texts.
    static func exchange(_ requests: [String], handler: @escaping @Sendable (StubRequest) -> ResponsePlan = echo)
        async throws -> (seen: [StubRequest], answers: [RawHTTPClient.Response])
    {
        let seen = Protected<[StubRequest]>([])
        let answers = try await withListener(handler: { request in
            seen.withLock { $0.append(request) }
            return handler(request)
        }) { _, port in
            try await blocking {
                let client = try RawHTTPClient(port: port)
                return try requests.map { request in
                    try client.send(request)
                    return try client.readResponse(head: request.hasPrefix("HEAD"))
                }
            }
        }
        return (seen.withLock { $0 }, answers)
    }

    @Test(
        "a request repeated byte for byte reaches the handler whole; one differing in a byte is read as sent",
        arguments: [false, true])
    func repeatedRequests(deferred: Bool) async throws {
        // Deferred answers move the connection to its own thread, which reads the requests after them.
        let handler: @Sendable (StubRequest) -> ResponsePlan = { request in
            deferred ? .deferred { echo(request) } : echo(request)
        }
        let first = "GET /todos?page=1 HTTP/1.1\r\nHost: x\r\nX-Id: 1\r\n\r\n"
        let otherHeader = "GET /todos?page=1 HTTP/1.1\r\nHost: x\r\nX-Id: 2\r\n\r\n"
        let otherQuery = "GET /todos?page=2 HTTP/1.1\r\nHost: x\r\nX-Id: 1\r\n\r\n"
        let withBody = "POST /todos?page=1 HTTP/1.1\r\nHost: x\r\nX-Id: 1\r\nContent-Length: 2\r\n\r\nhi"
        let (seen, answers) = try await Self.exchange(
            [first, first, otherHeader, otherQuery, first, withBody, withBody, first], handler: handler)
        #expect(seen.map { $0.headers["X-Id"] } == ["1", "1", "2", "1", "1", "1", "1", "1"])
        #expect(seen.map { $0.query.first?.value } == ["1", "1", "1", "2", "1", "1", "1", "1"])
        #expect(seen.map(\.method) == ["GET", "GET", "GET", "GET", "GET", "POST", "POST", "GET"])
        #expect(seen.map { String(decoding: $0.body, as: UTF8.self) } == ["", "", "", "", "", "hi", "hi", ""])
        #expect(answers.map(\.text) == seen.map { echo($0).text })
    }

    @Test("a repeated request pipelined behind itself, or cut short, is read as sent", arguments: [1, 7, 1_000])
    func pipelinedAndSplit(pieceSize: Int) async throws {
        let request = "GET /a HTTP/1.1\r\nHost: x\r\nX-Id: 7\r\n\r\n"
        let log = RequestLog()
        let texts = try await withListener(handler: { log.record($0); return echo($0) }) { _, port in
            try await blocking {
                let client = try RawHTTPClient(port: port)
                try client.send(request)
                var texts = [try client.readResponse().text]
                // The same bytes again, then twice in one write, then a byte short (the head is not
                // complete: nothing may be answered), and the last byte.
                let bytes = Array(request.utf8)
                for start in stride(from: 0, to: bytes.count, by: pieceSize) {
                    try client.send(Array(bytes[start..<min(start + pieceSize, bytes.count)]))
                }
                texts.append(try client.readResponse().text)
                try client.send(request + request)
                texts.append(try client.readResponse().text)
                texts.append(try client.readResponse().text)
                try client.send(Array(bytes.dropLast()))
                try client.send(Array(bytes.suffix(1)) + Array("GET /b HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                texts.append(try client.readResponse().text)
                texts.append(try client.readResponse().text)
                return texts
            }
        }
        #expect(texts.map { $0.prefix(6) } == ["GET /a", "GET /a", "GET /a", "GET /a", "GET /a", "GET /b"])
        var headers: [String?] = []
        for _ in 0..<6 { headers.append(try await log.next().headers["X-Id"]) }
        #expect(headers == ["7", "7", "7", "7", "7", nil])
    }

    @Test("an answer equal to the last one goes out the same; one that differs only in its bytes goes out as its own")
    func repeatedAnswers() async throws {
        // Canonically equivalent: `==` on the strings is true, their bytes differ.
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed == decomposed)
        let handler: @Sendable (StubRequest) -> ResponsePlan = { request in
            let text = request.path == "/decomposed" ? decomposed : composed
            return .respond(StubResponse(status: 200, reason: text, headers: ["X-Name": text], body: Data(text.utf8)))
        }
        let get = { (path: String) in "GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n" }
        let (_, answers) = try await Self.exchange(
            [get("/composed"), get("/composed"), get("/decomposed"), get("/composed"),
             "HEAD /composed HTTP/1.1\r\nHost: x\r\n\r\n", get("/composed"),
             "GET /composed HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", get("/composed")],
            handler: handler)
        let expected = [composed, composed, decomposed, composed, composed, composed, composed, composed]
        #expect(answers.map { Array($0.reason.utf8) } == expected.map { Array($0.utf8) })
        #expect(answers.map { Array(($0.header("X-Name") ?? "").utf8) } == expected.map { Array($0.utf8) })
        #expect(answers.map(\.body) == [composed, composed, decomposed, composed, nil, composed, composed, composed].map {
            $0.map { Array($0.utf8) } ?? []
        })
        // HEAD has a length and no body; HTTP/1.0 is told the connection stays open, and only it.
        #expect(answers.map { $0.header("Content-Length") } == expected.map { "\($0.utf8.count)" })
        #expect(answers.map { $0.header("Connection") } == [nil, nil, nil, nil, nil, nil, "keep-alive", nil])
    }

    @Test("the same request and answer again while the server stops: the answer says Connection: close")
    func repeatedWhileStopping() async throws {
        let log = RequestLog()
        let release = DispatchSemaphore(value: 0)
        let handler = HTTPFaultTests.answeringDone(whenReleasedBy: release, log: log)
        let request = "GET /same HTTP/1.1\r\nHost: x\r\n\r\n"
        try await withListener(handler: handler) { listener, port in
            // However the test ends, no handler stays blocked (stop() would wait for it).
            defer { (0..<2).forEach { _ in release.signal() } }
            release.signal()  // the first answer goes at once
            let (client, first) = try await blocking {
                let client = try RawHTTPClient(port: port)
                let first = try client.exchange(request)
                try client.send(request)
                return (client, first)
            }
            _ = try await log.next()
            _ = try await log.next()
            // Every connection knows the server is stopping before the second answer is let go.
            listener.requestStop()
            release.signal()
            let (second, rest) = try await blocking { (try client.readResponse(), try client.readToEnd()) }
            await listener.stop()
            #expect(first.text == "done" && second.text == "done")
            #expect(first.header("Connection") == nil)
            #expect(second.header("Connection") == "close")
            #expect(rest.isEmpty)
        }
    }
}

extension ResponsePlan {
    /// The text of a `.respond` plan's body.
    fileprivate var text: String {
        guard case .respond(let response) = self else { return "" }
        return String(decoding: response.body, as: UTF8.self)
    }
}
