import BrokenExamples
import Foundation
import RepositoryContracts
import ExampleSystems
import RecordReplay
import Testing

/// The loader contract on its conformances: the HTTP loader on the stateful API in code, by replaying
/// `Fixtures/Systems/Loader/` (clauses without faults or delays), and live through a recording stub
/// server; the in-memory fake; and each broken variant failing exactly its clauses.
///
/// Swift Testing does not take `@available` on suites or tests, and Observation needs macOS 14 /
/// iOS 17: the cases are passed by clause id and each test body checks availability.
@Suite("Observable loader contract")
@MainActor
struct LoaderContractTests {
    /// The clause ids, all or only those without faults (the fixture-backed ones).
    nonisolated static func clauseIDs(fixturesOnly: Bool = false) -> [String] {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return [] }
        return LoaderContract.contract().clauses.map(\.id).filter { !fixturesOnly || !LoaderTerms.faultInjecting.contains($0) }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    static func check(
        _ conformance: Conformance<LoaderTerms>, _ id: String, _ remote: ClauseRemote = .programmed
    ) -> ContractCase<LoaderTerms> {
        LoaderContract.contract(remote: remote).cases(for: conformance).first { $0.clauseID == id }!
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    static func verify(_ check: ContractCase<LoaderTerms>) async {
        await check.verify()
    }

    @Test("HTTP against the stateful API in code", arguments: clauseIDs())
    func statefulAPI(_ id: String) async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        await Self.verify(Self.check(LoaderContract.http, id))
    }

    @Test("the in-memory fake", arguments: clauseIDs())
    func fake(_ id: String) async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        await Self.verify(Self.check(LoaderContract.fake, id))
    }

    @Test("HTTP replaying Fixtures/Systems/Loader (fault clauses on the stub responder)", arguments: clauseIDs())
    func replay(_ id: String) async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        await Self.verify(Self.check(LoaderContract.http, id, .fixtures(LoaderFixtures.directory)))
    }

    @Test("every clause without faults has a committed fixture, and no fixture is left over")
    func fixturesMatchClauses() throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let files = try FileManager.default.contentsOfDirectory(atPath: LoaderFixtures.directory.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        #expect(Set(files) == Set(Self.clauseIDs(fixturesOnly: true)))
    }

    /// Each fixture clause runs live through a recording stub server forwarding to a fresh
    /// ``NotesAPIServer``; it must pass and record the committed bytes.
    /// `REPOSITORY_CONTRACTS_RECORD=all swift test --filter LoaderContractTests/live` re-records them.
    @Test("live through the recording proxy: passes, and records the committed bytes",
          arguments: clauseIDs(fixturesOnly: true))
    func live(_ id: String) async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let rerecording = try RecordMode.resolved(environment: ProcessInfo.processInfo.environment) == .all
        let folder = rerecording
            ? LoaderFixtures.directory
            : FileManager.default.temporaryDirectory.appendingPathComponent("loader-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { if !rerecording { try? FileManager.default.removeItem(at: folder) } }
        let api = NotesAPIServer()
        try await api.start()
        let result = await Self.check(LoaderContract.http, id, .recording(into: folder, upstream: api.baseURL)).run()
        await api.stop()
        #expect(result.status == .passed, "\(result.message ?? "")")
        if !rerecording {
            let name = "\(id).json"
            let recorded = try undatedBytes(of: folder.appendingPathComponent(name))
            let committed = try Data(contentsOf: LoaderFixtures.directory.appendingPathComponent(name))
            #expect(recorded == committed, "re-recording \(id) gave other bytes than the committed fixture")
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    static func failed(_ conformance: Conformance<LoaderTerms>) async -> [String: String] {
        let report = await LoaderContract.contract().report(on: conformance)
        return Dictionary(uniqueKeysWithValues: report.clauses.filter { $0.status != .passed }.map { ($0.id, $0.message ?? "") })
    }

    @Test("a loader that reloads once loaded fails exactly loader.noReloadOnceLoaded")
    func alwaysReloads() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let failed = await Self.failed(LoaderContract.broken("alwaysReloads"))
        #expect(Set(failed.keys) == ["loader.noReloadOnceLoaded"])
        #expect(failed["loader.noReloadOnceLoaded"]?.contains("after load() once loaded, the loader made 2 GET /notes/{id} in all") == true)
    }

    @Test("a loader that does not coalesce fails exactly loader.concurrentLoadsCoalesce")
    func noCoalescing() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let failed = await Self.failed(LoaderContract.broken("noCoalescing"))
        #expect(Set(failed.keys) == ["loader.concurrentLoadsCoalesce"])
        // Each uncoalesced load() cancels the request before it: a cancelled task that had not sent its
        // request yet sends none, so the count is 2 or 3 depending on when the cancellation lands. More
        // than one is the bug either way.
        let message = try #require(failed["loader.concurrentLoadsCoalesce"])
        #expect(message.contains("the loader made 2 GET /notes/{id} in all") || message.contains("the loader made 3 GET /notes/{id} in all"),
                "\(message)")
    }

    @Test("a loader that ignores a new input fails exactly loader.newInputReloads")
    func ignoresInputChange() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let failed = await Self.failed(LoaderContract.broken("ignoresInputChange"))
        #expect(Set(failed.keys) == ["loader.newInputReloads"])
        #expect(failed["loader.newInputReloads"]?.contains("actual:   loading → success(1: first)") == true)
    }

    @Test("the demo rows: HTTP and fake pass everything, each broken variant fails something")
    func demoReports() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let reports = await LoaderContract.demoReports()
        #expect(reports.allSatisfy { $0.name.contains("loader") })
        #expect(reports.prefix(2).allSatisfy { $0.clauses.allSatisfy { $0.status == .passed } })
        #expect(reports.dropFirst(2).allSatisfy { $0.clauses.contains { $0.status == .failed } })
    }
}

enum LoaderFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Systems/Loader", isDirectory: true)
}
