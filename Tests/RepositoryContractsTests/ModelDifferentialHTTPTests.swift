import Foundation
import RepositoryContracts
import RecordReplay
import Testing
import TodoExample

/// Differential mode against fixtures: the real HTTP repository (URLSession over loopback, answered by a
/// ``StubServer`` replaying `Fixtures/ModelBased/seed-<seed>.json`) and the in-memory repository run the same
/// generated sequence, one fixed seed each, and must agree at every step.
///
/// The sequences come from a fixed seed list, so they are recorded once live and replayed in CI. Each seed
/// also runs live: the HTTP side goes through a recording ``StubServer`` (mode `all`) in front of a fresh
/// ``TodoAPIServer``, and the recording must equal the committed fixture byte for byte, so the fixtures
/// cannot go stale silently.
///
/// `REPOSITORY_CONTRACTS_RECORD=all swift test --filter ModelDifferentialHTTPTests` writes the live
/// recordings into `Fixtures/ModelBased/` instead of a temporary folder: the one command that re-records
/// them (after changing the seed list, the step count, the generator or the API).
///
/// A replayed subject answers only the recorded requests, so a failing sequence is not shrunk (a shrunk
/// sequence would send requests the fixture never saw): the failure says so and shows the full sequence.
@Suite("Model-based differential: HTTP repository against in-memory")
struct ModelDifferentialHTTPTests {
    /// The seeds, one fixture each (digits of π: nothing up the sleeve).
    static let seeds: [UInt64] = [
        0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344, 0xa409_3822_299f_31d0, 0x082e_fa98_ec4e_6c89,
        0x4528_21e6_38d0_1377, 0xbe54_66cf_34e9_0c6c, 0xc0ac_29b7_c97c_50dd, 0x3f84_d5b5_b547_0917,
    ]
    /// Steps per sequence.
    static let steps = 25

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ModelBased", isDirectory: true)
    /// The usage log the replayers write to, as the `.stubServer` trait's would (for `repo-contracts status`).
    static let usageLog = FixtureUsageLog.location(
        near: directory.appendingPathComponent("seed.json"), environment: ProcessInfo.processInfo.environment)

    /// `seed-0123456789abcdef`: the fixture of `seed`.
    static func fixtureName(_ seed: UInt64) -> String {
        let digits = String(seed, radix: 16)
        return "seed-" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The in-memory repository listed by id, as the Todo API lists: with the same declared ordering on both
    /// sides, the differential check compares the order of `fetchAll()` too (it skips the order when the
    /// two conformers declare different orderings).
    static let inMemoryByID: Conformance<CRUD<Todo>> = {
        var conformance = ExampleContracts.inMemory
        conformance.name = "in-memory (listed by id)"
        conformance.promises.ordering = ExampleContracts.orderedByID
        conformance.makeRepository = {
            var witness = RepositoryWitness(InMemoryTodoRepository())
            let all = witness.fetchAll
            witness.fetchAll = { try await all().sorted { $0.id < $1.id } }
            return witness
        }
        return conformance
    }()

    /// The HTTP repository against `server`.
    static func http(_ server: StubServer, _ label: String) -> Conformance<CRUD<Todo>> {
        var conformance = ExampleContracts.httpReplay
        conformance.name = label
        conformance.makeRepository = { RepositoryWitness(HTTPTodoRepository(baseURL: server.baseURL)) }
        return conformance
    }

    /// One run of `seed` on `http` against `other`, not shrunk: the server answers one run of the sequence.
    static func differential(seed: UInt64, http: Conformance<CRUD<Todo>>, against other: Conformance<CRUD<Todo>>) async
        -> ModelCheckResult
    {
        await ModelCheck.check(
            http, against: other, factory: ExampleContracts.todoFactory, runs: 1, steps: steps, seed: seed,
            shrinks: false)
    }

    @Test("every seed has a committed fixture, and no fixture is left over")
    func fixturesMatchSeeds() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".json") }
        #expect(Set(files) == Set(Self.seeds.map { Self.fixtureName($0) + ".json" }))
    }

    /// Live first (recording into a temporary folder, or into `Fixtures/ModelBased/` when re-recording), then
    /// the replay of the committed fixture; both must agree with the in-memory repository at every step.
    @Test("replaying the recorded fixture agrees with in-memory at every step; live re-recording gives the same bytes",
          arguments: seeds)
    func seed(_ seed: UInt64) async throws {
        let name = Self.fixtureName(seed)
        let rerecording = try RecordMode.resolved(environment: ProcessInfo.processInfo.environment) == .all

        // Live, through the recording proxy in front of a fresh API.
        let folder = rerecording ? Self.directory : try TodoFixtures.temporaryFolder()
        defer { if !rerecording { try? FileManager.default.removeItem(at: folder) } }
        let api = TodoAPIServer()
        try await api.start()
        let recorder = StubServer(
            .init(fixtureDirectory: folder, recording: Recording(mode: .all, upstream: api.baseURL, order: .arrival)))
        try recorder.loadFixture(named: name)
        try await recorder.start()
        let live = await Self.differential(seed: seed, http: Self.http(recorder, "http-live"), against: Self.inMemoryByID)
        await recorder.stop()
        await api.stop()
        let recording = try #require(try recorder.finishRecording(), "the live run recorded nothing")
        #expect(recorder.report.findings.map(\.message) == [])
        #expect(live.passed, "\(live)")

        if !rerecording {
            let committed = try Data(contentsOf: Self.directory.appendingPathComponent(name + ".json"))
            #expect(
                try undatedBytes(of: recording.file) == committed,
                """
                re-recording \(name) gave other bytes than the committed fixture: if the API, the generator or \
                the recorder changed on purpose, run REPOSITORY_CONTRACTS_RECORD=all swift test --filter \
                ModelDifferentialHTTPTests and review the diff
                """)
        }

        // Replay of the committed fixture: what CI relies on.
        let replayer = StubServer(.init(fixtureDirectory: Self.directory, fixtureUsageLog: Self.usageLog))
        try replayer.loadFixture(named: name)
        try await replayer.start()
        let replay = await Self.differential(seed: seed, http: Self.http(replayer, "http-replay"), against: Self.inMemoryByID)
        await replayer.stop()
        #expect(replayer.report.findings.map(\.message) == [], "unmatched requests or unused interactions")
        #expect(replay.passed, "\(replay)")
        #expect(replay.runs == 1)
    }

    /// A deliberately wrong in-memory side (its `fetchAll()` loses the highest id) against the replay: the
    /// failure names the subject replay-only, says shrinking was not attempted, and shows the full sequence
    /// with the first difference and both outcomes.
    @Test("a difference against a replay-only subject is reported unshrunk, and says why")
    func replayOnlyFailureMessage() async throws {
        let seed = Self.seeds[0]
        let name = Self.fixtureName(seed)
        var lossy = Self.inMemoryByID
        lossy.name = "in-memory losing the highest id"
        lossy.makeRepository = {
            var witness = RepositoryWitness(InMemoryTodoRepository())
            let all = witness.fetchAll
            witness.fetchAll = { Array(try await all().sorted { $0.id < $1.id }.dropLast()) }
            return witness
        }
        let replayer = StubServer(.init(fixtureDirectory: Self.directory, fixtureUsageLog: Self.usageLog))
        try replayer.loadFixture(named: name)
        try await replayer.start()
        let outcome = await Self.differential(seed: seed, http: Self.http(replayer, "http-replay"), against: lossy)
        await replayer.stop()
        // The run stopped at the difference, so the rest of the fixture is unused: expected here.
        #expect(replayer.report.findings.allSatisfy { !$0.message.localizedCaseInsensitiveContains("unmatched") })

        let failure = try #require(outcome.failure)
        let message = outcome.description
        #expect(message.contains("25 steps, not shrunk: a replay-only subject answers only the recorded requests"))
        #expect(message.contains("Replay the whole sequence: paste the Swift above into a test"))
        #expect(failure.shrinkingSkipped && failure.shrinkAttempts == 0 && failure.shrunk == failure.original)
        #expect(failure.divergence == failure.originalDivergence, "the report is the original run's, not a re-run's")
        #expect(failure.divergence.operation == .fetchAll)
        #expect(failure.divergence.expected.hasPrefix("http-replay returned"))
        #expect(failure.divergence.actual.hasPrefix("in-memory losing the highest id returned"))
        #expect(failure.original == ModelCheck.operations(seed: seed, steps: Self.steps, capabilities: Self.inMemoryByID.promises.capabilities))
    }
}
