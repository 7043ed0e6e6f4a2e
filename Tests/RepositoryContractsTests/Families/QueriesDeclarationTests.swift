import BrokenExamples
import Foundation
import RepositoryContracts
import Testing
import TodoExample

/// What a user who declares a query wrongly is told, and what a meaning that throws gets.
@Suite("Queries family: declaration mistakes")
struct QueriesDeclarationTests {
    static func failed(_ conformance: Conformance<CRUD<Note>>) async -> [String: String] {
        await QueriesKillTableTests.failed(conformance)
    }

    @Test("a declared query the witness does not run fails every queries clause, naming the builder to add")
    func missingRunner() async {
        let conformance = NoteContracts.inMemory.querying(.named("title", parameters: { [$0.title] }) { note, title in note.title == title })
        let failed = await Self.failed(conformance)
        #expect(Set(failed.keys) == Set(QueriesKillTableTests.queries.clauses.map(\.id)))
        let message = failed["queries.witnessRunsEach"] ?? ""
        #expect(message.contains("declares query title (String) at TodoExample/NoteContracts.swift"), "\(message)")
        #expect(message.contains("its witness runs no query \"title\": add .querying(\"title\") { (parameter: String) in … } to the witness "
                                 + "(it runs \"tag\")"), "\(message)")
    }

    @Test("a query declared over another parameter type than the witness runs fails, naming both types")
    func parameterTypeMismatch() async {
        let substrings = Query<Note>.named("tag", parameters: { $0.tags.map { Substring($0) } }) { note, tag in note.tags.contains(String(tag)) }
        let failed = await Self.failed(TheQueriesFamilyExamples.inMemoryNotes(declaring: substrings))
        let message = failed["queries.witnessRunsEach"] ?? ""
        #expect(message.contains("its witness's .querying(\"tag\") takes a String, but the query is declared over Substring"), "\(message)")
    }

    @Test("an unordered query is judged as a set; declaring it ordered without an ordering is a failure that says so")
    func orderedWithoutOrdering() async {
        var conformance = TheQueriesFamilyExamples.inMemoryNotes()
        conformance.promises.ordering = .unspecified
        let failed = await Self.failed(conformance)
        #expect(failed.keys.contains("queries.orderedAsDeclared"))
        #expect(failed["queries.orderedAsDeclared"]?.contains("declares query \"tag\" ordered (isOrdered: true) but no ordering") == true)
    }

    @Test("a Predicate meaning catches the case-insensitive store as the closure does")
    func predicateCatches() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        var conformance = QueryBugs.conformance(.caseInsensitive)
        conformance.promises.queries = [TheQueriesFamilyExamples.tagPredicate]
        let failed = await Self.failed(conformance)
        #expect(failed.keys.contains("queries.nearMissesFollowTheMeaning"))
        #expect(failed["queries.nearMissesFollowTheMeaning"]?.contains("query tag (String), a Predicate, declared at") == true)
    }

    @Test("a Predicate that throws on a stored entity fails, naming the query, the parameter and the entity")
    func throwingPredicate() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let firstTag = Query<Note>.predicate("tag", parameters: \.tags) { tag in
            #Predicate<Note> { note in note.tags.first! == tag }
        }
        let failed = await Self.failed(TheQueriesFamilyExamples.inMemoryNotes(declaring: firstTag))
        let message = failed["queries.storedParametersFindTheMeaning"] ?? ""
        #expect(message.contains("the meaning of query tag (String), a Predicate, threw evaluating parameter"), "\(message)")
        #expect(message.contains("(on entity"), "\(message)")
    }
}
