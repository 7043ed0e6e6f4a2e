import BrokenExamples
import Foundation
import MockTime
import RepositoryContracts
import Testing
import TodoExample

/// The article "The queries family": its table lists exactly the `queries.*` clauses, in order, each with
/// its summary; its declarations run green on the in-memory note store; the failure it quotes is what
/// the case-insensitive store gets.
@Suite("Article: TheQueriesFamily")
struct TheQueriesFamilyExamples {
    static let notes = Contract.crud(factory: NoteContracts.factory)

    // Article: declaring a query, in the witness and in the conformance.
    static func inMemoryNotes() -> Conformance<CRUD<Note>> {
        Conformance<CRUD<Note>>("in-memory notes") {
            let clock = MockClock()
            let store = InMemoryNoteStore(now: { clock.date })
            return RepositoryWitness<Note>(
                create: { try await store.create($0) }, fetch: { await store.fetch(id: $0) },
                fetchAll: { await store.fetchAll() }, update: { try await store.update($0) },
                delete: { try await store.delete(id: $0) })
                .querying("tag") { (tag: String) in await store.notes(taggedWith: tag) }
        }
        .maintaining(.version(\.version), .createdAt(\.createdAt), .updatedAt(\.updatedAt))
        .ordered(.sorted(by: .descending(\.updatedAt), .ascending(\.id)))
        .querying(.named("tag", isOrdered: true, parameters: \.tags) { note, tag in note.tags.contains(tag) })
    }

    // Article: the same query, its meaning a Foundation Predicate.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    static let tagPredicate = Query<Note>.predicate("tag", parameters: \.tags) { tag in
        #Predicate<Note> { note in note.tags.contains(tag) }
    }

    /// The article's store without its closure query, declaring `query` instead.
    static func inMemoryNotes(declaring query: Query<Note>) -> Conformance<CRUD<Note>> {
        var conformance = inMemoryNotes()
        conformance.promises.queries = [query]
        return conformance
    }

    /// The contract with only its `queries.*` clauses.
    static var queryClauses: Contract<CRUD<Note>> {
        Contract("CRUD", terms: notes.terms, clauses: notes.clauses.filter { $0.id.hasPrefix("queries.") })
    }

    @Test("the table lists every queries clause once, in contract order, with its summary")
    func table() throws {
        try DocumentationArticle.expectClauseTable("TheQueriesFamily", lists: Self.queryClauses.clauses)
    }

    @Test("the article's declarations pass every queries clause, with a closure and with a Predicate")
    func declarationsPass() async throws {
        var declared = [Self.inMemoryNotes()]
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            declared.append(Self.inMemoryNotes(declaring: Self.tagPredicate))
        }
        for conformance in declared {
            let report = await Self.queryClauses.report(on: conformance)
            let ordered = conformance.promises.queries.contains(where: \.isOrdered)
            for clause in report.clauses where ordered || clause.id != "queries.orderedAsDeclared" {
                #expect(clause.status == .passed, "\(conformance.promises.queries) \(clause.id): \(clause.message ?? clause.reason ?? "")")
            }
        }
    }

    @Test("the failure the article quotes is what a case-insensitive tag search gets")
    func quotedFailure() async throws {
        let report = await Self.queryClauses.report(on: QueryBugs.conformance(.caseInsensitive))
        let clause = try #require(report.clauses.first { $0.id == "queries.storedParametersFindTheMeaning" })
        let upper = try #require(clause.failures.first { $0.message.contains(#"query tag("TAG2")"#) })
        #expect(try DocumentationArticle.quotes("TheQueriesFamily", upper.message), "\(upper.message)")
        #expect(try DocumentationArticle.quotes("TheQueriesFamily", "expected: \(upper.expected ?? "")"), "\(upper.expected ?? "")")
        #expect(try DocumentationArticle.quotes("TheQueriesFamily", "actual: \(upper.actual ?? "")"), "\(upper.actual ?? "")")
    }
}
