import Foundation
import RepositoryContractsPrimitives
import RecordReplay
import RepositoryContracts
import Testing
import TodoExample

/// A shared backend's reset is held to the rule of the stub server scope it runs in: a read-only drift
/// check must not change live data, so the reset is withheld there (once-only notice), whichever glue
/// runs the clauses; it runs where the scope may write, and is skipped where nothing live is involved.
@Suite("Drift: the shared backend's reset")
struct DriftResetGateTests {
    struct Plain: ContractTerms {
        typealias Subject = Int
    }

    static let contract = Contract("Tiny", terms: Plain(), clauses: [
        Clause("tiny.one", "one") { _ in },
        Clause("tiny.two", "two") { _ in },
    ])

    /// A backend emptied as the README's recipe empties one: list on the live API, then delete each.
    static func todosAPI(resets: Protected<Int>) -> SharedBackend {
        SharedBackend("todos API") { progress in
            resets.withLock { $0 += 1 }
            guard let live = StubServer.current.configuration.recording.upstream else { return }
            let api = HTTPTodoRepository(baseURL: live)
            for todo in try await api.fetchAll() {
                try await api.delete(id: todo.id)
                progress.advance()
            }
        }
    }

    @Test("the gate: withheld under a read-only drift check with a notice naming the backend and the way to allow writes; run when drift may write; skipped on replay; run outside any scope")
    func decisions() throws {
        let backend = SharedBackend("todos API") {}
        let upstream = try #require(URL(string: "http://127.0.0.1:9"))
        func decision(_ server: StubServer?) -> ResetGate.Decision {
            StubServer.$currentIfAny.withValue(server) { sharedBackendResetGate(announce: { _ in }).decide(backend) }
        }
        let readOnly = decision(StubServer(.init(recording: Recording(mode: .drift, upstream: upstream))))
        guard case .withhold(let notice) = readOnly else {
            Issue.record("expected the reset withheld, got \(readOnly)")
            return
        }
        #expect(notice.contains("The shared backend todos API is not reset during this drift check"))
        #expect(notice.contains("only GET, HEAD and OPTIONS requests reach the live API at http://127.0.0.1:9"))
        #expect(notice.contains("REPOSITORY_CONTRACTS_DRIFT_WRITES=send or DriftCheckOptions.stateChangingRequests = .send"))
        let writes = StubServer(.init(recording: Recording(mode: .drift, upstream: upstream, driftCheck: DriftCheckOptions(stateChangingRequests: .send))))
        #expect(decision(writes) == .reset)
        #expect(decision(StubServer(.init(recording: .never))) == .skip)
        #expect(decision(StubServer(.init(recording: Recording(mode: .drift)))) == .skip, "no upstream: nothing live")
        #expect(decision(nil) == .reset)
    }

    /// Runs the tiny contract on a conformance sharing `backend`, through `Contract.verify` (one test
    /// for the whole conformance, the glue path that has no fixture per clause), inside a scope in
    /// `mode` in front of `api`.
    static func verify(
        _ backend: SharedBackend, mode: RecordMode, against api: TodoAPIServer, driftCheck: DriftCheckOptions
    ) async throws -> ConformanceReport {
        let scope = StubServer(.init(recording: Recording(mode: mode, upstream: api.baseURL, driftCheck: driftCheck)))
        try await scope.start()
        let conformance = Conformance<Plain>("shared", sharedBackend: backend) { _ in 1 }
        let report = await StubServer.$currentIfAny.withValue(scope) { await contract.verify(conformance) }
        await scope.stop()
        return report
    }

    @Test("Contract.verify under a read-only drift scope sends nothing to the live API, reset included; with writes allowed the reset runs")
    func wholeConformance() async throws {
        let api = TodoAPIServer()
        try await api.start()
        let live = HTTPTodoRepository(baseURL: api.baseURL)
        for index in 1...3 { _ = try await live.create(Todo(id: index, title: "Live \(index)")) }
        let before = api.requests.count

        let resets = Protected(0)
        let readOnly = try await Self.verify(
            Self.todosAPI(resets: resets), mode: .drift, against: api, driftCheck: DriftCheckOptions())
        #expect(readOnly.clauses.allSatisfy { $0.status == .passed })
        #expect(resets.withLock { $0 } == 0)
        #expect(api.requests.count == before, "\(api.requests.dropFirst(before))")

        let writes = try await Self.verify(
            Self.todosAPI(resets: resets), mode: .drift, against: api, driftCheck: DriftCheckOptions(stateChangingRequests: .send))
        await api.stop()
        #expect(writes.clauses.allSatisfy { $0.status == .passed })
        #expect(resets.withLock { $0 } == 2, "one reset before each clause")
        #expect(api.requests.dropFirst(before).filter { $0.hasPrefix("DELETE ") }.count == 3, "\(api.requests.dropFirst(before))")
    }
}
