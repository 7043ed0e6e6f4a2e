import RepositoryContracts
import Testing
import TodoExample

/// The code of the article "Writing your own contract", run: a clause of your own added to the CRUD
/// contract, and the contract for a protocol of your own (`Examples/PaginatedSearchContract.swift`).
@Suite("Article: WritingYourOwnContract")
struct WritingYourOwnContractExamples {
    // Article: a clause of your own.
    static let contract = todos.adding(
        Clause<CRUD<Todo>>("titles.trimmed", "titles are stored trimmed", requires: .create) { context in
            let todo = Todo(id: 900, title: "  milk  ")
            try await context.subject.create(todo)
            let stored = try await context.subject.fetch(id: 900)
            context.expect(stored?.title == "milk", "title was stored as \(String(describing: stored?.title))")
        })

    @Test("an added clause runs after the built-in ones and fails a conformer that keeps the spaces, with its message")
    func ownClause() async throws {
        #expect(Self.contract.clauses.map(\.id) == todos.clauses.map(\.id) + ["titles.trimmed"])
        let inMemory = Conformance<CRUD<Todo>>("in-memory", ordering: .insertion) { InMemoryTodoRepository() }
        let check = try #require(Self.contract.cases(for: inMemory).last)
        let result = await check.run()
        #expect(result.status == .failed)
        let message = try #require(result.issueMessages(label: check.label).first)
        #expect(message.hasPrefix(#"[CRUD › titles.trimmed] title was stored as Optional("  milk  ")"#), "\(message)")
        #expect(try DocumentationArticle.text("WritingYourOwnContract").contains(#"title was stored as Optional("  milk  ")"#))
    }

    @Test("adding a clause whose id is taken replaces that clause")
    func replacing() {
        let replaced = todos.adding(Clause<CRUD<Todo>>("fetchAll.emptyRepository", "replaced") { _ in })
        #expect(replaced.clauses.count == todos.clauses.count)
        #expect(replaced.clauses.first { $0.id == "fetchAll.emptyRepository" }?.summary == "replaced")
    }

    @Test("the search contract's failures are prefixed with its name and clause id")
    func searchLabel() {
        #expect(PaginatedSearchContract.contract.label(of: "search.pagesAreFull") == "[Search › search.pagesAreFull]")
    }
}
