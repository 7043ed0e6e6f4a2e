import RecordReplayMessages
import Dispatch
import Foundation
@_spi(Benchmarks) @testable import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

/// The event loops: whatever would make a loop wait moves its connection to a thread of its own, so no
/// client holds up another. Each test would hang (and meet the suite's time limit) if a loop waited.
@Suite("HTTP transport: event loops", .timeLimit(.minutes(10)))
struct HTTPEventLoopTests {
    /// More connections than any machine here has loops, so some share a loop with the one that waits.
    static let otherConnections = 8

    /// Opens ``otherConnections`` connections to `port` and sends `rounds` requests on each, one at a
    /// time; returns how many were answered by the echo handler (each with its own path).
    static func answeredByOtherConnections(port: UInt16, rounds: Int = 1) throws -> Int {
        let others = try (0..<otherConnections).map { _ in try RawHTTPClient(port: port) }
        var answered = 0
        for round in 0..<rounds {
            for (index, client) in others.enumerated() {
                let path = "/\(index)-\(round)"
                if try client.exchange("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n").text.hasPrefix("GET \(path)\n") {
                    answered += 1
                }
            }
        }
        return answered
    }

    @Test("a response larger than the socket takes at once arrives whole, and its connection goes on serving")
    func largeResponseArrivesWhole() async throws {
        // A pattern, not one repeated byte: a part sent twice or skipped would show. Byte i is
        // (i * 31) >> 3, which depends only on i * 31 mod 2,048: built from one period, not a closure
        // call for each of 8 MiB bytes (most of this test's time in a debug build).
        let period = (0..<2_048).map { UInt8(truncatingIfNeeded: ($0 &* 31) >> 3) }
        let large = {
            var large = Data(capacity: 8 << 20)
            for _ in 0..<((8 << 20) / period.count) { large.append(contentsOf: period) }
            return large
        }()
        #expect(large.suffix(5_000) == Data(((8 << 20) - 5_000..<(8 << 20)).map { UInt8(truncatingIfNeeded: ($0 &* 31) >> 3) }))
        let medium = Data((0..<(20 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let handler: @Sendable (StubRequest) -> ResponsePlan = { request in
            switch request.path {
            case "/large": .respond(StubResponse(status: 200, body: large))
            case "/medium": .respond(StubResponse(status: 200, body: medium))
            default: echo(request)
            }
        }
        try await withListener(handler: handler) { _, port in
            let (first, second, third, after) = try await blocking {
                let client = try RawHTTPClient(port: port)
                let first = try client.exchange("GET /medium HTTP/1.1\r\nHost: x\r\n\r\n")
                let second = try client.exchange("GET /large HTTP/1.1\r\nHost: x\r\n\r\n")
                let third = try client.exchange("GET /large HTTP/1.1\r\nHost: x\r\n\r\n")
                return (first, second, third, try client.exchange("GET /after HTTP/1.1\r\nHost: x\r\n\r\n"))
            }
            #expect(first.body == Array(medium))
            #expect(second.body.count == large.count)
            #expect(second.body == Array(large), "the large body, byte for byte")
            #expect(third.body == Array(large), "again, on the connection's own thread")
            #expect(after.text.hasPrefix("GET /after\n"))
        }
    }

    @Test("a client that stops reading a large response holds up no other connection")
    func stalledReaderHoldsUpNoOne() async throws {
        let large = Data(repeating: 0x61, count: 32 << 20)
        let handler: @Sendable (StubRequest) -> ResponsePlan = { request in
            request.path == "/large" ? .respond(StubResponse(status: 200, body: large)) : echo(request)
        }
        try await withListener(handler: handler) { _, port in
            let (started, answered) = try await blocking {
                let stalled = try RawHTTPClient(port: port)
                try stalled.send("GET /large HTTP/1.1\r\nHost: x\r\n\r\n")
                let started = stalled.readOnce(maximum: 1)
                let answered = try Self.answeredByOtherConnections(port: port, rounds: 2)
                stalled.reset()
                return (started, answered)
            }
            #expect(started == .bytes(Array("H".utf8)))
            #expect(answered == 2 * Self.otherConnections)
        }
    }

    @Test("a deferred answer holds up no other connection, and its connection goes on serving once it is sent")
    func deferredAnswerHoldsUpNoOne() async throws {
        let (released, release) = AsyncStream<Void>.makeStream()
        let handler: @Sendable (StubRequest) -> ResponsePlan = { request in
            guard request.path == "/slow" else { return echo(request) }
            return .deferred {
                for await _ in released { break }
                return .respond(StubResponse(status: 200, body: Data("slow".utf8)))
            }
        }
        try await withListener(handler: handler) { _, port in
            let (answered, slow, after) = try await blocking {
                let waiting = try RawHTTPClient(port: port)
                try waiting.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
                let answered = try Self.answeredByOtherConnections(port: port)
                release.yield()
                let slow = try waiting.readResponse()
                return (answered, slow, try waiting.exchange("GET /after HTTP/1.1\r\nHost: x\r\n\r\n"))
            }
            #expect(answered == Self.otherConnections)
            #expect(slow.status == 200 && slow.body == Array("slow".utf8))
            #expect(after.text.hasPrefix("GET /after\n"))
        }
    }

    @Test("pipelined requests whose middle one is deferred are answered in order: the ones behind it go with the connection to its thread")
    func pipelinedBehindADeferredAnswer() async throws {
        let handler: @Sendable (StubRequest) -> ResponsePlan = { request in
            guard request.path == "/deferred" else { return echo(request) }
            return .deferred { .respond(StubResponse(status: 200, body: Data("deferred".utf8))) }
        }
        try await withListener(handler: handler) { _, port in
            let responses = try await blocking {
                let client = try RawHTTPClient(port: port)
                try client.send(
                    "GET /first HTTP/1.1\r\nHost: x\r\n\r\nGET /deferred HTTP/1.1\r\nHost: x\r\n\r\n"
                        + "GET /third HTTP/1.1\r\nHost: x\r\n\r\n")
                return try (0..<3).map { _ in try client.readResponse() }
            }
            #expect(responses.map(\.status) == [200, 200, 200])
            #expect(responses[0].text.hasPrefix("GET /first\n"))
            #expect(responses[1].body == Array("deferred".utf8))
            #expect(responses[2].text.hasPrefix("GET /third\n"))
        }
    }

    /// Answers `/where` with the identity of the thread that planned it (a loop's, or a connection's own
    /// thread's), `/deferred` with a deferred answer, and anything else as ``echo`` does.
    static let whereHandler: @Sendable (StubRequest) -> ResponsePlan = { request in
        switch request.path {
        case "/where": .respond(StubResponse(status: 200, body: Data(String(UInt(bitPattern: ObjectIdentifier(Thread.current))).utf8)))
        case "/deferred": .deferred { .respond(StubResponse(status: 200, body: Data("deferred".utf8))) }
        default: echo(request)
        }
    }

    @Test("once its deferred answer is sent, a keep-alive connection goes back to its loop and holds no thread while idle")
    func connectionReturnsToItsLoop() async throws {
        try await withListener(handBackAfter: .zero, handler: Self.whereHandler) { _, port in
            let (before, deferred, after, again) = try await blocking {
                let client = try RawHTTPClient(port: port)
                let before = try client.exchange("GET /where HTTP/1.1\r\nHost: x\r\n\r\n")
                let deferred = try client.exchange("GET /deferred HTTP/1.1\r\nHost: x\r\n\r\n")
                let after = try client.exchange("GET /where HTTP/1.1\r\nHost: x\r\n\r\n")
                _ = try client.exchange("GET /deferred HTTP/1.1\r\nHost: x\r\n\r\n")
                return (before, deferred, after, try client.exchange("GET /where HTTP/1.1\r\nHost: x\r\n\r\n"))
            }
            #expect(before.status == 200 && !before.text.isEmpty)
            #expect(deferred.body == Array("deferred".utf8))
            #expect(after.text == before.text, "after the deferred answer, the same loop serves the connection again")
            #expect(again.text == before.text, "and again after a second one")
        }
    }

    @Test("a request read ahead behind a deferred one is served on the connection's own thread, then the connection goes back")
    func readAheadIsServedBeforeGoingBack() async throws {
        try await withListener(handBackAfter: .zero, handler: Self.whereHandler) { _, port in
            let responses = try await blocking {
                let client = try RawHTTPClient(port: port)
                let loop = try client.exchange("GET /where HTTP/1.1\r\nHost: x\r\n\r\n")
                try client.send("GET /deferred HTTP/1.1\r\nHost: x\r\n\r\nGET /where HTTP/1.1\r\nHost: x\r\n\r\n")
                let pipelined = try (0..<2).map { _ in try client.readResponse() }
                return [loop] + pipelined + [try client.exchange("GET /where HTTP/1.1\r\nHost: x\r\n\r\n")]
            }
            #expect(responses[1].body == Array("deferred".utf8))
            #expect(responses[2].status == 200 && responses[2].text != responses[0].text, "read ahead: planned on the connection's own thread")
            #expect(responses[3].text == responses[0].text, "then back on its loop")
        }
    }

    @Test("a next request that comes while the connection still waits on its own thread is served there; stop ends that wait")
    func nextRequestWithinTheWaitStaysOnTheThread() async throws {
        // An hour: the next request always comes within it, however loaded the machine.
        try await withListener(handBackAfter: .seconds(3600), handler: Self.whereHandler) { listener, port in
            let (client, loop, deferred, next) = try await blocking {
                let client = try RawHTTPClient(port: port)
                let loop = try client.exchange("GET /where HTTP/1.1\r\nHost: x\r\n\r\n")
                let deferred = try client.exchange("GET /deferred HTTP/1.1\r\nHost: x\r\n\r\n")
                return (client, loop, deferred, try client.exchange("GET /where HTTP/1.1\r\nHost: x\r\n\r\n"))
            }
            #expect(deferred.body == Array("deferred".utf8))
            #expect(next.status == 200 && next.text != loop.text, "planned on the connection's own thread, not the loop")
            // The client stays connected: stop itself must end the thread's wait and close the connection.
            await listener.stop()
            let rest = try await blocking { client.readUntilClosed() }
            #expect(rest.bytes.isEmpty)
            #expect(rest.ending == .endOfStream)
        }
    }

    @Test(
        "an idle timeout shorter than the wait on the thread, or running on once back on the loop, closes the connection",
        arguments: [Duration.zero, .seconds(3600)])
    func idleTimeoutAfterADeferredAnswer(handBackAfter: Duration) async throws {
        try await withListener(
            ServerOptions(idleTimeout: .milliseconds(200)), handBackAfter: handBackAfter, handler: Self.whereHandler
        ) { _, port in
            let (deferred, rest) = try await blocking {
                var failures: [String] = []
                // A connection closed before its request arrived (a loaded machine) is dropped for another.
                for _ in 1...20 {
                    let client = try RawHTTPClient(port: port)
                    do {
                        let deferred = try client.exchange("GET /deferred HTTP/1.1\r\nHost: x\r\n\r\n")
                        return (deferred, client.readUntilClosed())
                    } catch {
                        failures.append("\(error)")
                    }
                }
                throw RawClientError("no request answered in 20 connections: \(failures)")
            }
            #expect(deferred.body == Array("deferred".utf8))
            #expect(rest.bytes.isEmpty)
            #expect(rest.ending == .endOfStream)
        }
    }

    @Test("a handler that blocks holds up no other listener's connections")
    func blockedHandlerHoldsUpNoOtherListener() async throws {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let blockingHandler: @Sendable (StubRequest) -> ResponsePlan = { request in
            entered.signal()
            release.wait()
            return echo(request)
        }
        try await withListener(handler: blockingHandler) { _, blockedPort in
            try await withListener { _, port in
                let (answered, held) = try await blocking {
                    let blocked = try RawHTTPClient(port: blockedPort)
                    try blocked.send("GET /held HTTP/1.1\r\nHost: x\r\n\r\n")
                    entered.wait()
                    let answered = try Self.answeredByOtherConnections(port: port)
                    release.signal()
                    return (answered, try blocked.readResponse())
                }
                #expect(answered == Self.otherConnections)
                #expect(held.text.hasPrefix("GET /held\n"))
            }
        }
    }

    @Test(
        "a listener runs one loop per processor the process may run on, at most 8",
        arguments: [
            ("Name:\tx\nCpus_allowed:\t1\nCpus_allowed_list:\t0\n", 1),
            ("Cpus_allowed:\t3\n", 2),
            ("Cpus_allowed:\t00000000,00000000,00000000,0000000a\n", 2),
            ("Cpus_allowed:\tff\n", 8),
            ("Cpus_allowed:\tffffffff,ffffffff\n", 8),
        ])
    func loopCountFromAffinity(status: String, expected: Int) {
        #expect(EventLoop.loopCount(fromProcessStatus: status) == expected)
    }

    @Test("without an affinity line, or with none allowed, the count comes from elsewhere")
    func loopCountWithoutAffinity() {
        #expect(EventLoop.loopCount(fromProcessStatus: "Name:\tx\nThreads:\t4\n") == nil)
        #expect(EventLoop.loopCount(fromProcessStatus: "Cpus_allowed:\t0\n") == nil)
        #expect((1...EventLoop.maximumPerListener).contains(EventLoop.countPerListener))
    }
}
