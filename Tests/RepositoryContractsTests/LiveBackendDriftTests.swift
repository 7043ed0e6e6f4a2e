import Foundation
import RepositoryContractsPrimitives
import RecordReplay
import RepositoryContracts
import Testing
import TodoExample

/// The last step of the live-backend recipe: drift over the CRUD contract's own fixtures, recorded from
/// an API whose server assigns random ids, checked against a fresh copy of that API (which assigns
/// other ids). With state-changing requests sent, the ids are mapped and an unchanged API shows no
/// drift; an API that changed one field shows that field and nothing else; by default nothing that
/// changes state reaches the live API.
@Suite("Live backend recipe: drift")
struct LiveBackendDriftTests {
    typealias Recipe = LiveBackendRecipeTests

    /// A live Todo API that assigns random ids, answering through `transform` (the identity for an
    /// unchanged API).
    final class LiveAPI: Sendable {
        let server = StubServer()

        init(transform: @escaping @Sendable (StubResponse) -> StubResponse = { $0 }) {
            let api = TodoAPIFake(assigningRandomIDs: true)
            server.playback.stub(.any) { transform(api.respond(to: $0)) }
        }
    }

    /// Records the contract's fixtures from a fresh API into a new folder.
    static func recordedFixtures() async throws -> URL {
        let folder = try TodoFixtures.temporaryFolder()
        let api = LiveAPI()
        try await api.server.start()
        let upstream = api.server.baseURL
        let recording = await Recipe.runAllAtOnce(Recipe.http) {
            StubServer(.init(fixtureDirectory: folder, recordMode: .all, upstream: upstream))
        }
        await api.server.stop()
        #expect(recording.findings == [])
        return folder
    }

    /// Runs every case but `excluded` in drift mode against `api`, and returns every drift finding and
    /// every drift.
    static func drift(
        _ folder: URL, against api: LiveAPI, options: DriftCheckOptions, excluding excluded: Set<String> = []
    ) async throws -> (findings: [PlaybackReport.Finding], drifts: [PlaybackReport.Drift], results: [ClauseResult]) {
        try await api.server.start()
        let upstream = api.server.baseURL
        let drifts = Protected<([PlaybackReport.Finding], [PlaybackReport.Drift])>(([], []))
        let run = await Recipe.runAllAtOnce(Recipe.http, excluding: excluded) {
            StubServer(.init(fixtureDirectory: folder, recordMode: .drift, upstream: upstream, driftCheck: options))
        } inspecting: { scope in
            drifts.withLock {
                $0.0 += scope.report.driftFindings
                $0.1 += scope.report.drifts
            }
        }
        await api.server.stop()
        let (findings, all) = drifts.withLock { $0 }
        return (findings, all, run.results)
    }

    /// Recorded once (the contract takes a while against a live API), then checked three ways.
    @Test("drift over the contract's own fixtures: 0 findings on an unchanged API, exactly the changed field on a changed one, nothing state-changing sent by default")
    func driftOverTheContractsFixtures() async throws {
        let folder = try await Self.recordedFixtures()
        defer { try? FileManager.default.removeItem(at: folder) }

        // An unchanged API that assigns other ids.
        let unchanged = LiveAPI()
        let same = try await Self.drift(folder, against: unchanged, options: DriftCheckOptions(stateChangingRequests: .send))
        #expect(same.findings.isEmpty, "\(same.findings.map(\.message).joined(separator: "\n\n"))")
        #expect(same.results.allSatisfy { $0.status == .passed }, "\(same.results.compactMap(\.message))")
        #expect(unchanged.server.journal.contains { $0.method == "POST" }, "the creates reached the live API")

        // An API that now drops the priority it is sent.
        let changed = LiveAPI { response in
            guard let value = try? JSONSerialization.jsonObject(with: response.body) else { return response }
            func reset(_ value: Any) -> Any {
                if var object = value as? [String: Any] {
                    if object["priority"] != nil { object["priority"] = 0 }
                    return object
                }
                if let array = value as? [Any] { return array.map(reset) }
                return value
            }
            var changed = response
            changed.body = (try? JSONSerialization.data(withJSONObject: reset(value))) ?? response.body
            return changed
        }
        // Every fixture but the 1,000-Todo one (half of all requests; the unchanged run above covers it).
        let drifted = try await Self.drift(
            folder, against: changed, options: DriftCheckOptions(stateChangingRequests: .send),
            excluding: ["values.thousandEntitiesRoundTrip"])
        let lines = drifted.drifts.flatMap { drift -> [String] in
            if case .differs(let lines) = drift.outcome { lines } else { ["not a difference: \(drift.message)"] }
        }
        #expect(!lines.isEmpty)
        let other = lines.filter { $0.range(of: #"^\$(\[\d+\])?\.priority: recorded -?\d+, live 0$"#, options: .regularExpression) == nil }
        #expect(other.isEmpty, "\(other.prefix(20))")
        let fixtures = Set(drifted.drifts.map(\.source))
        #expect(drifted.findings.count == fixtures.count, "one finding per fixture")

        // By default: nothing state-changing reaches the API.
        let guarded = LiveAPI()
        let safe = try await Self.drift(folder, against: guarded, options: DriftCheckOptions())
        // The reset before each clause lists and deletes on the live API itself; the drift check added
        // only reads.
        #expect(!guarded.server.journal.contains { $0.method == "POST" || $0.method == "PUT" })
        #expect(safe.findings.allSatisfy { $0.severity == .warning }, "\(safe.findings.map(\.message).prefix(3))")
        #expect(safe.drifts.contains { if case .notSent = $0.outcome { true } else { false } })
    }
}
