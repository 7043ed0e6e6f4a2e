import Foundation
import RealStores
import RecordReplay
import RepositoryContracts
import Testing

/// Runs the CRUD contract's applicable clauses on the HTTP store through stub server scopes made by
/// hand, one scope per clause (as the `.stubServer` trait makes them, without its issue for a
/// recording run: a recording here is followed by a replay in the same test).
enum HTTPBackendScopes {
    /// The store through the running scope's stub server.
    static let conformance = RealStoreContracts.httpTodos(throughStubServer: true)
    static var cases: [ContractCase<CRUD<Todo>>] { Contracts.todos.applicableCases(for: conformance) }

    /// What one clause's scope gave.
    struct Run {
        var result: ClauseResult
        /// What the scope wrote when it recorded; `nil` when it recorded nothing.
        var outcome: RecordingOutcome?
        /// Why writing the recording failed (the secret scan refused it, say); `nil` when it did not.
        var writeError: String?
        var report: PlaybackReport
    }

    /// Verifies every applicable clause (`only` those when given) in its own scope over `folder`,
    /// recording as `recording` says, one clause after the other; failures are issues of the test.
    static func runEveryClause(in folder: URL, recording: Recording, only: Set<String>? = nil) async throws -> [Run] {
        var runs: [Run] = []
        for check in cases where only?.contains(check.clauseID) ?? true {
            let scope = StubServer(.init(fixtureDirectory: folder, recording: recording))
            try await scope.start()
            let result = await StubServer.$currentIfAny.withValue(scope) { await check.verify() }
            await scope.stop()
            var run = Run(result: result, outcome: nil, writeError: nil, report: scope.report)
            do { run.outcome = try scope.finishRecording() } catch { run.writeError = "\(error)" }
            runs.append(run)
        }
        return runs
    }

    /// The folder recordings go to: `<REAL_STORES_HTTP_FIXTURES>/Todos` emptied, or a new temporary one
    /// (`isTemporary`, to be removed).
    static func fixtureFolder() throws -> (url: URL, isTemporary: Bool) {
        let given = ProcessInfo.processInfo.environment[HTTPBackend.fixturesVariable].flatMap { $0.isEmpty ? nil : $0 }
        let folder = given.map { URL(fileURLWithPath: $0).appendingPathComponent("Todos", isDirectory: true) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("http-fixtures-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (folder, given == nil)
    }

    /// A copy of `folder` in which one recorded `GET /todos` answer listing to-dos gives each an extra
    /// member, `tag`, that the live server never sends (the client ignores it): the clause whose fixture
    /// it is, and the member.
    static func copyWithChangedAnswer(of folder: URL) throws -> (folder: URL, clauseID: String, member: String) {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("http-drift-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.copyItem(at: folder, to: copy)
        let member = "tag"
        for name in try FileManager.default.contentsOfDirectory(atPath: copy.path).sorted() where name.hasSuffix(".json") {
            let file = copy.appendingPathComponent(name)
            var fixture = try Fixture(contentsOf: file)
            guard let index = fixture.interactions.firstIndex(where: { interaction in
                interaction.request.method == "GET" && interaction.request.path == "/todos" && interaction.response.status == 200
                    && interaction.response.body.starts(with: Data("[{".utf8))
            }) else { continue }
            var todos = try #require(try JSONSerialization.jsonObject(with: fixture.interactions[index].response.body) as? [[String: Any]])
            for position in todos.indices { todos[position][member] = "changed" }
            fixture.interactions[index].response.body = try JSONSerialization.data(withJSONObject: todos, options: [.sortedKeys])
            try fixture.write(to: file)
            return (copy, String(name.dropLast(5)), member)
        }
        throw NoListingRecorded()
    }

    struct NoListingRecorded: Error, CustomStringConvertible {
        var description: String { "no fixture records a GET /todos answer that lists to-dos" }
    }
}
