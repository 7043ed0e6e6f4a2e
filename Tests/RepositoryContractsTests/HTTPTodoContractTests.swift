import Foundation
import RepositoryContracts
import Testing
import TodoExample

/// The real HTTP repository (URLSession over loopback) passes the CRUD contract twice: against a
/// stateful fake API in code, and by replaying the committed fixtures in `Fixtures/Todos/`, one per
/// clause.
@Suite("HTTP Todo repository")
struct HTTPTodoContractTests {
    static let contract = Contract.crud(factory: ExampleContracts.todoFactory)

    @Test("against the fake API", .stubServer(), arguments: contract.cases(for: ExampleContracts.httpFakeAPI))
    func fakeAPI(_ check: ContractCase<Todo>) async { await check.verify() }

    @Test("replaying Fixtures/Todos", .stubServer(fixtures: "Todos"),
          arguments: contract.cases(for: ExampleContracts.httpReplay))
    func replay(_ check: ContractCase<Todo>) async { await check.verify() }

    @Test("every applicable clause has a committed fixture, and no fixture is left over")
    func fixturesMatchClauses() throws {
        let directory = TodoFixtures.directory
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        let clauses = Self.contract.cases(for: ExampleContracts.httpReplay).map(\.clauseID)
        #expect(Set(files) == Set(clauses))
    }

    /// Rewrites `Fixtures/Todos/` from the fake API: `REGENERATE_TODO_FIXTURES=1 swift test --filter
    /// HTTPTodoContractTests/regenerate`. Only `Content-Type` is kept of the request headers (the
    /// rest name the client and the ephemeral port).
    @Test("regenerate Fixtures/Todos from the fake API",
          .enabled(if: ProcessInfo.processInfo.environment["REGENERATE_TODO_FIXTURES"] != nil), .stubServer(),
          arguments: contract.cases(for: ExampleContracts.httpReplay))
    func regenerate(_ check: ContractCase<Todo>) async throws {
        let recorder = TodoFixtures.Recorder()
        let api = TodoAPIFake()
        StubServer.current.playback.stub(.any) { request in
            let response = api.respond(to: request)
            recorder.append(request, response)
            return response
        }
        await check.verify()
        try recorder.fixture.write(to: TodoFixtures.directory.appendingPathComponent("\(check.clauseID).json"))
    }
}

/// Where the Todo fixtures live and how the regeneration test captures them.
enum TodoFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Todos", isDirectory: true)

    /// Collects request–response pairs in the order the fake answered them.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var interactions: [Interaction] = []

        func append(_ request: StubRequest, _ response: StubResponse) {
            var request = request
            request.headers = HTTPHeaders(request.headers.filter { $0.name.lowercased() == "content-type" })
            lock.lock()
            interactions.append(Interaction(request: request, response: response))
            lock.unlock()
        }

        var fixture: Fixture {
            lock.lock()
            defer { lock.unlock() }
            return Fixture(interactions: interactions)
        }
    }
}
