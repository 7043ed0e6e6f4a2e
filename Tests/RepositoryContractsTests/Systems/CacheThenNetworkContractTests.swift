import BrokenExamples
import Foundation
import MockTime
import RepositoryContracts
import ExampleSystems
import RecordReplay
import Testing

/// The cache-then-network contract on its conformances: the HTTP repository on the stateful API in code, by replaying
/// `Fixtures/Systems/CacheThenNetwork/` (one fixture per clause that injects no fault), and live through a
/// recording stub server; the in-memory fake; and each broken variant failing exactly its clauses.
@Suite("Cache-then-network contract")
struct CacheThenNetworkContractTests {
    static let contract = CacheThenNetworkContract.contract()
    static let fixtureClauses = contract.clauses.map(\.id).filter { !CacheThenNetworkTerms.faultInjecting.contains($0) }

    @Test("HTTP against the stateful API in code", arguments: contract.cases(for: CacheThenNetworkContract.http))
    func statefulAPI(_ check: ContractCase<CacheThenNetworkTerms>) async { await check.verify() }

    @Test("the in-memory fake", arguments: contract.cases(for: CacheThenNetworkContract.fake))
    func fake(_ check: ContractCase<CacheThenNetworkTerms>) async { await check.verify() }

    @Test("HTTP replaying Fixtures/Systems/CacheThenNetwork (fault clauses on the stub responder)",
          arguments: CacheThenNetworkContract.contract(remote: .fixtures(CacheThenNetworkFixtures.directory))
            .cases(for: CacheThenNetworkContract.http))
    func replay(_ check: ContractCase<CacheThenNetworkTerms>) async { await check.verify() }

    @Test("every clause without faults has a committed fixture, and no fixture is left over")
    func fixturesMatchClauses() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: CacheThenNetworkFixtures.directory.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        #expect(Set(files) == Set(Self.fixtureClauses))
    }

    /// Each fixture clause runs live through a recording stub server forwarding to a fresh
    /// ``ItemsAPIServer``; it must pass, and the recording must equal the committed fixture byte for
    /// byte. `REPOSITORY_CONTRACTS_RECORD=all swift test --filter CacheThenNetworkContractTests/live`
    /// re-records `Fixtures/Systems/CacheThenNetwork/`.
    @Test("live through the recording proxy: passes, and records the committed bytes",
          arguments: contract.cases(for: CacheThenNetworkContract.http).filter { fixtureClauses.contains($0.clauseID) })
    func live(_ check: ContractCase<CacheThenNetworkTerms>) async throws {
        let rerecording = try RecordMode.resolved(environment: ProcessInfo.processInfo.environment) == .all
        let folder = rerecording
            ? CacheThenNetworkFixtures.directory
            : FileManager.default.temporaryDirectory.appendingPathComponent("ctn-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { if !rerecording { try? FileManager.default.removeItem(at: folder) } }
        let api = ItemsAPIServer()
        try await api.start()
        let liveCase = CacheThenNetworkContract.contract(remote: .recording(into: folder, upstream: api.baseURL))
            .resolving(check, for: CacheThenNetworkContract.http)
        let result = await liveCase.run()
        await api.stop()
        #expect(result.status == .passed, "\(result.message ?? "")")
        if !rerecording {
            let name = "\(check.clauseID).json"
            let recorded = try undatedBytes(of: folder.appendingPathComponent(name))
            let committed = try Data(contentsOf: CacheThenNetworkFixtures.directory.appendingPathComponent(name))
            #expect(recorded == committed, "re-recording \(check.clauseID) gave other bytes than the committed fixture")
        }
    }

    @Test("a clause that fails while recording writes no fixture, and says so")
    func failedClauseWritesNoRecording() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ctn-failed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let api = ItemsAPIServer()
        try await api.start()
        let recording = CacheThenNetworkContract.contract(remote: .recording(into: folder, upstream: api.baseURL))
        let check = try #require(
            recording.cases(for: CacheThenNetworkContract.broken(.ignoresTTL)).first { $0.clauseID == "cacheThenNetwork.cacheExpiresAtTTL" })
        let result = await check.run()
        await api.stop()
        let file = folder.appendingPathComponent("cacheThenNetwork.cacheExpiresAtTTL.json")
        #expect(result.status == .failed)
        #expect(result.message?.contains("recorded for \(file.path) were not written because the clause failed") == true, "\(result.message ?? "")")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    /// The clause ids a conformer fails, with their messages.
    static func failed(_ conformance: Conformance<CacheThenNetworkTerms>) async -> [String: String] {
        let report = await contract.report(on: conformance)
        return Dictionary(uniqueKeysWithValues: report.clauses.filter { $0.status != .passed }.map { ($0.id, $0.message ?? "") })
    }

    @Test("a repository that never yields its cache fails the clauses that need the cached list first")
    func neverYieldsCache() async {
        let failed = await Self.failed(CacheThenNetworkContract.broken(.neverYieldsCache))
        #expect(Set(failed.keys) == ["cacheThenNetwork.cachedThenFresh", "cacheThenNetwork.cacheExpiresAtTTL", "cacheThenNetwork.offlineKeepsCached"])
        #expect(failed["cacheThenNetwork.cachedThenFresh"]?.contains("expected: [[1,2], [1,2,3]] (item ids)") == true)
        #expect(failed["cacheThenNetwork.offlineKeepsCached"]?.contains("with status 503 threw") == true)
    }

    @Test("a repository that ignores the TTL fails exactly the expiry clause")
    func ignoresTTL() async {
        let failed = await Self.failed(CacheThenNetworkContract.broken(.ignoresTTL))
        #expect(Set(failed.keys) == ["cacheThenNetwork.cacheExpiresAtTTL"])
        #expect(failed["cacheThenNetwork.cacheExpiresAtTTL"]?.contains("actual:   [[1,2,3], [1,2,3,4]] (item ids)") == true)
    }

    @Test("a repository that yields an empty list offline fails exactly the nothing-cached clause")
    func emptyListWhenOffline() async {
        let failed = await Self.failed(CacheThenNetworkContract.broken(.emptyListWhenOffline))
        #expect(Set(failed.keys) == ["cacheThenNetwork.offlineWithNothingCachedThrows"])
        #expect(failed["cacheThenNetwork.offlineWithNothingCachedThrows"]?.contains("yielded [[]] (item ids), finished normally") == true)
    }

    @Test("the demo rows: HTTP and fake pass everything, each broken variant fails something")
    func demoReports() async {
        let reports = await CacheThenNetworkContract.demoReports()
        #expect(reports.allSatisfy { $0.name.contains("cache-then-network") })
        #expect(reports.prefix(2).allSatisfy { $0.clauses.allSatisfy { $0.status == .passed } })
        #expect(reports.dropFirst(2).allSatisfy { $0.clauses.contains { $0.status == .failed } })
    }
}

enum CacheThenNetworkFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Systems/CacheThenNetwork", isDirectory: true)
}
