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

    /// The recipe's conformer with the bulk clauses at 50 Todos instead of 1,000: every request of a
    /// drift run goes to the live API one clause at a time, and at 1,000 the bulk clause alone made half
    /// of them, which on a loaded CI machine took minutes. What is checked here is drift, not scale.
    static let http = Recipe.http.scalingBulkClauses(to: 50)

    /// A live Todo API that assigns random ids, answering through `transform` (the identity for an
    /// unchanged API).
    final class LiveAPI: Sendable {
        let server = StubServer()
        private let api = TodoAPIFake(assigningRandomIDs: true)

        init(transform: @escaping @Sendable (StubResponse) -> StubResponse = { $0 }) {
            server.playback.stub(.any) { [api] in transform(api.respond(to: $0)) }
        }

        /// An API that answers as this one, with `edit` applied to every JSON object of its bodies.
        convenience init(editingEachTodo edit: @escaping @Sendable (inout [String: Any]) -> Void) {
            self.init { response in
                guard let value = try? JSONSerialization.jsonObject(with: response.body) else { return response }
                func edited(_ value: Any) -> Any {
                    if var object = value as? [String: Any] {
                        edit(&object)
                        return object
                    }
                    if let array = value as? [Any] { return array.map(edited) }
                    return value
                }
                var changed = response
                changed.body = (try? JSONSerialization.data(withJSONObject: edited(value))) ?? response.body
                return changed
            }
        }

        /// Fills the API with `count` Todos, as a production database holds data, without the stub
        /// server's journal seeing it.
        func seed(_ count: Int) {
            for index in 1...count {
                _ = api.respond(to: StubRequest(
                    method: "POST", path: "/todos", headers: ["Content-Type": "application/json"],
                    body: Data(#"{"id":0,"title":"Live \#(index)","done":false,"priority":\#(index)}"#.utf8)))
            }
        }

        /// How many Todos the API holds now, asked without the stub server's journal seeing it.
        var storedCount: Int {
            let listed = api.respond(to: StubRequest(method: "GET", path: "/todos")).body
            return ((try? JSONSerialization.jsonObject(with: listed)) as? [Any])?.count ?? -1
        }
    }

    /// Records the contract's fixtures from a fresh API into a new folder.
    static func recordedFixtures() async throws -> URL {
        let folder = try TodoFixtures.temporaryFolder()
        let api = LiveAPI()
        try await api.server.start()
        let upstream = api.server.baseURL
        let recording = await Recipe.runAllAtOnce(http) {
            StubServer(.init(fixtureDirectory: folder, recording: Recording(mode: .all, upstream: upstream)))
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
        let run = await Recipe.runAllAtOnce(http, excluding: excluded) {
            StubServer(.init(fixtureDirectory: folder, recording: Recording(mode: .drift, upstream: upstream, driftCheck: options)))
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
    @Test("drift over the contract's own fixtures: 0 findings on an unchanged API, exactly the changed field on a changed one; by default nothing state-changing is sent, reset included, and a renamed field is found by shape")
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
        let changed = LiveAPI(editingEachTodo: { todo in if todo["priority"] != nil { todo["priority"] = 0 } })
        // Every fixture but the bulk one (the unchanged run above covers it).
        let drifted = try await Self.drift(
            folder, against: changed, options: DriftCheckOptions(stateChangingRequests: .send),
            excluding: ["values.thousandEntitiesRoundTrip"])
        let lines = drifted.drifts.flatMap { drift -> [String] in
            drift.outcome.differences ?? ["not a difference: \(drift.message)"]
        }
        #expect(!lines.isEmpty)
        let other = lines.filter { $0.range(of: #"^\$(\[\d+\])?\.priority: recorded -?\d+, live 0$"#, options: .regularExpression) == nil }
        #expect(other.isEmpty, "\(other.prefix(20))")
        let fixtures = Set(drifted.drifts.map(\.source))
        #expect(drifted.findings.count == fixtures.count, "one finding per fixture")

        // By default, against an API that holds data as production does: only reads reach it, the
        // shared backend's reset included, and its data is untouched.
        let guarded = LiveAPI()
        guarded.seed(5)
        let safe = try await Self.drift(folder, against: guarded, options: DriftCheckOptions())
        let methods = Set(guarded.server.journal.map(\.method))
        #expect(methods.isSubset(of: ["GET", "HEAD", "OPTIONS"]), "\(methods)")
        #expect(guarded.storedCount == 5, "the reset did not delete the live Todos")
        #expect(safe.findings.allSatisfy { $0.severity == .warning }, "\(safe.findings.map(\.message).prefix(3))")
        #expect(safe.drifts.contains { $0.outcome.notSentReason != nil })
        #expect(safe.results.allSatisfy { $0.status == .passed }, "clauses replay the recordings: \(safe.results.compactMap(\.message))")
        #expect(
            safe.findings.contains { $0.message.contains("compared by shape only (member names and JSON types, not values)") },
            "the reads after each fixture's first write were compared by shape")

        // An API that renamed title to name: the default run reports it, by shape, as an error.
        let renamed = LiveAPI(editingEachTodo: { todo in
            if let title = todo.removeValue(forKey: "title") { todo["name"] = title }
        })
        renamed.seed(3)
        let renamedRun = try await Self.drift(
            folder, against: renamed, options: DriftCheckOptions(), excluding: ["values.thousandEntitiesRoundTrip"])
        #expect(Set(renamed.server.journal.map(\.method)).isSubset(of: ["GET", "HEAD", "OPTIONS"]))
        let errors = renamedRun.findings.filter { $0.severity == .error }
        #expect(!errors.isEmpty)
        let renamedLines = renamedRun.drifts.flatMap { drift -> [String] in
            drift.outcome.differences ?? []
        }
        #expect(renamedLines.contains { $0.hasPrefix("$[*].title: missing from the live response") }, "\(renamedLines.prefix(5))")
        #expect(renamedLines.contains { $0.hasPrefix("$[*].name: added in the live response") }, "\(renamedLines.prefix(5))")
        let unexpected = renamedLines.filter { !$0.hasPrefix("$[*].title: ") && !$0.hasPrefix("$[*].name: ") && !$0.hasPrefix("$.title: ") && !$0.hasPrefix("$.name: ") }
        #expect(unexpected.isEmpty, "only the renamed member: \(unexpected.prefix(10))")
    }
}
