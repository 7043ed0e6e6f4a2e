import RepositoryContracts
import Testing
import TodoExample

/// The code of the article "The caching contract", run.
@Suite("Article: TheCachingContract")
struct TheCachingContractExamples {
    // Article: the caching contract on a TTL cache over a REST API.
    static let caching = Contract.caching(factory: ExampleContracts.todoFactory)
    static let cachedTodos = Conformance.caching(
        "CachingTodoRepository", ttl: .seconds(60), whenUpstreamFails: .serveStale,
        remote: .rest(at: "/todos", encoder: TodoJSON.encoder, decoder: TodoJSON.decoder)
    ) { env in CachingTodoRepository(baseURL: env.baseURL, ttl: .seconds(60), clock: env.clock) }

    @Test(arguments: caching.cases(for: cachedTodos))
    func cache(_ check: ContractCase<Caching<Todo>>) async { await check.verify() }

    @Test("the table lists every clause of the caching contract once, in contract order, with its summary")
    func table() throws {
        try DocumentationArticle.expectClauseTable("TheCachingContract", lists: Self.caching.clauses)
    }

    @Test("a read-only cache skips exactly the four write clauses")
    func readOnly() {
        let readOnly = Conformance<Caching<Todo>>.caching(
            "read-only", ttl: .seconds(60), whenUpstreamFails: .serveStale,
            remote: .rest(at: "/todos", encoder: TodoJSON.encoder, decoder: TodoJSON.decoder), capabilities: []
        ) { env in RepositoryWitness(readOnly: CachingTodoRepository(baseURL: env.baseURL, ttl: .seconds(60), clock: env.clock)) }
        let skipped = Self.caching.inapplicableClauses(for: readOnly).map(\.clause.id)
        #expect(skipped == ["caching.createInvalidates", "caching.updateInvalidates", "caching.deleteInvalidates",
                            "caching.failedWriteChangesNothing"])
    }
}
