import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

/// Well-formed exchanges over real sockets: framing, keep-alive, pipelining, bodies, 100-continue, HEAD.
@Suite("HTTP transport: exchanges")
struct HTTPExchangeTests {
    @Test("a simple GET is answered with the handler's response and a Content-Length")
    func simpleGet() async throws {
        try await withListener { _, port in
            let response = try await blocking {
                try RawHTTPClient(port: port).exchange("GET /todos/1?a=1&b HTTP/1.1\r\nHost: x\r\n\r\n")
            }
            #expect(response.status == 200)
            #expect(response.reason == "OK")
            #expect(response.text == "GET /todos/1\nquery: a=1&b=<nil>\nbody: ")
            #expect(response.headerNames == ["Content-Type", "Content-Length"])
            #expect(response.header("Content-Length") == "\(response.body.count)")
            #expect(response.header("Date") == nil)
        }
    }

    @Test("the query is percent-decoded with + as a space; the path stays as sent")
    func queryDecoding() async throws {
        let log = RequestLog()
        try await withListener(handler: { log.record($0); return echo($0) }) { _, port in
            _ = try await blocking {
                try RawHTTPClient(port: port).exchange("GET /a%20b/c?q=x+y%26z&e=%E2%82%AC&&k= HTTP/1.1\r\nHost: x\r\n\r\n")
            }
            let request = try await log.next()
            #expect(request.path == "/a%20b/c")
            #expect(request.query == [
                QueryItem(name: "q", value: "x y&z"), QueryItem(name: "e", value: "€"), QueryItem(name: "k", value: ""),
            ])
            #expect(request.headers["host"] == "x")
        }
    }

    @Test("keep-alive: one connection carries several requests")
    func keepAliveReuse() async throws {
        try await withListener { listener, port in
            let statuses = try await blocking {
                let client = try RawHTTPClient(port: port)
                return try (1...3).map { try client.exchange("GET /\($0) HTTP/1.1\r\nHost: x\r\n\r\n").text }
            }
            #expect(statuses.map { $0.prefix(6) } == ["GET /1", "GET /2", "GET /3"])
            #expect(listener.openConnectionCount <= 1)
        }
    }

    @Test("pipelining: three requests in one write are answered in order")
    func pipelining() async throws {
        try await withListener { _, port in
            let bodies = try await blocking {
                let client = try RawHTTPClient(port: port)
                try client.send(
                    "GET /first HTTP/1.1\r\nHost: x\r\n\r\nPOST /second HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc"
                        + "GET /third HTTP/1.1\r\nHost: x\r\n\r\n")
                return try (0..<3).map { _ in try client.readResponse().text }
            }
            #expect(bodies == [
                "GET /first\nquery: \nbody: ", "POST /second\nquery: \nbody: abc", "GET /third\nquery: \nbody: ",
            ])
        }
    }

    @Test("a Content-Length body arriving in pieces is read whole")
    func contentLengthBody() async throws {
        try await withListener { _, port in
            let text = try await blocking {
                let client = try RawHTTPClient(port: port)
                try client.send("PUT /doc HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\nhello")
                try client.send(" world")
                return try client.readResponse().text
            }
            #expect(text == "PUT /doc\nquery: \nbody: hello world")
        }
    }

    @Test("a chunked body with an extension and a trailer is de-chunked")
    func chunkedBody() async throws {
        try await withListener { _, port in
            let text = try await blocking {
                try RawHTTPClient(port: port).exchange(
                    "POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + "5;name=value\r\nhello\r\n6\r\n world\r\n0\r\nX-Checksum: 1\r\n\r\n")
                    .text
            }
            #expect(text == "POST /c\nquery: \nbody: hello world")
        }
    }

    @Test("Expect: 100-continue gets 100 Continue before the body is sent")
    func expectContinue() async throws {
        try await withListener { _, port in
            let (interim, final) = try await blocking {
                let client = try RawHTTPClient(port: port)
                try client.send("POST /up HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
                let interim = try client.readResponse()
                try client.send("data")
                return (interim, try client.readResponse())
            }
            #expect(interim.status == 100)
            #expect(final.status == 200)
            #expect(final.text == "POST /up\nquery: \nbody: data")
        }
    }

    @Test("Expect: 100-continue with a body over the limit gets 413 without the body being read")
    func expectContinueTooLarge() async throws {
        try await withListener(.patient { $0.maxBodyBytes = 10 }) { _, port in
            let (response, rest) = try await blocking {
                let client = try RawHTTPClient(port: port)
                try client.send("POST /up HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\nExpect: 100-continue\r\n\r\n")
                return (try client.readResponse(), try client.readToEnd())
            }
            #expect(response.status == 413)
            #expect(response.header("Connection") == "close")
            #expect(response.text == "request body too large\n")
            #expect(rest.isEmpty)
        }
    }

    @Test("HEAD gets the GET's Content-Length and no body")
    func head() async throws {
        try await withListener { _, port in
            let (head, get) = try await blocking {
                let client = try RawHTTPClient(port: port)
                let head = try client.exchange("HEAD /x HTTP/1.1\r\nHost: x\r\n\r\n", head: true)
                return (head, try client.exchange("GET /x HTTP/1.1\r\nHost: x\r\n\r\n"))
            }
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Length") == "\("HEAD /x\nquery: \nbody: ".utf8.count)")
            #expect(get.text == "GET /x\nquery: \nbody: ")
        }
    }

    @Test("204 and 304 carry no body and no Content-Length; the response's own framing fields are replaced")
    func bodylessStatuses() async throws {
        let handler: @Sendable (StubRequest) -> ResponsePlan = { request in
            let status = Int(request.path.dropFirst()) ?? 200
            return .respond(StubResponse(
                status: status,
                headers: ["Content-Length": "999", "Transfer-Encoding": "chunked", "Connection": "keep-alive", "X-A": "1"],
                body: Data("body".utf8)))
        }
        try await withListener(handler: handler) { _, port in
            let responses = try await blocking {
                let client = try RawHTTPClient(port: port)
                return try ["/204", "/304", "/200"].map { try client.exchange("GET \($0) HTTP/1.1\r\nHost: x\r\n\r\n") }
            }
            #expect(responses.map(\.status) == [204, 304, 200])
            #expect(responses[0].headerNames == ["X-A"])
            #expect(responses[1].headerNames == ["X-A"])
            #expect(responses[2].headerNames == ["X-A", "Content-Length"])
            #expect(responses[2].header("Content-Length") == "4")
            #expect(responses[2].text == "body")
        }
    }

    @Test("Connection: close is answered with Connection: close, then the server closes")
    func connectionClose() async throws {
        try await withListener { _, port in
            let (response, rest) = try await blocking {
                let client = try RawHTTPClient(port: port)
                let response = try client.exchange("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                return (response, try client.readToEnd())
            }
            #expect(response.status == 200)
            #expect(response.header("Connection") == "close")
            #expect(rest.isEmpty)
        }
    }

    @Test("HTTP/1.0 closes unless the client asks for keep-alive")
    func http10() async throws {
        try await withListener { _, port in
            let (plain, plainRest, kept, second) = try await blocking {
                let client = try RawHTTPClient(port: port)
                let plain = try client.exchange("GET /a HTTP/1.0\r\n\r\n")
                let plainRest = try client.readToEnd()
                let keeping = try RawHTTPClient(port: port)
                let kept = try keeping.exchange("GET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                return (plain, plainRest, kept, try keeping.exchange("GET /c HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"))
            }
            #expect(plain.header("Connection") == "close")
            #expect(plainRest.isEmpty)
            #expect(kept.header("Connection") == "keep-alive")
            #expect(second.text.hasPrefix("GET /c"))
        }
    }

    @Test("HTTP/1.2 is served as HTTP/1.1; bare LF line endings are accepted")
    func lenientForms() async throws {
        try await withListener { _, port in
            let (minor, bareLF) = try await blocking {
                let client = try RawHTTPClient(port: port)
                return (
                    try client.exchange("GET /minor HTTP/1.2\r\nHost: x\r\n\r\n"),
                    try client.exchange("\r\nGET /lf HTTP/1.1\nHost: x\n\n")
                )
            }
            #expect(minor.status == 200)
            #expect(bareLF.text.hasPrefix("GET /lf"))
        }
    }

    @Test("an invalid status from a handler becomes a 500 naming it")
    func invalidStatus() async throws {
        try await withListener(handler: { _ in .respond(StubResponse(status: 42)) }) { _, port in
            let response = try await blocking { try RawHTTPClient(port: port).exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n") }
            #expect(response.status == 500)
            #expect(response.text.contains("42"))
        }
    }

    @Test("control characters in a response's fields cannot break the framing")
    func sanitizedFields() async throws {
        let handler: @Sendable (StubRequest) -> ResponsePlan = { _ in
            .respond(StubResponse(
                status: 200, reason: "Fine\r\nX-Evil: 1",
                headers: ["X-Value": "a\r\nX-Injected: 1", "Bad Name": "x"], body: Data("ok".utf8)))
        }
        try await withListener(handler: handler) { _, port in
            let response = try await blocking { try RawHTTPClient(port: port).exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n") }
            #expect(response.headerNames == ["X-Value", "Content-Length"])
            #expect(response.reason == "Fine  X-Evil: 1")
            #expect(response.text == "ok")
        }
    }
}
