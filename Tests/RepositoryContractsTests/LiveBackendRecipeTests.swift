import Foundation
import RepositoryContractsPrimitives
import RecordReplay
import RepositoryContracts
import Testing
import TodoExample

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The README's live-backend recipe, run as written against a stateful API whose server assigns random
/// ids (a ``TodoAPIServer`` on loopback): recorded live through the stub server with every case started
/// at once, then replayed offline with the API stopped. The shared backend makes the cases take turns and
/// resets the API before each clause while the scope reaches the live API; replay skips the reset.
@Suite("Live backend recipe")
struct LiveBackendRecipeTests {
    // Recipe begins: what a user writes for an HTTP repository whose server assigns ids.
    /// The live API, emptied before each clause: it has no "delete all" route, so each Todo is deleted.
    static let todosAPI = SharedBackend("todos API") { progress in   // before each clause, outside it, on its own budget
        guard let live = StubServer.current.configuration.recording.upstream else { return }
        let api = HTTPTodoRepository(baseURL: live)
        for todo in try await api.fetchAll() { try await api.delete(id: todo.id); progress.advance() }
    }

    static let http = Conformance<CRUD<Todo>>(
        "http", capabilities: [.create, .update, .delete, .serverAssignedIDs],
        ordering: .sorted("by id") { $0.id < $1.id },
        equivalence: .normalizing("== ignoring id") { var todo = $0; todo.id = 0; return todo },
        sharedBackend: todosAPI
    ) { HTTPTodoRepository(baseURL: StubServer.current.baseURL) }
    // Recipe ends.

    static let contract = Contract.crud(factory: ExampleContracts.todoFactory)

    /// Runs every case at once, each in its own stub server scope made by `server`, through the Swift
    /// Testing glue (`verify()`: fixture loading, reset decision, issues), and returns the results and
    /// what each server found; `inspect` sees each server once it has stopped. `excluded` clauses are
    /// not run.
    static func runAllAtOnce(
        _ conformance: Conformance<CRUD<Todo>>, excluding excluded: Set<String> = [],
        server: @escaping @Sendable () -> StubServer,
        inspecting inspect: @escaping @Sendable (StubServer) -> Void = { _ in }
    ) async -> (results: [ClauseResult], findings: [String]) {
        await withTaskGroup(of: (ClauseResult, [String]).self) { group in
            for check in contract.applicableCases(for: conformance) where !excluded.contains(check.clauseID) {
                group.addTask {
                    let scope = server()
                    do { try await scope.start() } catch { return (ClauseResult(id: check.clauseID, summary: "", status: .failed), ["\(error)"]) }
                    let result = await StubServer.$currentIfAny.withValue(scope) { await check.verify() }
                    await scope.stop()
                    inspect(scope)
                    var findings: [String] = []
                    do { _ = try scope.finishRecording() } catch { findings.append("\(error)") }
                    findings += scope.report.findings.filter { $0.severity == .error }.map(\.message)
                    return (result, findings)
                }
            }
            return await group.reduce(into: ([], [])) { $0.results.append($1.0); $0.findings += $1.1 }
        }
    }

    /// The API is written as Hummingbird and Vapor write theirs: through a plain `JSONEncoder()`, with
    /// each Todo's URL (written `http:\/\/127.0.0.1:…\/todos\/7`). Every JSON body of the recording is
    /// stored as JSON, with the style that rebuilds its bytes.
    @Test("recorded live with every case at once, replayed offline with the API stopped: every applicable clause passes both ways")
    func recordThenReplay() async throws {
        let folder = try TodoFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let api = TodoAPIServer(assigningRandomIDs: true, representation: .linked)
        try await api.start()
        let upstream = api.baseURL
        // The bulk clauses at 50 Todos, not 1,000: the shared backend makes the clauses take turns on
        // the live API, and at 1,000 the bulk clause alone took minutes on a loaded CI machine.
        let http = Self.http.scalingBulkClauses(to: 50)
        let recording = await Self.runAllAtOnce(http) {
            StubServer(.init(fixtureDirectory: folder, recording: Recording(mode: .all, upstream: upstream)))
        }
        let liveRequests = api.requests
        await api.stop()
        #expect(recording.results.count == Self.contract.applicableCases(for: http).count)
        #expect(recording.results.allSatisfy { $0.status == .passed })
        #expect(recording.findings == [])
        #expect(liveRequests.filter { $0 == "GET /todos" }.count >= recording.results.count, "a reset lists the Todos before each clause")
        try Self.expectJSONBodiesStoredAsJSON(in: folder)

        let replay = await Self.runAllAtOnce(http) {
            StubServer(.init(fixtureDirectory: folder, recording: .never))
        }
        #expect(replay.results.allSatisfy { $0.status == .passed }, "\(replay.results.compactMap(\.message))")
        #expect(replay.findings == [], "no unmatched request, no unused interaction: the reset was not replayed")
    }

    /// Every body with a JSON `Content-Type` in the fixtures in `folder` is stored as JSON, and the
    /// server's `\/` is among the styles kept.
    static func expectJSONBodiesStoredAsJSON(in folder: URL) throws {
        var jsonBodies = 0
        var escapedSlashes = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let file = folder.appendingPathComponent(name)
            for interaction in try Fixture(contentsOf: file).interactions {
                let messages = [
                    (interaction.request.headers, interaction.request.body),
                    (interaction.response.headers, interaction.response.body),
                ]
                for (headers, body) in messages where headers["Content-Type"] == "application/json" && !body.isEmpty {
                    jsonBodies += 1
                    #expect(StoredBodyKind(body: body, headers: headers) == .json, "\(name): \(String(decoding: body, as: UTF8.self))")
                }
            }
            escapedSlashes += try String(contentsOf: file, encoding: .utf8).components(separatedBy: #""escapedSlash": true"#).count - 1
        }
        #expect(jsonBodies > 100)
        #expect(escapedSlashes > 10, "the API writes each Todo's URL with \\/")
    }

    @Test("without a reset, clauses on the live API see each other's Todos")
    func resetIsNeeded() async throws {
        let folder = try TodoFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let api = TodoAPIServer(assigningRandomIDs: true)
        try await api.start()
        var unshared = Self.http
        unshared.sharedBackend = SharedBackend("todos API, never reset")
        let upstream = api.baseURL
        var statuses: [String: ClauseResult.Status] = [:]
        // One after another, so the outcome does not depend on scheduling: the second clause finds the
        // first one's Todos.
        for check in Self.contract.cases(for: unshared).prefix(6) {
            let scope = StubServer(.init(fixtureDirectory: folder, recording: Recording(mode: .all, upstream: upstream)))
            try await scope.start()
            try scope.loadFixture(named: check.clauseID)
            statuses[check.clauseID] = await StubServer.$currentIfAny.withValue(scope) { await check.run() }.status
            await scope.stop()
        }
        await api.stop()
        #expect(statuses.values.contains(.failed), "\(statuses)")
    }

    @Test("a fixture that is missing and cannot be recorded is one issue naming the file and the command, and the clause does not run")
    func missingFixture() async throws {
        let folder = try TodoFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let check = try #require(Self.contract.cases(for: Self.http).first)
        for mode in [RecordMode.never, .once] {
            let scope = StubServer(.init(fixtureDirectory: folder, recording: Recording(mode: mode)))
            try await scope.start()
            let issues = Protected<[String]>([])
            var result: ClauseResult?
            await withKnownIssue {
                result = await StubServer.$currentIfAny.withValue(scope) { await check.verify() }
            } matching: { issue in
                issues.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
                return true
            }
            await scope.stop()
            let messages = issues.withLock { $0 }
            #expect(messages.count == 1, "\(mode): \(messages)")
            let path = folder.appendingPathComponent("\(check.clauseID).json").path
            #expect(messages.first?.contains(path) == true, "\(mode): \(messages)")
            #expect(messages.first?.contains("REPOSITORY_CONTRACTS_RECORD=once REPOSITORY_CONTRACTS_UPSTREAM=<base URL of the live API> swift test --filter 'LiveBackendRecipeTests/missingFixture'") == true, "\(mode): \(messages)")
            #expect(result?.failures.count == 1)
            #expect(scope.journal.isEmpty, "the clause did not run, so no request reached the server")
        }
    }

    @Test("a first run with no fixture and no upstream gives exactly one issue per case, and no request")
    func firstRun() async throws {
        let folder = try TodoFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases = Self.contract.applicableCases(for: Self.http)
        let issues = Protected(0)
        var requests = 0
        for check in cases {
            let scope = StubServer(.init(fixtureDirectory: folder, recording: Recording(mode: .once)))
            try await scope.start()
            await withKnownIssue {
                _ = await StubServer.$currentIfAny.withValue(scope) { await check.verify() }
            } matching: { _ in
                issues.withLock { $0 += 1 }
                return true
            }
            await scope.stop()
            requests += scope.journal.count + scope.report.findings.count
        }
        #expect(issues.withLock { $0 } == cases.count, "\(cases.count) cases")
        #expect(requests == 0)
    }
}
