import BrokenExamples
import RepositoryContracts
import Testing
import TodoExample

/// The article "The soft-delete family": its table lists exactly the family's clauses, its declaration
/// passes them, and the failure it shows is what the contract reports.
@Suite("Article: TheSoftDeleteFamily")
struct TheSoftDeleteFamilyExamples {
    static let notes = Conformance<CRUD<Note>>("in-memory notes") {
        let store = InMemoryNoteStore()
        return RepositoryWitness<Note>(
            create: { try await store.create($0) }, fetch: { await store.fetch(id: $0) },
            fetchAll: { await store.fetchAll() }, update: { try await store.update($0) },
            delete: { try await store.delete(id: $0) })
            .softDeleting(restore: { try await store.restore(id: $0) }, purge: { try await store.purge(id: $0) })
    }
    .maintaining(.version(\.version), .createdAt(\.createdAt), .updatedAt(\.updatedAt))
    .softDeleting(SoftDeletion(createOfDeletedID: .rejected(as: .conflict), purges: true))

    static let family = NoteFamilyRuns.family("softDelete.")

    @Test("the table lists every softDelete clause once, in contract order, with its summary")
    func table() throws {
        try DocumentationArticle.expectClauseTable("TheSoftDeleteFamily", lists: Self.family.clauses)
    }

    @Test("the article's declaration passes every clause it declares; pages and queries are skipped, saying so")
    func declaration() async throws {
        let report = await Self.family.report(on: Self.notes)
        #expect(report.clauses.filter { $0.status == .failed }.isEmpty, "\(report.clauses.compactMap(\.message))")
        let skipped = report.clauses.filter { $0.status == .skipped }
        #expect(skipped.map(\.id) == ["softDelete.hidesFromPages", "softDelete.hidesFromQueries"])
        #expect(skipped.first?.reason == "no pagination is declared (.paginated(…))")
        #expect(try DocumentationArticle.quotes("TheSoftDeleteFamily", "no purge is declared (SoftDeletion(purges: true))"))
    }

    @Test("the failure the article shows is the one a tag search that finds soft-deleted notes gets")
    func failure() async throws {
        let check = try #require(Self.family.cases(for: SoftDeleteBug.deletedFoundByTag.conformance).first { $0.clauseID == "softDelete.hidesFromQueries" })
        let first = try #require(await check.run().failures.first)
        #expect(try DocumentationArticle.quotes("TheSoftDeleteFamily", "\(check.label) \(first.description)"), "\(first.description)")
    }
}
