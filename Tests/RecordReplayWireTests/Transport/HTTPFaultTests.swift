import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplayWire
import RepositoryContractsPrimitives
import Testing
import RepositoryContractsTestSupport

/// Connection faults, deferred plans and stopping, as a client sees them.
@Suite("HTTP transport: faults, deferred plans and stop")
struct HTTPFaultTests {
    static let request = "GET /f HTTP/1.1\r\nHost: x\r\n\r\n"

    @Test("connectionReset: the client's read fails with ECONNRESET")
    func reset() async throws {
        try await withListener(handler: { _ in .fault(.connectionReset) }) { _, port in
            let outcome = try await blocking {
                let client = try RawHTTPClient(port: port)
                try client.send(Self.request)
                return client.readUntilClosed()
            }
            #expect(outcome.bytes.isEmpty)
            #expect(outcome.ending == .reset)
        }
    }

    @Test("closeWithoutReply: the client reads end of stream and nothing else")
    func closeWithoutReply() async throws {
        try await withListener(handler: { _ in .fault(.closeWithoutReply) }) { _, port in
            let outcome = try await blocking {
                let client = try RawHTTPClient(port: port)
                try client.send(Self.request)
                return client.readUntilClosed()
            }
            #expect(outcome.bytes.isEmpty)
            #expect(outcome.ending == .endOfStream)
        }
    }

    @Test("malformedResponse: the client reads exactly those bytes, then end of stream")
    func malformedResponse() async throws {
        let garbage = Data("HTTP/1.1 2OO NOT\r\nwhat\u{00}\r\n".utf8)
        try await withListener(handler: { _ in .fault(.malformedResponse(garbage)) }) { _, port in
            let outcome = try await blocking {
                let client = try RawHTTPClient(port: port)
                try client.send(Self.request)
                return client.readUntilClosed()
            }
            #expect(Data(outcome.bytes) == garbage)
            #expect(outcome.ending == .endOfStream)
        }
    }

    @Test("truncatedBody: the full Content-Length, part of the body, then end of stream")
    func truncatedBody() async throws {
        let response = StubResponse(status: 200, headers: ["X-A": "1"], body: Data("0123456789".utf8))
        try await withListener(handler: { _ in .fault(.truncatedBody(response, keepingBytes: 4)) }) { _, port in
            let outcome = try await blocking {
                let client = try RawHTTPClient(port: port)
                try client.send(Self.request)
                return client.readUntilClosed()
            }
            #expect(String(decoding: outcome.bytes, as: UTF8.self) == "HTTP/1.1 200 OK\r\nX-A: 1\r\nContent-Length: 10\r\n\r\n0123")
            #expect(outcome.ending == .endOfStream)
        }
    }

    @Test("truncatedBody of a response with an invalid status: the 500 naming it, cut as the fault says")
    func truncatedInvalidStatus() async throws {
        let response = StubResponse(status: 42, body: Data("0123456789".utf8))
        try await withListener(handler: { _ in .fault(.truncatedBody(response, keepingBytes: 4)) }) { _, port in
            let outcome = try await blocking {
                let client = try RawHTTPClient(port: port)
                try client.send(Self.request)
                return client.readUntilClosed()
            }
            let full = "stub response has an invalid status code: 42\n"
            #expect(String(decoding: outcome.bytes, as: UTF8.self) == "HTTP/1.1 500 Internal Server Error\r\n"
                + "Content-Type: text/plain; charset=utf-8\r\nContent-Length: \(full.utf8.count)\r\n\r\nstub")
            #expect(outcome.ending == .endOfStream)
        }
    }

    /// With a short idle timeout the server also closes a connection whose first request does not come
    /// within it, which a client starved between connecting and sending can miss: such a connection,
    /// closed before the handler saw its request, is dropped and another opened, so the test never
    /// depends on the 300 ms not running out first.
    @Test("neverRespond: the connection stays open and silent until the server stops")
    func neverRespond() async throws {
        let (arrivals, arrival) = AsyncStream<Arrival>.makeStream()
        let handler: @Sendable (StubRequest) -> ResponsePlan = { _ in
            arrival.yield(.received)
            return .fault(.neverRespond)
        }
        try await withListener(ServerOptions(idleTimeout: .milliseconds(300)), handler: handler) { listener, port in
            var events = arrivals.makeAsyncIterator()
            var client: RawHTTPClient?
            for _ in 1...HTTPTimeoutTests.attempts where client == nil {
                let connection = try await blocking {
                    let connection = try RawHTTPClient(port: port)
                    try connection.send(Self.request)
                    return connection
                }
                // Tells when the server closes the connection (end of stream): before the request came,
                // or when the server stops.
                Thread.detachNewThread {
                    _ = Platform.waitReadable([connection.descriptor], timeoutMilliseconds: -1)
                    arrival.yield(.closed)
                }
                if await events.next() == .received { client = connection }
            }
            let open = try #require(client, "no request reached the handler in \(HTTPTimeoutTests.attempts) connections")
            // Well past the idle timeout, the connection is still open and nothing was sent.
            let early = try await blocking { Platform.waitReadable([open.descriptor], timeoutMilliseconds: 300)[0] }
            #expect(!early, "the server answered or closed a neverRespond connection")
            #expect(listener.openConnectionCount == 1)
            await listener.stop()
            let outcome = try await blocking { open.readUntilClosed() }
            #expect(outcome.bytes.isEmpty)
            #expect(outcome.ending == .endOfStream)
        }
    }

    /// What became of a request sent on a new connection.
    enum Arrival {
        /// The handler got it.
        case received
        /// The server closed the connection.
        case closed
    }

    @Test("deferred: the plan returned by the async closure is carried out")
    func deferred() async throws {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let handler: @Sendable (StubRequest) -> ResponsePlan = { request in
            .deferred {
                if request.path == "/f" {
                    for await _ in gate { break }
                }
                return .deferred { echo(request) }
            }
        }
        // The plan runs on the shared concurrency pool, which a loaded suite can hold back for long: the
        // listener's and the client's timeouts are the tests' patient ones.
        try await withListener(handler: handler) { _, port in
            let client = try await blocking { try RawHTTPClient(port: port) }
            try client.send(Self.request)
            open.yield()
            let response = try await blocking { try client.readResponse() }
            #expect(response.status == 200)
            #expect(response.text.hasPrefix("GET /f"))
            let again = try await blocking { try client.exchange("GET /g HTTP/1.1\r\nHost: x\r\n\r\n") }
            #expect(again.text.hasPrefix("GET /g"), "the connection stays usable after a deferred plan")
        }
    }

    @Test("stop() cancels a deferred plan and closes its connection, and closes idle connections")
    func stopDuringDeferred() async throws {
        // The plan says when it runs, not the handler: a stop between the handler's return and the plan's
        // start closes the connection without ever starting the plan, and there would be nothing to cancel.
        let log = RequestLog()
        let (cancellations, cancelled) = AsyncStream<Void>.makeStream()
        let handler: @Sendable (StubRequest) -> ResponsePlan = { request in
            if request.path == "/idle" { return .respond(StubResponse(status: 204)) }
            return .deferred {
                log.record(request)
                await withTaskCancellationHandler {
                    let (never, _) = AsyncStream<Void>.makeStream()
                    for await _ in never {}
                } onCancel: {
                    cancelled.yield()
                }
                return .respond(StubResponse(status: 200))
            }
        }
        try await withListener(handler: handler) { listener, port in
            let (waiting, idle) = try await blocking {
                // Answered once, so the server has taken the connection and keeps it open, idle: a connection
                // still in the listening socket's backlog when stop() comes is reset by the kernel instead.
                let idle = try RawHTTPClient(port: port)
                _ = try idle.exchange("GET /idle HTTP/1.1\r\nHost: x\r\n\r\n")
                let waiting = try RawHTTPClient(port: port)
                try waiting.send(Self.request)
                return (waiting, idle)
            }
            _ = try await log.next()
            await listener.stop()
            #expect(listener.openConnectionCount == 0)
            _ = try await withSafetyTimeout("waiting for the deferred task to be cancelled") {
                var iterator = cancellations.makeAsyncIterator()
                return await iterator.next()
            }
            let waitingOutcome = try await blocking { waiting.readUntilClosed() }
            let idleOutcome = try await blocking { idle.readUntilClosed() }
            #expect(waitingOutcome.bytes.isEmpty)
            #expect(idleOutcome.bytes.isEmpty && idleOutcome.ending == .endOfStream)
            let refused = try await blocking { () -> Bool in
                do {
                    _ = try RawHTTPClient(port: port)
                    return false
                } catch {
                    return true
                }
            }
            #expect(refused, "the listening socket is closed after stop()")
        }
    }

    @Test("a deferred plan that stop() reaches before its task starts never runs, and its connection closes unanswered")
    func stopBeforeDeferredStarts() async throws {
        let started = Protected(false)
        let stopping = Protected<HTTPListener?>(nil)
        // The handler stops the listener itself, after the request is read and before its plan is carried out.
        let handler: @Sendable (StubRequest) -> ResponsePlan = { _ in
            stopping.withLock { $0 }?.requestStop()
            return .deferred {
                started.withLock { $0 = true }
                return .respond(StubResponse(status: 200))
            }
        }
        try await withListener(handler: handler) { listener, port in
            stopping.withLock { $0 = listener }
            let outcome = try await blocking {
                let client = try RawHTTPClient(port: port)
                try client.send(Self.request)
                return client.readUntilClosed()
            }
            await listener.stop()
            #expect(outcome.bytes.isEmpty, "no answer: \(String(decoding: outcome.bytes, as: UTF8.self))")
            #expect(outcome.ending == .endOfStream)
            #expect(!started.withLock { $0 }, "the plan's closure never ran")
        }
    }

    /// A handler that logs each request, then answers `done` once `release` lets it.
    static func answeringDone(whenReleasedBy release: DispatchSemaphore, log: RequestLog)
        -> @Sendable (StubRequest) -> ResponsePlan
    {
        { request in
            log.record(request)
            release.wait()
            return .respond(StubResponse(status: 200, body: Data("done".utf8)))
        }
    }

    @Test("stop() lets a response being produced finish, with Connection: close")
    func stopLetsInFlightFinish() async throws {
        let log = RequestLog()
        let release = DispatchSemaphore(value: 0)
        let handler = Self.answeringDone(whenReleasedBy: release, log: log)
        try await withListener(handler: handler) { listener, port in
            // However the test ends, no handler stays blocked (stop() would wait for it).
            defer { (0..<2).forEach { _ in release.signal() } }
            release.signal()  // lets the warm-up request through
            let (busy, idle) = try await blocking {
                let idle = try RawHTTPClient(port: port)
                _ = try idle.exchange("GET /warm HTTP/1.1\r\nHost: x\r\n\r\n")
                let busy = try RawHTTPClient(port: port)
                try busy.send(Self.request)
                return (busy, idle)
            }
            _ = try await log.next()
            _ = try await log.next()
            // The stop is requested explicitly; once that returns, every connection knows the server is
            // stopping, and only then is the busy handler let go.
            listener.requestStop()
            release.signal()
            let (response, rest) = try await blocking { (try busy.readResponse(), try busy.readToEnd()) }
            let idleOutcome = try await blocking { idle.readUntilClosed() }
            await listener.stop()
            #expect(response.text == "done")
            #expect(response.header("Connection") == "close")
            #expect(rest.isEmpty)
            #expect(idleOutcome.bytes.isEmpty && idleOutcome.ending == .endOfStream)
        }
    }
}
