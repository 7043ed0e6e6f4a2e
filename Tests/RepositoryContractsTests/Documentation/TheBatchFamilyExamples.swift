import BrokenExamples
import RepositoryContracts
import Testing
import TodoExample

/// The article "The batch family": its table lists exactly the family's clauses, its declaration passes
/// them, and the failure it shows is what the contract reports.
@Suite("Article: TheBatchFamily")
struct TheBatchFamilyExamples {
    static let notes = Conformance<CRUD<Note>>("in-memory notes") {
        let store = InMemoryNoteStore()
        return RepositoryWitness<Note>(
            create: { try await store.create($0) }, fetch: { await store.fetch(id: $0) },
            fetchAll: { await store.fetchAll() }, update: { try await store.update($0) },
            delete: { try await store.delete(id: $0) })
            .insertingAll { try await store.insertAll($0) }
    }
    .maintaining(.version(\.version), .createdAt(\.createdAt), .updatedAt(\.updatedAt))
    .batchWrites(.allOrNothing(error: .conflict))

    static let family = NoteFamilyRuns.family("batch.")

    @Test("the table lists every batch clause once, in contract order, with its summary")
    func table() throws {
        try DocumentationArticle.expectClauseTable("TheBatchFamily", lists: Self.family.clauses)
    }

    @Test("the article's declaration passes every batch clause it declares; the invalid-entity clause is skipped, saying so")
    func declaration() async throws {
        let report = await Self.family.report(on: Self.notes)
        #expect(report.clauses.filter { $0.status == .failed }.isEmpty, "\(report.clauses.compactMap(\.message))")
        let skipped = report.clauses.filter { $0.status == .skipped }
        #expect(skipped.map(\.id) == ["batch.invalidEntityFollowsPolicy"])
        #expect(try DocumentationArticle.quotes("TheBatchFamily", try #require(skipped.first?.reason)))
    }

    @Test("the failure the article shows is the one a batch that lets the last duplicate win gets")
    func failure() async throws {
        let check = try #require(Self.family.cases(for: BatchBug.lastDuplicateWins.conformance).first { $0.clauseID == "batch.duplicateInBatchFollowsPolicy" })
        let first = try #require(await check.run().failures.first)
        #expect(try DocumentationArticle.quotes("TheBatchFamily", "\(check.label) \(first.description)"), "\(first.description)")
    }
}
