import Foundation
import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

/// Idle and slow connections are closed by the server's timeouts.
@Suite("HTTP transport: timeouts")
struct HTTPTimeoutTests {
    /// The idle timeout also bounds the wait for a connection's first request, so a client starved between
    /// connecting and sending finds its connection closed before the request arrives: that attempt is
    /// dropped and another made, so the test never depends on the 200 ms not running out first.
    @Test("an idle keep-alive connection is closed silently after the idle timeout")
    func idleTimeout() async throws {
        try await withListener(ServerOptions(idleTimeout: .milliseconds(200))) { _, port in
            let (first, rest) = try await blocking {
                var failures: [String] = []
                for _ in 1...Self.attempts {
                    let client = try RawHTTPClient(port: port)
                    do {
                        let first = try client.exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                        return (first, client.readUntilClosed())
                    } catch {
                        failures.append("\(error)")  // closed before the request came: try again
                    }
                }
                throw RawClientError("no request answered in \(Self.attempts) connections: \(failures)")
            }
            #expect(first.status == 200)
            #expect(rest.bytes.isEmpty)
            #expect(rest.ending == .endOfStream)
        }
    }

    /// How many connections a test makes before it gives up on a request arriving within a short idle
    /// timeout.
    static let attempts = 20

    @Test("a connection that never sends a byte is closed after the idle timeout")
    func silentConnection() async throws {
        try await withListener(ServerOptions(idleTimeout: .milliseconds(200))) { _, port in
            let rest = try await blocking { try RawHTTPClient(port: port).readUntilClosed() }
            #expect(rest.bytes.isEmpty)
            #expect(rest.ending == .endOfStream)
        }
    }

    /// The client trickles a header value one byte every 20 ms, far inside the idle timeout (a day, so a
    /// starved client never meets it), and never ends the head: only the whole-request deadline can end
    /// the request, however late a starved server gets to it.
    @Test("a request trickled byte by byte is answered 408 at the request deadline (slowloris)")
    func slowloris() async throws {
        let options = ServerOptions(idleTimeout: .seconds(24 * 60 * 60), requestTimeout: .milliseconds(300))
        // Within the 64 KiB header limit, and 20 minutes at the trickle's pace: the deadline comes long before.
        let limit = 60_000
        try await withListener(options) { _, port in
            let (sent, text, ending) = try await blocking {
                let client = try RawHTTPClient(port: port)
                try client.send("GET / HTTP/1.1\r\nHost: x\r\nX-Pad: ")
                var sent = 0
                while sent < limit {
                    try client.send("a")
                    sent += 1
                    // Wait for the server's answer, or 20 ms: the trickle's pace.
                    if Platform.waitReadable([client.descriptor], timeoutMilliseconds: 20)[0] { break }
                }
                let rest = client.readUntilClosed()
                return (sent, String(decoding: rest.bytes, as: UTF8.self), rest.ending)
            }
            #expect(sent < limit, "the server kept reading a trickled request")
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
