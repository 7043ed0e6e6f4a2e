import ContractEngine
import Foundation
import MockTime
import RecordReplay
import RepositoryContracts
import Testing
import TodoExample

/// The HTTP note store (URLSession over loopback, every family declared) under the model-based check:
/// fixed seeds, each one run of every family's operations (pages, versioned and stale updates, soft
/// delete, restore and purge, batches, tag queries) next to the reference model.
///
/// Each seed runs live first: the store goes through a recording ``StubServer`` (mode `all`) in front of
/// a fresh ``NoteAPIServer`` whose clock the witness moves, must pass, and its recording (undated) must
/// equal the committed `Fixtures/ModelBased/Notes/seed-<seed>.json` byte for byte, so the fixtures cannot
/// go stale silently. Then the committed fixture is replayed: what CI relies on.
///
/// `REPOSITORY_CONTRACTS_RECORD=all swift test --filter NoteModelCheckHTTPTests` writes the live
/// recordings into `Fixtures/ModelBased/Notes/` instead of a temporary folder (without the `recorded`
/// date): the one command that re-records them after changing the seed list, the step count, the
/// generator, the families or the API.
///
/// A replayed store answers only the recorded requests, so the check runs with `shrinks: false`: a
/// failure shows the whole sequence, unshrunk, and says why.
@Suite("Model check: HTTP note store replaying recorded runs")
struct NoteModelCheckHTTPTests {
    typealias Note = TodoExample.Note

    /// The seeds, one fixture each: the first hexadecimal digits of e after the point, 16 at a time.
    static let seeds: [UInt64] = [
        0xb7e1_5162_8aed_2a6a, 0xbf71_5880_9cf4_f3c7, 0x62e7_160f_38b4_da56, 0xa784_d904_5190_cfef,
        0x324e_7738_926c_fbe5,
    ]
    /// Steps per sequence.
    static let steps = 25

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ModelBased/Notes", isDirectory: true)
    /// The usage log the replayers write to, as the `.stubServer` trait's would (for `repo-contracts status`).
    static let usageLog = FixtureUsageLog.location(
        near: directory.appendingPathComponent("seed.json"), environment: ProcessInfo.processInfo.environment)

    /// The family operations every seed's sequence must hold some of, and all seeds together all of.
    static let familyKinds: Set<String> = ["pageThrough", "updateVersioned", "updateStale", "restore", "purge", "insertBatch", "query"]

    /// The sequence `seed` generates for the HTTP note store: what the check runs and the fixture records.
    static func operations(_ seed: UInt64) -> [ModelOperation] {
        let promises = NoteContracts.httpReplay.promises
        return ModelCheck.operations(seed: seed, steps: steps, capabilities: promises.capabilities, families: ModelFamilies(promises))
    }

    /// One run of `seed` on `conformance` against the reference model, not shrunk (the server answers one
    /// run of the sequence), with `server` as the scope's stub server.
    static func check(_ conformance: Conformance<CRUD<Note>>, seed: UInt64, on server: StubServer) async -> ModelCheckResult {
        await StubServer.$currentIfAny.withValue(server) {
            await ModelCheck.check(
                conformance, under: CRUD(factory: NoteContracts.factory), runs: 1, steps: steps, seed: seed, shrinks: false)
        }
    }

    /// A stub server replaying the committed fixture of `seed`, started.
    static func replayer(of seed: UInt64) async throws -> StubServer {
        let replayer = StubServer(.init(fixtureDirectory: directory, fixtureUsageLog: usageLog))
        try replayer.loadFixture(named: ModelDifferentialHTTPTests.fixtureName(seed))
        try await replayer.start()
        return replayer
    }

    @Test("every seed has a committed fixture, and no fixture is left over")
    func fixturesMatchSeeds() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".json") }
        #expect(Set(files) == Set(Self.seeds.map { ModelDifferentialHTTPTests.fixtureName($0) + ".json" }))
    }

    @Test("every seed's sequence holds family operations, and the seeds together hold every family's")
    func sequencesHoldFamilyOperations() {
        #expect(ModelFamilies(NoteContracts.httpReplay.promises) == ModelFamilies(pages: true, versions: true, softDelete: true, batches: true, queries: 1, storeTime: true))
        var kinds: Set<String> = []
        for seed in Self.seeds {
            let operations = Self.operations(seed)
            #expect(operations.count == Self.steps)
            #expect(operations.filter(\.isFamilyStep).count >= 3, "seed \(seed): \(operations.map(\.kind))")
            kinds.formUnion(operations.map(\.kind))
        }
        #expect(kinds.isSuperset(of: Self.familyKinds), "missing: \(Self.familyKinds.subtracting(kinds).sorted())")
    }

    /// Live first (recording into a temporary folder, or into `Fixtures/ModelBased/Notes/` when
    /// re-recording), then the replay of the committed fixture; both must pass against the model.
    @Test("live and replaying the committed fixture, the store agrees with the model; live re-recording gives the same bytes",
          arguments: seeds)
    func seed(_ seed: UInt64) async throws {
        let name = ModelDifferentialHTTPTests.fixtureName(seed)
        let rerecording = try RecordMode.resolved(environment: ProcessInfo.processInfo.environment) == .all

        // Live, through the recording proxy in front of a fresh API.
        let folder = rerecording ? Self.directory : try NoteFixtures.temporaryFolder()
        defer { if !rerecording { try? FileManager.default.removeItem(at: folder) } }
        let api = NoteAPIServer()
        try await api.start()
        let recorder = StubServer(
            .init(fixtureDirectory: folder, recording: Recording(mode: .all, upstream: api.baseURL, order: .arrival)))
        try recorder.loadFixture(named: name)
        try await recorder.start()
        let live = await Self.check(NoteContracts.httpLive(movingClockOf: api), seed: seed, on: recorder)
        await recorder.stop()
        await api.stop()
        let recording = try #require(try recorder.finishRecording(), "the live run recorded nothing").file
        #expect(recorder.report.findings.map(\.message) == [])
        #expect(live.passed, "\(live)")
        if rerecording { try undatedBytes(of: recording).write(to: recording) }

        if !rerecording {
            let committed = try Data(contentsOf: Self.directory.appendingPathComponent(name + ".json"))
            #expect(
                try undatedBytes(of: recording) == committed,
                """
                re-recording \(name) gave other bytes than the committed fixture: if the API, the generator or \
                the recorder changed on purpose, run REPOSITORY_CONTRACTS_RECORD=all swift test --filter \
                NoteModelCheckHTTPTests and review the diff
                """)
        }

        // Replay of the committed fixture: what CI relies on.
        let replayer = try await Self.replayer(of: seed)
        let replay = await Self.check(NoteContracts.httpReplay, seed: seed, on: replayer)
        await replayer.stop()
        #expect(replayer.report.findings.map(\.message) == [], "unmatched requests or unused interactions")
        #expect(replay.passed, "\(replay)")
        #expect(replay.runs == 1)
    }

    /// The replayed HTTP store with one deliberate bug in the witness: its tag query drops the last note
    /// it found. The server still answers as recorded, so only the witness is wrong.
    static let tagQueryDroppingLast: Conformance<CRUD<Note>> = {
        var conformance = NoteContracts.httpReplay
        conformance.name = "http-replay notes whose tag query drops its last note"
        conformance.makeRepository = {
            let store = HTTPNoteRepository(baseURL: StubServer.current.baseURL)
            return NoteContracts.witness(store, clock: MockClock())
                .querying("tag") { (tag: String) in Array(try await store.notes(taggedWith: tag).dropLast()) }
        }
        return conformance
    }()

    @Test("a wrong witness around the replayed store fails the check, unshrunk, at the family operation")
    func wrongWitnessFails() async throws {
        // The first seed whose sequence queries; its recorded answers are the correct store's.
        let seed = try #require(Self.seeds.first { Self.operations($0).contains { $0.kind == "query" } })
        let replayer = try await Self.replayer(of: seed)
        let outcome = await Self.check(Self.tagQueryDroppingLast, seed: seed, on: replayer)
        await replayer.stop()
        // The run stopped at the divergence, so the rest of the fixture is unused: expected here.
        #expect(replayer.report.findings.allSatisfy { !$0.message.localizedCaseInsensitiveContains("unmatched") })

        let failure = try #require(outcome.failure, "\(outcome)")
        #expect(outcome.failedCheck == "query.contents", "\(outcome)")
        #expect(failure.divergence.operation.kind == "query" && failure.divergence.operation.isFamilyStep)
        #expect(failure.shrinkingSkipped && failure.shrinkAttempts == 0 && failure.shrunk == failure.original)
        #expect(failure.original == Self.operations(seed))
        #expect(outcome.description.contains(
            "\(Self.steps) steps, not shrunk: a replay-only subject answers only the recorded requests"), "\(outcome)")
        #expect(outcome.swiftSnippet?.contains("repo.queries[\"tag\"]!.run(") == true, "\(outcome)")
    }

    @Test("the ModelBasedChecks article states the seed count, the step count, the fixture folder and the re-record command")
    func articleSaysSo() throws {
        // The article's lines joined: a claim may wrap.
        let article = try DocumentationArticle.text("ModelBasedChecks").replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
        let claims = [
            "checked on five fixed seeds, one run of 25 steps each", "`Fixtures/ModelBased/Notes/seed-<seed>.json`",
            "`REPOSITORY_CONTRACTS_RECORD=all swift test --filter NoteModelCheckHTTPTests`",
        ]
        for claim in claims { #expect(article.contains(claim), "\(claim)") }
        #expect(Self.seeds.count == 5 && Self.steps == 25)
        #expect(Self.directory.path.hasSuffix("Fixtures/ModelBased/Notes"))
        #expect("\(Self.self)" == "NoteModelCheckHTTPTests")
    }
}
