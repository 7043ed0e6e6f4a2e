import RecordReplayMessages
import Dispatch
import Foundation
import RecordReplay
@_spi(Benchmarks) import RecordReplayWire
import RepositoryContractsPrimitives
import RepositoryContractsTestSupport
import Testing

/// Recording from a plain `http` upstream does the forward on the connection's own thread: no step of it
/// waits for the Swift concurrency pool, which a test process shares with every other test.
@Suite("Recording: the forward to a plain-http upstream stays off the concurrency pool", .timeLimit(.minutes(10)))
struct RecordingOffThePoolTests {
    /// Exit codes of the child process below.
    private enum Outcome: Int32 {
        case recorded = 42
        /// Not the live API's answer, or not recorded (also: no answer within the bound).
        case wrongAnswer = 1
        /// The probe task ran while the request was in flight: the pool was not blocked, so the check proves
        /// nothing.
        case poolWasFree = 2
        case setUpFailed = 3
    }

    /// How the server ends a recorded request whose live API never answers.
    enum Ending: String, CaseIterable, Sendable {
        case stop = "stop()"
        case cancelPendingAnswers = "cancelPendingAnswers()"
    }

    @Test("a forward the live API never answers is cut short, the client sees the connection close, nothing is recorded", arguments: Ending.allCases)
    func endsForwardInFlight(_ ending: Ending) async throws {
        let upstream = StubServer()
        upstream.playback.inject(.neverRespond, when: .get("/hang"))
        try await upstream.start()
        let server = StubServer()
        // A day-long forward timeout: only the server's own ending can stop the forward (if it does not,
        // stop() and the client wait on, and the suite's time limit fails the test).
        server.playback.recordUnmatched(through: UpstreamForwarder.patient(upstream.baseURL))
        try await server.start()
        let port = server.port
        let hanging = Task { try await blocking { try RawHTTPClient(port: port).exchange("GET /hang HTTP/1.1\r\nHost: x\r\n\r\n") } }
        await upstream.playback.waitForRequests(count: 1)

        switch ending {
        case .stop: await server.stop()
        case .cancelPendingAnswers: server.cancelPendingAnswers()
        }
        let result = await hanging.result
        #expect(throws: RawClientError.self) { try result.get() }
        await server.stop()
        await upstream.stop()
        #expect(server.playback.recordedInteractions.isEmpty)
    }

    @Test("a request is recorded and answered while every thread of the concurrency pool is blocked")
    func recordsWhilePoolIsBlocked() async {
        // In a child process: blocking the pool here would stall every other test of the run.
        await #expect(processExitsWith: .exitCode(Outcome.recorded.rawValue)) {
            let upstream = StubServer()
            upstream.load(
                Fixture(interactions: [
                    Interaction(request: StubRequest(method: "GET", path: "/todos/1"), response: StubResponse(body: Data("live".utf8)))
                ]), source: "live.json")
            guard (try? await upstream.start()) != nil else { exit(Outcome.setUpFailed.rawValue) }
            let server = StubServer()
            server.playback.recordUnmatched(through: UpstreamForwarder.patient(upstream.baseURL))
            guard (try? await server.start()) != nil else { exit(Outcome.setUpFailed.rawValue) }
            let port = server.port

            // Every pool thread blocks until the request is answered; the probe queues behind them.
            let width = ProcessInfo.processInfo.activeProcessorCount
            let blocked = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            for _ in 0..<width {
                Task.detached {
                    blocked.signal()
                    release.wait()
                }
            }
            // This body may itself hold a pool thread: then one fewer task starts.
            for _ in 0..<(width - 1) { blocked.wait() }
            let probeRan = Protected(false)
            Task.detached { probeRan.withLock { $0 = true } }

            // A bound only so that a forward that does wait for the pool fails instead of hanging the run: a
            // correct one takes a few milliseconds of three plain threads.
            let answer = try? RawHTTPClient(port: port, timeout: .seconds(600)).exchange("GET /todos/1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let poolWasFree = probeRan.withLock { $0 }
            for _ in 0..<width { release.signal() }
            if poolWasFree { exit(Outcome.poolWasFree.rawValue) }
            let recorded = server.playback.recordedInteractions.map(\.request.path)
            exit(answer?.text == "live" && recorded == ["/todos/1"] ? Outcome.recorded.rawValue : Outcome.wrongAnswer.rawValue)
        }
    }
}
