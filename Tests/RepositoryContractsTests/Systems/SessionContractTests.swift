import BrokenExamples
import ContractEngine
import Foundation
import ExampleSystems
import RecordReplay
import StandardContracts
import Testing

/// The session contract on the real repository (HTTP auth client + file-backed store) three ways
/// (against the API fake served in code, replaying `Fixtures/Systems/Session/<clause id>.json`, and live
/// through a recording proxy), on the in-memory fake, and on broken variants that must fail exactly
/// the clause naming their bug.
@Suite("Session contract")
struct SessionContractTests {
    static let contract = SessionContract.contract

    @Test("in memory", arguments: contract.cases(for: SessionContract.fake))
    func fake(_ check: ContractCase<SessionTerms>) async { expectPassed(await check.run(), check.label) }

    @Test("over HTTP against the API fake", arguments: contract.cases(for: SessionContract.httpFakeAPI))
    func httpFakeAPI(_ check: ContractCase<SessionTerms>) async { expectPassed(await check.run(), check.label) }

    @Test("over HTTP replaying Fixtures/Systems/Session", arguments: contract.cases(for: SessionContract.http))
    func replay(_ check: ContractCase<SessionTerms>) async throws {
        try await SeedFixtures.expectReplayPasses(check, from: SeedFixtures.session)
    }

    @Test("every clause has a committed fixture, and no fixture is left over")
    func fixturesMatchClauses() throws {
        #expect(try SeedFixtures.names(in: SeedFixtures.session) == Set(Self.contract.clauses.map(\.id)))
    }

    /// Each clause runs live: the HTTP repository talks to a recording ``StubServer`` (mode `all`) that
    /// forwards to a fresh ``SessionAPIServer`` and writes `<clause id>.json`; the live result must pass
    /// and the recording must equal the committed fixture byte for byte.
    ///
    /// `REPOSITORY_CONTRACTS_RECORD=all swift test --filter SessionContractTests/live` writes the
    /// recordings into `Fixtures/Systems/Session/` instead: the one command that re-records them.
    @Test("live through the recording proxy: passes, same bytes as committed",
          arguments: contract.cases(for: SessionContract.http))
    func live(_ check: ContractCase<SessionTerms>) async throws {
        try await SeedFixtures.recordLive(check, into: SeedFixtures.session, filter: "SessionContractTests/live") {
            let api = SessionAPIServer()
            try await api.start()
            return (api.baseURL, { await api.stop() })
        }
    }

    @Test("sign out that leaves the stored session fails exactly session.signOutDeletes")
    func brokenSignOut() async {
        let failed = await SeedFixtures.failedClauses(Self.contract, SessionContract.broken(.signout))
        #expect(Set(failed.keys) == ["session.signOutDeletes"])
        #expect(failed["session.signOutDeletes"]?.contains("after signOut, currentSession()") == true)
    }

    @Test("a refused sign in that keeps the previous session fails exactly session.failedSignInLeavesNoSession")
    func brokenStaleSignIn() async {
        let failed = await SeedFixtures.failedClauses(Self.contract, SessionContract.broken(.staleSignin))
        #expect(Set(failed.keys) == ["session.failedSignInLeavesNoSession"])
    }

    @Test("a session kept in the repository, not the store, fails exactly the clauses that reopen a stored session")
    func brokenMemoryOnly() async {
        let failed = await SeedFixtures.failedClauses(Self.contract, SessionContract.broken(.memoryOnly))
        #expect(Set(failed.keys) == ["session.signUpStoresSession", "session.signInStoresSession"])
        #expect(failed["session.signUpStoresSession"]?.contains("after reopening the store") == true)
    }

    @Test("the file store replaces its file atomically and reads back what it saved")
    func fileStore() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString).json")
        let store = FileSessionStore(file: file)
        #expect(try await store.read() == nil)
        let session = UserSession(email: "ada@example.com", name: "Ada", token: "token-1")
        try await store.save(session)
        try await store.save(session)
        #expect(try await FileSessionStore(file: file).read() == session)
        try await store.delete()
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("the demo runs every conformer that needs no test scope")
    func demo() async {
        let report = await SessionContract.demoReport()
        #expect(report.conformances.map(\.name) == [
            "session-http-fake-api", "session-fake", "session-broken-signout", "session-broken-stale-signin",
            "session-broken-memory-only",
        ])
        #expect(report.conformances.map { $0.count(.failed) } == [0, 0, 1, 1, 2])
    }
}

/// Records an issue per failure unless `result` passed.
func expectPassed(_ result: ClauseResult, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == .passed, "\(label) \(result.message ?? "")", sourceLocation: sourceLocation)
}

/// Where the seed fixtures live, and the helpers the seed contract tests share.
enum SeedFixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Systems", isDirectory: true)
    static let session = root.appendingPathComponent("Session", isDirectory: true)
    static let recipes = root.appendingPathComponent("Recipes", isDirectory: true)

    /// The fixture names (without `.json`) in `folder`.
    static func names(in folder: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) })
    }

    /// Runs `check` against a stub server replaying `<folder>/<clause id>.json`, and expects it to pass
    /// with no unmatched request and no unused interaction.
    static func expectReplayPasses<Subject>(
        _ check: ContractCase<StubServerTerms<Subject>>, from folder: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let usageLog = FixtureUsageLog.location(near: folder.appendingPathComponent(check.clauseID), environment: ProcessInfo.processInfo.environment)
        let server = StubServer(.init(fixtureDirectory: folder, fixtureUsageLog: usageLog))
        try await server.start()
        try server.loadFixture(named: check.clauseID)
        let result = await StubServer.$currentIfAny.withValue(server) { await check.run() }
        await server.stop()
        expectPassed(result, check.label, sourceLocation: sourceLocation)
        #expect(server.report.findings.map(\.message) == [], sourceLocation: sourceLocation)
    }

    /// Runs every clause of `contract` on `conformance` and returns the failure messages by clause id.
    static func failedClauses<Subject>(_ contract: Contract<StubServerTerms<Subject>>, _ conformance: Conformance<StubServerTerms<Subject>>) async -> [String: String] {
        var failed: [String: String] = [:]
        for result in await contract.report(on: conformance).clauses where result.status != .passed {
            failed[result.id] = result.message ?? ""
        }
        return failed
    }

    /// Runs `check` through a recording proxy forwarding to the live API `startAPI` starts, expects it
    /// to pass, and compares the recording with the committed fixture (or, with
    /// `REPOSITORY_CONTRACTS_RECORD=all`, writes it into `folder`).
    static func recordLive<Subject>(
        _ check: ContractCase<StubServerTerms<Subject>>, into folder: URL, filter: String,
        startAPI: () async throws -> (URL, @Sendable () async -> Void)
    ) async throws {
        let rerecording = try RecordMode.resolved(environment: ProcessInfo.processInfo.environment) == .all
        let target = rerecording ? folder : FileManager.default.temporaryDirectory
            .appendingPathComponent("seed-live-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        defer { if !rerecording { try? FileManager.default.removeItem(at: target) } }

        let (upstream, stopAPI) = try await startAPI()
        let recorder = StubServer(.init(fixtureDirectory: target, recording: Recording(mode: .all, upstream: upstream)))
        try await recorder.start()
        try recorder.loadFixture(named: check.clauseID)
        let result = await StubServer.$currentIfAny.withValue(recorder) { await check.run() }
        await recorder.stop()
        await stopAPI()
        expectPassed(result, check.label)
        let outcome = try #require(try recorder.finishRecording(), "the live run recorded nothing")
        #expect(recorder.report.findings.map(\.message) == [])
        if !rerecording {
            let committed = try Data(contentsOf: folder.appendingPathComponent(outcome.file.lastPathComponent))
            #expect(
                try undatedBytes(of: outcome.file) == committed,
                "re-recording \(check.clauseID) gave other bytes than the committed fixture: run REPOSITORY_CONTRACTS_RECORD=all swift test --filter \(filter) and review the diff")
        }
    }
}
