import Foundation
import RepositoryContracts
import RecordReplay
import Testing
import TodoExample

/// The HTTP repository behind `RetryingRepository`, with the stub server's delays and the client's
/// timeouts and back-off on one `MockClock`: minutes of virtual time, no waiting. Each step waits for
/// the sleepers it expects (`waitForSleepers`), and for the request the server must hold
/// (`waitForRequests`), before it advances, so the order never depends on scheduling.
@Suite("Timeouts and retries on a mock clock", .timeLimit(.minutes(10)))
struct RetryOnMockClockTests {
    /// A stub server over a fresh Todo API whose delays sleep on `clock`.
    private func todoServer(on clock: MockClock) async throws -> StubServer {
        let server = StubServer(.init(clock: clock))
        let api = TodoAPIFake()
        server.playback.stub(.any) { api.respond(to: $0) }
        try await server.start()
        return server
    }

    @Test("a request that never answers times out after 30 s, the retry waits 1 s, a 5 s server delay is waited out")
    func timeoutThenRetry() async throws {
        let clock = MockClock()
        let server = try await todoServer(on: clock)
        server.playback.inject(.neverRespond, when: .get("/todos"), on: .nth(1))
        server.playback.inject(.delay(.seconds(5)), when: .get("/todos"), on: .nth(2))
        let repository = RetryingRepository(HTTPTodoRepository(baseURL: server.baseURL), clock: clock)

        let fetch = Task { try await repository.fetchAll() }
        await clock.waitForSleepers(count: 1)  // attempt 1's timeout
        // And attempt 1's request held by the server: the timeout sleeps before URLSession has sent it,
        // and advancing then would cancel it unsent (the server's first request would be attempt 2's).
        await server.playback.waitForRequests(count: 1)
        #expect(clock.nextDeadline == MockClock.Instant(offset: .seconds(30)))
        #expect(clock.advance(by: .seconds(30)) == 1)
        await clock.waitForSleepers(count: 1)  // the back-off
        #expect(clock.nextDeadline == MockClock.Instant(offset: .seconds(31)))
        clock.advance(by: .seconds(1))
        await clock.waitForSleepers(count: 2)  // attempt 2's timeout and the server's delay
        #expect(clock.pendingSleepers.map(\.deadline) == [.init(offset: .seconds(36)), .init(offset: .seconds(61))])
        clock.advance(by: .seconds(5))

        #expect(try await fetch.value == [])
        #expect(server.journal.count(of: .get("/todos")) == 2)
        #expect(clock.now == MockClock.Instant(offset: .seconds(36)))
        #expect(clock.pendingSleeperCount == 0)  // attempt 2's timeout was cancelled when the answer came
        await server.stop()
    }

    @Test("503 three times: waits 1 s, then 2 s, then gives up with the last error")
    func backoffThenGiveUp() async throws {
        let clock = MockClock()
        let server = try await todoServer(on: clock)
        server.playback.inject(.status(503), when: .get("/todos"))
        let repository = RetryingRepository(
            HTTPTodoRepository(baseURL: server.baseURL), policy: RetryPolicy(timeout: nil), clock: clock)

        let fetch = Task { try await repository.fetchAll() }
        await clock.waitForSleepers(count: 1)
        #expect(clock.nextDeadline == MockClock.Instant(offset: .seconds(1)))
        clock.advance(by: .seconds(1))
        await clock.waitForSleepers(count: 1)
        #expect(clock.nextDeadline == MockClock.Instant(offset: .seconds(3)))
        clock.advance(by: .seconds(2))

        await #expect(throws: RepositoryError.self) { try await fetch.value }
        #expect(server.journal.count(of: .get("/todos")) == 3)
        #expect(clock.now == MockClock.Instant(offset: .seconds(3)))
        #expect(clock.pendingSleeperCount == 0)
        await server.stop()
    }

    @Test("create is a POST: it gets the timeout but is never sent twice")
    func createNotRetried() async throws {
        let clock = MockClock()
        let server = try await todoServer(on: clock)
        server.playback.inject(.status(503), when: .post("/todos"))
        let repository = RetryingRepository(HTTPTodoRepository(baseURL: server.baseURL), clock: clock)

        await #expect(throws: RepositoryError.self) {
            try await repository.create(Todo(id: 1, title: "once", priority: 0))
        }
        #expect(server.journal.count(of: .post("/todos")) == 1)
        #expect(clock.pendingSleeperCount == 0)
        await server.stop()
    }
}
