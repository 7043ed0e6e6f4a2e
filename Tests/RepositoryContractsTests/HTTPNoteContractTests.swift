import Foundation
import RepositoryContracts
import RecordReplay
import Testing
import TodoExample

/// The HTTP note store (URLSession over loopback, every family declared) passes the CRUD contract and
/// every family's clauses three ways: against the stateful ``NoteAPIFake`` in code, by replaying the
/// committed fixtures in `Fixtures/Notes/` (one per applicable clause), and live through the recording
/// proxy in front of a ``NoteAPIServer``, which re-records each fixture and must give the committed bytes
/// back. The `atomicity.serverFault*` clauses fail writes at whichever stub server is in scope, the
/// recording proxy included: those requests reach neither the live API nor a fixture.
///
/// Re-recording every fixture is one command (after a family's clauses change or land):
///
/// ```sh
/// REPOSITORY_CONTRACTS_RECORD=all swift test --filter HTTPNoteContractTests/live
/// ```
///
/// It writes `Fixtures/Notes/<clause id>.json` for every clause that applies to
/// ``NoteContracts/httpReplay`` (without the `recorded` date, so a re-recording that changes nothing
/// changes no byte); delete the fixtures of clauses that no longer exist, then run the suite: the fixture
/// test says which are missing or left over.
@Suite("HTTP note store")
struct HTTPNoteContractTests {
    static let contract = Contract.crud(factory: NoteContracts.factory)

    @Test("against the fake API", .stubServer(), arguments: contract.cases(for: NoteContracts.httpFakeAPI))
    func fakeAPI(_ check: ContractCase<CRUD<Note>>) async { await check.verify() }

    @Test("replaying Fixtures/Notes", .stubServer(fixtures: "Notes"),
          arguments: contract.cases(for: NoteContracts.httpReplay))
    func replay(_ check: ContractCase<CRUD<Note>>) async { await check.verify() }

    @Test("every applicable clause has a committed fixture, and no fixture is left over")
    func fixturesMatchClauses() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: NoteFixtures.directory.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        let clauses = Self.contract.applicableCases(for: NoteContracts.httpReplay).map(\.clauseID)
        #expect(Set(clauses).subtracting(files).sorted() == [], "clauses without a fixture: re-record them")
        #expect(Set(files).subtracting(clauses).sorted() == [], "fixtures of no applicable clause: delete them")
    }

    @Test("a server-fault clause's fixture holds the writes that set it up, never the write the stub server failed")
    func serverFaultFixturesHoldNoFailedWrite() throws {
        // The entities each clause stores first, one `POST /notes` each; the failed write is another request.
        let setUp = [
            "atomicity.serverFaultCreateStoresNothing": 2, "atomicity.serverFaultUpdateChangesNothing": 3,
            "atomicity.serverFaultDeleteChangesNothing": 3, "atomicity.serverFaultConditionalUpdateChangesNothing": 3,
            "atomicity.serverFaultBatchStoresNothing": 2,
        ]
        #expect(Set(setUp.keys) == Set(Self.contract.clauses.map(\.id).filter { $0.hasPrefix(Self.serverFaultClausePrefix) }))
        for (clause, count) in setUp {
            let fixture = try Fixture(contentsOf: NoteFixtures.directory.appendingPathComponent("\(clause).json"))
            let writes = fixture.interactions.map(\.request).filter { $0.method != "GET" }.map { "\($0.method) \($0.path)" }
            #expect(writes == Array(repeating: "POST /notes", count: count), "\(clause)")
        }
    }

    /// Each clause runs live: the store talks to a recording ``StubServer`` in mode `all`, which forwards
    /// to a fresh ``NoteAPIServer`` (whose clock the witness moves) and writes `<clause id>.json`. The live
    /// result must equal the in-memory store's; the recording must equal the committed fixture byte for
    /// byte (recording is stable: the API's clock starts at the mock clock's fixed date, and the port is
    /// not recorded), and the replay of what was just recorded must give the live result again. A
    /// recording equal to the committed fixture replays as ``replay(_:)`` replays that fixture, which
    /// must pass as the live run did: it is replayed here only when it may differ (a racing clause, a
    /// re-recording, or other bytes, which fail the test anyway). A clause that sends no request gets a
    /// fixture with no interaction.
    ///
    /// With `REPOSITORY_CONTRACTS_RECORD=all` the recordings go into `Fixtures/Notes/` instead of a
    /// temporary folder (see the suite's comment).
    @Test("live through the recording proxy: same result as in memory and as replay, same bytes as committed",
          arguments: contract.applicableCases(for: NoteContracts.httpReplay))
    func live(_ check: ContractCase<CRUD<Note>>) async throws {
        let rerecording = try RecordMode.resolved(environment: ProcessInfo.processInfo.environment) == .all
        let folder = rerecording ? NoteFixtures.directory : try NoteFixtures.temporaryFolder()
        defer { if !rerecording { try? FileManager.default.removeItem(at: folder) } }

        let api = NoteAPIServer()
        try await api.start()
        let racing = Self.racingClausePrefixes.contains { check.clauseID.hasPrefix($0) }
        let order: RecordedOrder = racing ? .byRequest : .arrival
        let recorder = StubServer(
            .init(fixtureDirectory: folder, recording: Recording(mode: .all, upstream: api.baseURL, order: order)))
        try await recorder.start()
        let liveCase = try #require(Self.contract.cases(for: NoteContracts.httpLive(movingClockOf: api)).first { $0.clauseID == check.clauseID })
        let liveResult = await StubServer.$currentIfAny.withValue(recorder) { await liveCase.verify() }
        await recorder.stop()
        await api.stop()
        let recording = try recorder.finishRecording()?.file ?? NoteFixtures.writeEmptyFixture(of: check.clauseID, in: folder)
        #expect(recorder.report.findings.map(\.message) == [])
        if rerecording { try undatedBytes(of: recording).write(to: recording) }

        #expect(liveResult.status == .passed)
        // The server-fault clauses do not apply to the in-memory store, which writes through no server.
        if !check.clauseID.hasPrefix(Self.serverFaultClausePrefix) {
            let inMemory = try #require(Self.contract.cases(for: NoteContracts.inMemory).first { $0.clauseID == check.clauseID })
            let inMemoryResult = await inMemory.run()
            #expect(liveResult.status == inMemoryResult.status && liveResult.failures == inMemoryResult.failures)
        }

        var recordedTheCommittedBytes = false
        if !rerecording {
            let committedFile = NoteFixtures.directory.appendingPathComponent(recording.lastPathComponent)
            if racing {
                // Which racing write wins is chance: the requests are stable, the answers not.
                let requests = { (file: URL) in try Fixture(contentsOf: file).interactions.map { "\($0.request)" }.sorted() }
                #expect(try requests(recording) == requests(committedFile), "re-recording \(check.clauseID) sent other requests")
            } else {
                let committed = try Data(contentsOf: committedFile)
                recordedTheCommittedBytes = try undatedBytes(of: recording) == committed
                #expect(
                    recordedTheCommittedBytes,
                    """
                    re-recording \(check.clauseID) gave other bytes than the committed fixture: if the API, a clause \
                    or the recorder changed on purpose, run REPOSITORY_CONTRACTS_RECORD=all swift test --filter \
                    HTTPNoteContractTests/live and review the diff
                    """)
            }
        }
        // The committed fixture's replay is `replay(_:)`'s, in the same run.
        guard !recordedTheCommittedBytes else { return }
        let replayer = StubServer(.init(fixtureDirectory: folder, recording: .never))
        try await replayer.start()
        let replayResult = await StubServer.$currentIfAny.withValue(replayer) { await check.verify() }
        await replayer.stop()
        #expect(replayer.report.findings.map(\.message) == [])
        #expect(replayResult.status == liveResult.status && replayResult.failures == liveResult.failures)
    }
}

extension HTTPNoteContractTests {
    /// Clauses that race requests, whose arrival order and winner are chance: recorded by request, not by
    /// arrival, and a re-recording compared with the committed fixture on its requests only.
    static let racingClausePrefixes = ["concurrency.", "versions.concurrentWriters"]
    /// The clauses that fail writes at the stub server: only the HTTP conformances declare them.
    static let serverFaultClausePrefix = "atomicity.serverFault"
}

/// Where the note fixtures live.
enum NoteFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Notes", isDirectory: true)

    /// Writes `<clause id>.json` with no interaction into `folder`: the fixture of a clause that sends no
    /// request (`queries.witnessRunsEach` only checks the witness), which the recorder does not write, so
    /// that its replay finds a fixture.
    static func writeEmptyFixture(of clauseID: String, in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent("\(clauseID).json")
        try Fixture().write(to: file)
        return file
    }

    /// A new empty folder for one live recording.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("note-live-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
