import RecordReplayMessages
import Foundation
import RecordReplay
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The code of the InterceptingURLSession article, run.
@Suite struct InterceptingURLSessionExamples {
    init() {
        URLSessionInterception.prepare()
    }

    static let fixtureURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Interception/quickPrototypeLoadsTodo.json")

    @Test func plainCode() async throws {
        let fixtureURL = Self.fixtureURL
        let server = StubServer()
        try server.loadFixture(at: fixtureURL)
        let todo = try await server.interceptingURLSession {
            try await PrototypeTodo(from: "https://jsonplaceholder.typicode.com/todos/10")
        }
        #expect(server.report.findings.isEmpty)
        #expect(todo.id == 10)
    }

    @Test func ownSession() async throws {
        let server = StubServer()
        server.playback.stub(.get("/status"), with: StubResponse(status: 204))
        let status = try await server.interceptingURLSession {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.protocolClasses = [URLSessionInterception.protocolClass] + (configuration.protocolClasses ?? [])
            let session = URLSession(configuration: configuration)
            let (_, response) = try await session.data(from: URL(string: "https://api.example.com/status")!)
            return (response as? HTTPURLResponse)?.statusCode
        }
        #expect(status == 204)
    }
}
