import StandardContracts
import BrokenExamples
import RepositoryContracts
import Testing
import TodoExample

/// The article "The versions family": its declaration compiles and passes every `versions.*` clause, its
/// table lists those clauses in contract order, and the failures it quotes are what the clauses say.
@Suite("Article: TheVersionsFamily")
struct TheVersionsFamilyExamples {
    static let contract = Contract.crud(factory: NoteContracts.factory)

    // Article: declaring it.
    static let notes = Conformance<CRUD<Note>>("in-memory notes") {
        let store = InMemoryNoteStore()
        return RepositoryWitness<Note>(
            create: { try await store.create($0) }, fetch: { await store.fetch(id: $0) },
            fetchAll: { await store.fetchAll() }, update: { try await store.update($0) },
            delete: { try await store.delete(id: $0) })
            .updatingConditionally { try await store.update($0, expectedVersion: $0.version) }
    }
    .maintaining(.version(\.version), .createdAt(\.createdAt), .updatedAt(\.updatedAt))
    .optimisticConcurrency(.token(\.version, staleError: .conflict))

    @Test("the article's declaration passes every versions clause")
    func declaration() async {
        let (failed, skipped) = await NoteFamilyRuns.run("versions.", on: Self.notes)
        #expect(failed.isEmpty, "\(failed)")
        #expect(skipped.isEmpty, "\(skipped)")
    }

    @Test("the table lists every versions clause once, in contract order, with its summary")
    func table() throws {
        try DocumentationArticle.expectClauseTable("TheVersionsFamily", lists: Self.contract.clauses.filter { $0.id.hasPrefix("versions.") })
    }

    @Test("declared without a conditional update, every versions clause fails saying what to add, as the article quotes")
    func missingConditionalUpdate() async throws {
        var withoutIt = Self.notes
        let make = withoutIt.makeRepository
        withoutIt.makeRepository = {
            var witness = try await make()
            witness.conditionalUpdate = nil
            return witness
        }
        let (failed, _) = await NoteFamilyRuns.run("versions.", on: withoutIt)
        #expect(Set(failed.keys) == Set(NoteFamilyRuns.clauseIDs("versions.")))
        for message in failed.values {
            #expect(message.contains("add .updatingConditionally { … } to the RepositoryWitness"), "\(message)")
            #expect(try DocumentationArticle.quotes("TheVersionsFamily", Self.firstLine(message)), "\(message)")
        }
    }

    @Test("the failures the article quotes are what the clauses say about those bugs")
    func quotedFailures() async throws {
        for (bug, clause) in [(VersionBugs.notBumped, "versions.currentTokenAccepted"),
                              (VersionBugs.checkThenAct, "versions.concurrentWritersOneWins")] {
            // The race runs on the seeded schedule 1, which the quoted message names.
            let failed = await SeededInterleaving.$fixedSeed.withValue(1) { await NoteFamilyRuns.run("versions.", on: bug).failed }
            let message = try #require(failed[clause])
            #expect(try DocumentationArticle.quotes("TheVersionsFamily", Self.firstLine(message)), "\(message)")
        }
    }

    /// A failure's first line: what the article quotes.
    static func firstLine(_ message: String) -> String {
        String(message.split(separator: "\n").first ?? "")
    }
}
