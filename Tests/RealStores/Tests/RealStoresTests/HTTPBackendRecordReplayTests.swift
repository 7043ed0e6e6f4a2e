import Foundation
import RealStores
import RecordReplay
import RepositoryContracts
import Testing

extension HTTPBackendTests {
    /// The HTTP store's fixtures recorded from the live server in mode `all`, replayed offline, then
    /// checked for drift read-only (the default drift check) against the live server: the steps in order,
    /// in one test, since each uses what the one before wrote.
    @Suite("HTTP record, replay, drift")
    struct HTTPBackendRecordReplayTests {
        @Test("recorded in mode all, replayed offline without reaching the server, drift-checked read-only: no drift, and a changed answer is drift")
        func recordReplayDrift() async throws {
            let live = try #require(HTTPBackend.url)
            let (folder, isTemporary) = try HTTPBackendScopes.fixtureFolder()
            defer { if isTemporary { try? FileManager.default.removeItem(at: folder) } }
            let clauses = HTTPBackendScopes.cases.count

            // Recording, mode all: every clause live through the recording stub server, the backend reset
            // before each; each writes its fixture, and redaction finds nothing to remove.
            var started = ContinuousClock.now
            let recorded = try await HTTPBackendScopes.runEveryClause(in: folder, recording: Recording(mode: .all, upstream: live))
            #expect(recorded.allSatisfy { $0.result.status == .passed })
            #expect(recorded.compactMap(\.writeError) == [])
            let outcomes = recorded.compactMap(\.outcome)
            #expect(outcomes.count == clauses, "every clause recorded a fixture")
            #expect(outcomes.allSatisfy { FileManager.default.fileExists(atPath: $0.file.path) })
            #expect(outcomes.flatMap(\.redactions).map(\.description) == [], "a to-do holds no credential: nothing to redact")
            #expect(recorded.flatMap(\.report.findings).filter { $0.severity == .error }.map(\.message) == [])
            let interactions = outcomes.reduce(0) { $0 + $1.interactionCount }
            print("recorded \(outcomes.count) fixtures, \(interactions) interactions, in \(seconds(since: started))")

            // Offline replay: no upstream; the server serves no request meanwhile.
            started = .now
            let servedBefore = try await HTTPBackend.stats(at: live).requests
            let replayed = try await HTTPBackendScopes.runEveryClause(in: folder, recording: .never)
            let servedDuringReplay = try await HTTPBackend.stats(at: live).requests - servedBefore
            #expect(replayed.count == clauses && replayed.allSatisfy { $0.result.status == .passed })
            #expect(replayed.flatMap(\.report.findings).filter { $0.severity == .error }.map(\.message) == [])
            #expect(servedDuringReplay == 0, "the offline replay reached the live server")
            print("replayed \(replayed.count) fixtures offline (the server served \(servedDuringReplay) requests) in \(seconds(since: started))")

            // The default drift check: reads only, compared by shape (the backend is not reset to the
            // recorded state). A to-do on the server gives the listings something to compare.
            started = .now
            _ = try await HTTPTodoStore(baseURL: live).create(Todo(id: 0, title: "on the server during the drift check", priority: 2))
            let beforeDrift = try await HTTPBackend.stats(at: live)
            let drift = Recording(mode: .drift, upstream: live)
            let checked = try await HTTPBackendScopes.runEveryClause(in: folder, recording: drift)
            let afterDrift = try await HTTPBackend.stats(at: live)
            let reads = afterDrift.requests - beforeDrift.requests
            #expect(checked.count == clauses && checked.allSatisfy { $0.result.status == .passed })
            #expect(checked.flatMap(\.report.findings).filter { $0.severity == .error }.map(\.message) == [], "drift against the server just recorded")
            #expect(checked.flatMap(\.report.drifts).compactMap(\.outcome.differences) == [])
            #expect(reads > 0, "the drift check's reads reached the live server")
            #expect(afterDrift.writes == beforeDrift.writes, "the default drift check sent a write to the live server")
            print("drift-checked \(checked.count) fixtures read-only: \(reads) reads sent, no drift, in \(seconds(since: started))")

            // A recorded answer the server no longer gives (a member it does not send) is drift.
            let changed = try HTTPBackendScopes.copyWithChangedAnswer(of: folder)
            defer { try? FileManager.default.removeItem(at: changed.folder) }
            let rechecked = try await HTTPBackendScopes.runEveryClause(in: changed.folder, recording: drift, only: [changed.clauseID])
            let differences = rechecked.flatMap(\.report.drifts).compactMap(\.outcome.differences).flatMap { $0 }
            #expect(differences.contains { $0.hasPrefix("$[*].\(changed.member): missing from the live response") }, "\(differences)")
            #expect(rechecked.flatMap(\.report.findings).contains { $0.severity == .error && $0.message.contains(changed.member) })
        }
    }
}

/// The whole seconds since `start`, as `12 s`.
private func seconds(since start: ContinuousClock.Instant) -> String {
    "\(start.duration(to: .now).components.seconds) s"
}
