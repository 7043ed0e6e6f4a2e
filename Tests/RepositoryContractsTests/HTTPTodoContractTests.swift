import Foundation
import RepositoryContracts
import RecordReplay
import Testing
import TodoExample

/// The real HTTP repository (URLSession over loopback) passes the CRUD contract three ways: against a
/// stateful fake API in code, by replaying the committed fixtures in `Fixtures/Todos/` (one per
/// clause), and live through the recording proxy, which re-records each fixture and must give the
/// committed bytes back.
@Suite("HTTP Todo repository")
struct HTTPTodoContractTests {
    static let contract = Contract.crud(factory: ExampleContracts.todoFactory)

    @Test("against the fake API", .stubServer(), arguments: contract.cases(for: ExampleContracts.httpFakeAPI))
    func fakeAPI(_ check: ContractCase<CRUD<Todo>>) async { await check.verify() }

    @Test("replaying Fixtures/Todos", .stubServer(fixtures: "Todos"),
          arguments: contract.cases(for: ExampleContracts.httpReplay))
    func replay(_ check: ContractCase<CRUD<Todo>>) async { await check.verify() }

    @Test("every applicable clause has a committed fixture, and no fixture is left over")
    func fixturesMatchClauses() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: TodoFixtures.directory.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        let clauses = Self.contract.applicableCases(for: ExampleContracts.httpReplay).map(\.clauseID)
        #expect(Set(files) == Set(clauses))
    }

    /// Each clause runs live: the repository talks to a recording ``StubServer`` in mode `all`, which
    /// forwards to a fresh ``TodoAPIServer`` and writes `<clause id>.json`. The live result must equal
    /// the in-memory fake's and the replay of what was just recorded (replayed in drift mode against
    /// another fresh API: no drift); the recording must equal the committed fixture byte for byte
    /// (recording is stable).
    ///
    /// `REPOSITORY_CONTRACTS_RECORD=all swift test --filter HTTPTodoContractTests/live` writes the
    /// recordings into `Fixtures/Todos/` instead of a temporary folder: the one command that re-records
    /// them.
    @Test("live through the recording proxy: same result as in memory and as replay, no drift, same bytes as committed",
          arguments: contract.applicableCases(for: ExampleContracts.httpReplay))
    func live(_ check: ContractCase<CRUD<Todo>>) async throws {
        let rerecording = try RecordMode.resolved(environment: ProcessInfo.processInfo.environment) == .all
        let folder = rerecording ? TodoFixtures.directory : try TodoFixtures.temporaryFolder()
        defer { if !rerecording { try? FileManager.default.removeItem(at: folder) } }

        let api = TodoAPIServer()
        try await api.start()
        // The concurrency clauses send requests together: their arrival order is chance.
        let order: RecordedOrder = check.clauseID.hasPrefix("concurrency.") ? .byRequest : .arrival
        let recorder = StubServer(
            .init(fixtureDirectory: folder, recording: Recording(mode: .all, upstream: api.baseURL, order: order)))
        try await recorder.start()
        let liveResult = await StubServer.$currentIfAny.withValue(recorder) { await check.verify() }
        await recorder.stop()
        await api.stop()
        let outcome = try #require(try recorder.finishRecording(), "the live run recorded nothing")
        #expect(recorder.report.findings.map(\.message) == [])

        // Replay what was just recorded, checking it for drift against another fresh live API (unless
        // which racing request wins is chance: the fresh API may pick another).
        let winnerIsChance = Self.clausesWhoseWinnerIsChance.contains(check.clauseID)
        let freshAPI = TodoAPIServer()
        try await freshAPI.start()
        let replayer = StubServer(
            .init(
                fixtureDirectory: folder, recording: Recording(mode: winnerIsChance ? .never : .drift, upstream: freshAPI.baseURL, driftCheck: DriftCheckOptions(stateChangingRequests: .send))))
        try await replayer.start()
        let replayResult = await StubServer.$currentIfAny.withValue(replayer) { await check.verify() }
        await replayer.stop()
        await freshAPI.stop()
        let replayReport = replayer.report
        #expect(replayReport.findings.map(\.message) == [])
        #expect(replayReport.driftCheckCount == (winnerIsChance ? 0 : outcome.interactionCount))

        let inMemory = try #require(Self.contract.cases(for: ExampleContracts.inMemory).first { $0.clauseID == check.clauseID })
        let inMemoryResult = await inMemory.run()
        #expect(liveResult.status == .passed)
        // The in-memory conformer lists in insertion order: a clause about a sort does not apply to it.
        if inMemoryResult.status != .skipped {
            #expect(liveResult.status == inMemoryResult.status && liveResult.failures == inMemoryResult.failures)
        }
        #expect(replayResult.status == liveResult.status && replayResult.failures == liveResult.failures)

        if !rerecording {
            let committedFile = TodoFixtures.directory.appendingPathComponent(outcome.file.lastPathComponent)
            if winnerIsChance {
                // Each racing request gets its answer by arrival: the requests are stable, the answers not.
                let requests = { (file: URL) in try Fixture(contentsOf: file).interactions.map { "\($0.request)" }.sorted() }
                #expect(try requests(outcome.file) == requests(committedFile), "re-recording \(check.clauseID) sent other requests")
                return
            }
            let committed = try Data(contentsOf: committedFile)
            #expect(
                try undatedBytes(of: outcome.file) == committed,
                """
                re-recording \(check.clauseID) gave other bytes than the committed fixture: if the API or the \
                recorder changed on purpose, run REPOSITORY_CONTRACTS_RECORD=all swift test --filter \
                HTTPTodoContractTests/live and review the diff
                """)
        }
    }
}

extension HTTPTodoContractTests {
    /// Clauses that race requests of different content for one id: which one the API takes, and so
    /// each request's answer, is chance, in the recording and in a drift check alike.
    static let clausesWhoseWinnerIsChance: Set<String> = ["concurrency.createsOfOneIDFollowPolicy"]
}

/// Where the Todo fixtures live.
enum TodoFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Todos", isDirectory: true)

    /// A new empty folder for one live recording.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("todo-live-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
