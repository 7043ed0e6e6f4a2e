import RecordReplayMessages
import Foundation
import MockTime
import RecordReplay
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The whole chain through the public `StubServer`: a real client (URLSession) over loopback, the
/// listener, playback, faults on an injected clock, and the report.
@Suite("StubServer end to end")
struct StubServerEndToEndTests {
    static let todos = Fixture(interactions: (1...3).map { number in
        Interaction(
            request: StubRequest(method: "GET", path: "/todos"),
            response: StubResponse(headers: ["Content-Type": "application/json"], body: Data("[\(number)]".utf8)))
    })

    @Test("identical requests replay in recorded order; a status fault replaces the 2nd answer only")
    func orderAndStatusFault() async throws {
        let server = StubServer()
        server.load(Self.todos, source: "todos")
        server.playback.inject(.status(503), when: .get("/todos"), on: .nth(2))
        try await server.start()
        var answers: [String] = []
        for _ in 1...3 {
            let (body, response) = try await URLSession.patient.data(from: server.url("/todos"))
            answers.append("\((response as? HTTPURLResponse)?.statusCode ?? 0) \(String(decoding: body, as: UTF8.self))")
        }
        await server.stop()
        #expect(answers == ["200 [1]", "503 [2]", "200 [3]"])
        #expect(server.report.findings.isEmpty)
        #expect(server.journal.count(of: .get("/todos")) == 3)
    }

    @Test("a reset connection reaches the client as a transport error")
    func connectionReset() async throws {
        let server = StubServer()
        server.load(Self.todos, source: "todos")
        server.playback.inject(.connectionReset, when: .get("/todos"), on: .every)
        try await server.start()
        await #expect(throws: URLError.self) {
            _ = try await URLSession.patient.data(from: server.url("/todos"))
        }
        await server.stop()
    }

    @Test("a delay waits on the injected clock, not on wall time")
    func delayOnInjectedClock() async throws {
        let clock = MockClock()
        let server = StubServer(StubServer.Configuration(clock: clock))
        server.load(Self.todos, source: "todos")
        server.playback.inject(.delay(.seconds(3600)), when: .get("/todos"), on: .first)
        try await server.start()
        let request = Task { try await URLSession.patient.data(from: server.url("/todos")) }
        // First the request's arrival, which has no bound: on a starved machine URLSession may take longer
        // than the sleeper wait's bound to deliver it; from arrival to the sleep is a step in process.
        await server.playback.waitForRequests(count: 1)
        await clock.waitForSleepers(count: 1)
        // Had the wait given up, the advance would miss the sleeper and the answer never come: stop here.
        try #require(clock.pendingSleeperCount == 1)
        #expect(server.journal.count(of: .get("/todos")) == 1)
        clock.advance(by: .seconds(3600))
        let (body, _) = try await request.value
        #expect(String(decoding: body, as: UTF8.self) == "[1]")
        await server.stop()
    }

    @Test("stop() returns while a request waits for a response that never comes")
    func stopWithNeverRespond() async throws {
        let server = StubServer()
        server.playback.inject(.neverRespond, when: .any, on: .every)
        try await server.start()
        let request = Task { try? await URLSession.patient.data(from: server.url("/hang")) }
        await server.playback.waitForRequests(count: 1)
        await server.stop()
        #expect(await request.value == nil)
    }

    @Test("start() on a port in use fails naming the address and port")
    func portInUse() async throws {
        let first = StubServer()
        try await first.start()
        let second = StubServer(StubServer.Configuration(server: ServerOptions(port: first.port)))
        await #expect {
            try await second.start()
        } throws: { error in
            String(describing: error).contains("127.0.0.1:\(first.port)")
        }
        await first.stop()
    }
}

extension StubServer {
    /// `baseURL` + `path`.
    func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + path)!
    }
}
