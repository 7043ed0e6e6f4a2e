import RecordReplayMessages
import Foundation
import MockTime
import MockTimeTesting
import RecordReplay
import StubServerTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The trait's `interceptsURLSession:`: app code that calls `URLSession.shared` with a production URL
/// runs against the test's fixtures unchanged.
@Suite struct StubServerTraitInterceptionTests {
    @Test(.stubServer(fixtures: "Interception", interceptsURLSession: true))
    func quickPrototypeLoadsTodo() async throws {
        let todo = try await PrototypeTodo(from: "https://jsonplaceholder.typicode.com/todos/10")
        #expect(todo == PrototypeTodo(id: 10, userId: 1, title: "illo est ratione doloremque quia maiores aut", completed: true))
        #expect(StubServer.current.journal.entries.map(\.request.origin?.host) == ["jsonplaceholder.typicode.com"])
    }

    @Test(.mockClock, .stubServer(interceptsURLSession: true))
    func delaysFollowTheTestsMockClock() async throws {
        let server = StubServer.current
        server.playback.stub(.get("/todos/1"), with: StubResponse(status: 200, body: Data(#"{"id":1,"userId":1,"title":"t","completed":false}"#.utf8)))
        server.playback.inject(.delay(.seconds(30)), when: .get("/todos/1"))
        let load = Task { try await PrototypeTodo(from: "https://jsonplaceholder.typicode.com/todos/1") }
        await server.playback.waitForRequests(count: 1)
        await MockClock.current.waitForSleepers(count: 1)
        MockClock.current.advance(by: .seconds(30))
        #expect(try await load.value.id == 1)
    }

    @Test(.stubServer(interceptsURLSession: true))
    func serverNeedNotListenForInterceptedRequests() async throws {
        StubServer.current.playback.stub(.get("/ping"), with: StubResponse(status: 204))
        let (_, response) = try await URLSession.shared.data(from: URL(string: "https://status.example.com/ping")!)
        #expect((response as? HTTPURLResponse)?.statusCode == 204)
    }
}
