import Foundation
import RepositoryContracts
import RecordReplay
import Testing
import TodoExample

/// The caching Todo repository (a TTL cache over the Todo REST API, through URLSession and loopback)
/// passes the caching contract with either upstream-failure policy, and the CRUD contract too.
@Suite("Caching contract")
struct CachingContractTests {
    static let contract = Contract.caching(factory: ExampleContracts.todoFactory)

    @Test("serving stale entries when the remote fails", arguments: contract.cases(for: CachingTodos.servesStale))
    func servesStale(_ check: ContractCase<Caching<Todo>>) async { await check.verify() }

    @Test("throwing when the remote fails", arguments: contract.cases(for: CachingTodos.throwsWhenStale))
    func throwsWhenStale(_ check: ContractCase<Caching<Todo>>) async { await check.verify() }

    @Test("the caching repository passes the CRUD contract too", .stubServer(),
          arguments: Contract.crud(factory: ExampleContracts.todoFactory).cases(for: CachingTodos.crud))
    func crud(_ check: ContractCase<CRUD<Todo>>) async { await check.verify() }

    @Test("every clause applies to a conformer that supports every write, and ids are unique")
    func clauses() {
        let ids = Self.contract.clauses.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.hasPrefix("caching.") })
        #expect(Self.contract.cases(for: CachingTodos.servesStale).count == ids.count)
        #expect(Self.contract.inapplicableClauses(for: CachingTodos.servesStale).isEmpty)
    }

    @Test("the model-based check runs a caching conformer in a fresh caching environment per run")
    func modelCheck() async {
        let terms = Self.contract.terms
        let correct = await ModelCheck.check(CachingTodos.servesStale, under: terms, runs: 15, steps: 20, seed: 7)
        #expect(correct.passed, "\(correct)")
        let stale = await ModelCheck.check(
            CachingTodos.conformance("never invalidates", flaw: .neverInvalidates), under: terms, runs: 30, steps: 20, seed: 7)
        #expect(!stale.passed, "a cache that never invalidates must read its own old write")
        #expect(stale.failure?.divergence.check == "value" || stale.failure?.divergence.check == "contents", "\(stale)")
    }

    @Test("a read-only cache is not asked to write")
    func readOnly() {
        let readOnly = Conformance<Caching<Todo>>.caching(
            "read-only", ttl: CachingTodos.ttl, whenUpstreamFails: .serveStale, remote: CachingTodos.remote,
            capabilities: []
        ) { env in
            RepositoryWitness(readOnly: CachingTodoRepository(baseURL: env.baseURL, ttl: CachingTodos.ttl, clock: env.clock))
        }
        let skipped = Set(Self.contract.inapplicableClauses(for: readOnly).map(\.clause.id))
        #expect(skipped == ["caching.createInvalidates", "caching.updateInvalidates", "caching.deleteInvalidates",
                            "caching.failedWriteChangesNothing"])
    }
}

/// The conformances of the caching Todo repository, correct and deliberately wrong.
enum CachingTodos {
    static let ttl = Duration.seconds(60)

    /// The Todo API as the contract hosts it: the conventional REST routes under `/todos`, with the
    /// API's own JSON coding.
    static let remote = RemoteSource<Todo>.rest(at: "/todos", encoder: TodoJSON.encoder, decoder: TodoJSON.decoder)

    /// A caching Todo repository built on the clause's server and clock, declared with `policy`.
    static func conformance(
        _ name: String, _ fallback: StaleFallback = .serveStale, declaring policy: UpstreamFailurePolicy? = nil,
        ttl declaredTTL: Duration = ttl, flaw: CachingTodoRepository.Flaw? = nil
    ) -> Conformance<Caching<Todo>> {
        let declared = policy ?? (fallback == .serveStale ? .serveStale : .throwError(.unavailable))
        return Conformance.caching(name, ttl: declaredTTL, whenUpstreamFails: declared, remote: remote) { env in
            CachingTodoRepository(baseURL: env.baseURL, ttl: ttl, whenUpstreamFails: fallback, clock: env.clock, flaw: flaw)
        }
    }

    static let servesStale = conformance("caching, serves stale")
    static let throwsWhenStale = conformance("caching, throws when stale", .throwError)

    /// The same repository for the CRUD contract, over the test's stub server (`.stubServer()`), with
    /// a clock nobody moves: every read after a write must see it.
    static let crud = Conformance<CRUD<Todo>>(
        "caching, CRUD", capabilities: [.create, .update, .delete, .concurrentAccess], ordering: .insertion
    ) {
        let server = StubServer.current
        remote.serve(on: server)
        return CachingTodoRepository(baseURL: server.baseURL, ttl: ttl, clock: MockClock())
    }
}
