import Foundation
import RecordReplay
import Testing

/// Idle and slow connections are closed by the server's timeouts.
@Suite("HTTP transport: timeouts")
struct HTTPTimeoutTests {
    @Test("an idle keep-alive connection is closed silently after the idle timeout")
    func idleTimeout() async throws {
        try await withListener(ServerOptions(idleTimeout: .milliseconds(200))) { _, port in
            let (first, rest) = try await blocking {
                let client = try RawHTTPClient(port: port)
                let first = try client.exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                return (first, client.readUntilClosed())
            }
            #expect(first.status == 200)
            #expect(rest.bytes.isEmpty)
            #expect(rest.ending == .endOfStream)
        }
    }

    @Test("a connection that never sends a byte is closed after the idle timeout")
    func silentConnection() async throws {
        try await withListener(ServerOptions(idleTimeout: .milliseconds(200))) { _, port in
            let rest = try await blocking { try RawHTTPClient(port: port).readUntilClosed() }
            #expect(rest.bytes.isEmpty)
            #expect(rest.ending == .endOfStream)
        }
    }

    /// The client trickles one byte every 20 ms, far inside the idle timeout (a day, so a starved client
    /// never meets it), so only the whole-request deadline can end it.
    @Test("a request trickled byte by byte is answered 408 at the request deadline (slowloris)")
    func slowloris() async throws {
        let options = ServerOptions(idleTimeout: .seconds(24 * 60 * 60), requestTimeout: .milliseconds(300))
        try await withListener(options) { _, port in
            let (sent, text, ending) = try await blocking {
                let client = try RawHTTPClient(port: port)
                let trickle = Array("GET / HTTP/1.1\r\nHost: x\r\n" + String(repeating: "X-Pad: 1\r\n", count: 100))
                var sent = 0
                for character in trickle {
                    try client.send(String(character))
                    sent += 1
                    // Wait for the server's answer, or 20 ms: the trickle's pace.
                    if Platform.waitReadable([client.descriptor], timeoutMilliseconds: 20)[0] { break }
                }
                let rest = client.readUntilClosed()
                return (sent, String(decoding: rest.bytes, as: UTF8.self), rest.ending)
            }
            #expect(sent < 500, "the server kept reading a trickled request")
            #expect(text.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
            #expect(text.hasSuffix("request not received within the request timeout\n"))
            #expect(ending == .endOfStream)
        }
    }

    @Test("a body that stops arriving is answered 408 at the request deadline")
    func stalledBody() async throws {
        let options = ServerOptions(idleTimeout: .seconds(24 * 60 * 60), requestTimeout: .milliseconds(200))
        try await withListener(options) { _, port in
            let response = try await blocking {
                let client = try RawHTTPClient(port: port)
                try client.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc")
                return try client.readResponse()
            }
            #expect(response.status == 408)
        }
    }
}
