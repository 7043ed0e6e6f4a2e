import Foundation
import RepositoryContractsPrimitives
import Testing

@testable import RecordReplay
@testable import RecordReplayFixtures
@testable import RecordReplayRedaction
@testable import RecordReplayWire
import RepositoryContractsTestSupport

/// The listener's caps: connections beyond ``ServerOptions/maxConnections`` get a 503 and no thread,
/// and request bodies beyond ``ServerOptions/maxBufferedBodyBytes`` across connections get a 503; each
/// refusal is reported. Asserted by counting connections, refusals and held bytes.
@Suite("HTTP listener: connection and body-memory caps")
struct HTTPCapacityTests {
    /// The refusals a listener reported.
    final class Refusals: Sendable {
        private let list = Protected<[ConnectionRefusal]>([])
        func add(_ refusal: ConnectionRefusal) { list.withLock { $0.append(refusal) } }
        var all: [ConnectionRefusal] { list.withLock { $0 } }
    }

    @Test("connections beyond the limit are answered 503 with Retry-After and closed; the open ones keep working")
    func connectionLimit() async throws {
        let refusals = Refusals()
        let listener = HTTPListener(options: .patient { $0.maxConnections = 4 }, onRefusal: refusals.add, handler: echo)
        let port = try listener.start()
        let (refused, open, stillServing) = try await blocking {
            // Four connections, each answered once: each has its thread and stays open (keep-alive).
            let kept = try (0..<4).map { _ in try RawHTTPClient(port: port) }
            for (index, client) in kept.enumerated() {
                _ = try client.exchange("GET /\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            }
            var refused: [RawHTTPClient.Response] = []
            for _ in 0..<10 {
                let extra = try RawHTTPClient(port: port)
                refused.append(try extra.readResponse())
                extra.close()
            }
            let open = listener.openConnectionCount
            let again = try kept[0].exchange("GET /again HTTP/1.1\r\nHost: x\r\n\r\n")
            return (refused, open, again.text.hasPrefix("GET /again"))
        }
        await listener.stop()
        #expect(refused.allSatisfy { $0.status == 503 && $0.header("Retry-After") == "1" })
        #expect(refused.first?.text.contains("ServerOptions.maxConnections") == true)
        #expect(open == 4, "open connections: \(open)")
        #expect(stillServing)
        #expect(refusals.all.map(\.reason) == Array(repeating: .tooManyConnections(limit: 4), count: 10))
        #expect(refusals.all.map(\.reason.limit) == Array(repeating: 4, count: 10))
    }

    @Test("a body that would take the bodies held beyond the limit is answered 503; the budget is given back")
    func bodyMemoryLimit() async throws {
        let refusals = Refusals()
        let listener = HTTPListener(
            options: .patient { $0.maxBufferedBodyBytes = 1_000 }, onRefusal: refusals.add, handler: echo)
        let port = try listener.start()
        let (busy, first, second) = try await blocking {
            let holder = try RawHTTPClient(port: port)
            // The 100 Continue comes after the server has taken the 800 bytes from its budget.
            try holder.send("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 800\r\nExpect: 100-continue\r\n\r\n")
            let interim = try holder.readResponse()
            guard interim.status == 100 else { throw RawClientError("expected 100 Continue, got \(interim.status)") }
            let other = try RawHTTPClient(port: port)
            let busy = try other.exchange(
                "POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 300\r\n\r\n" + String(repeating: "b", count: 300))
            try holder.send(String(repeating: "a", count: 800))
            let first = try holder.readResponse()
            // The same connection's next request starts after the first one gave its bytes back.
            let second = try holder.exchange(
                "POST /c HTTP/1.1\r\nHost: x\r\nContent-Length: 300\r\n\r\n" + String(repeating: "c", count: 300))
            return (busy, first, second)
        }
        await listener.stop()
        #expect(busy.status == 503)
        #expect(busy.text.contains("ServerOptions.maxBufferedBodyBytes = 1000"))
        #expect(first.status == 200 && first.text.hasPrefix("POST /a"))
        #expect(second.status == 200 && second.text.hasPrefix("POST /c"))
        #expect(listener.heldBodyBytes == 0)
        #expect(refusals.all.map(\.reason) == [.bodyMemory(limit: 1_000)])
        #expect(refusals.all.first?.reason.limit == 1_000)
    }

    @Test("a StubServer notes refusals in its journal")
    func journalNotesRefusals() async throws {
        let server = StubServer(StubServer.Configuration(server: ServerOptions(maxConnections: 1)))
        try await server.start()
        let port = server.port
        let statuses = try await blocking {
            let kept = try RawHTTPClient(port: port)
            _ = try kept.exchange("GET /one HTTP/1.1\r\nHost: x\r\n\r\n")
            let extra = try RawHTTPClient(port: port)
            return try extra.readResponse().status
        }
        #expect(statuses == 503)
        #expect(server.playback.journal.refusals.map(\.reason) == [.tooManyConnections(limit: 1)])
        await server.stop()
    }
}
