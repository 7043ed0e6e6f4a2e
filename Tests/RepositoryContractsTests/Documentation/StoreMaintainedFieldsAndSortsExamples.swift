import BrokenExamples
import MockTime
import RepositoryContracts
import Testing
import TodoExample

/// The article "Store-maintained fields and sorts": its example declaration passes, its table lists the
/// `maintained.*` and `order.*` clauses in contract order with their summaries, and the failure it quotes
/// is the one a store that does not bump its version gets.
@Suite("Article: StoreMaintainedFieldsAndSorts")
struct StoreMaintainedFieldsAndSortsExamples {
    static let contract = Contract.crud(factory: NoteContracts.factory)

    static let notes = Conformance<CRUD<Note>>("in-memory notes") {
        let clock = MockClock()
        let store = InMemoryNoteStore(now: { clock.date })
        return RepositoryWitness<Note>(
            create: { try await store.create($0) }, fetch: { await store.fetch(id: $0) },
            fetchAll: { await store.fetchAll() }, update: { try await store.update($0) },
            delete: { try await store.delete(id: $0) })
            .movingStoreTime { clock.advance(by: .seconds(1)) }
    }
    .maintaining(.version(\.version), .createdAt(\.createdAt), .updatedAt(\.updatedAt))
    .ordered(.sorted(by: .descending(\.updatedAt), .ascending(\.id)))

    @Test("the article's declaration passes every maintained.* and order.* clause it declares")
    func declarationPasses() async {
        let report = await Self.contract.report(on: Self.notes)
        let family = report.clauses.filter { $0.id.hasPrefix("maintained.") || $0.id.hasPrefix("order.") }
        // Eight of nine apply (the notes have no entity tag), and pass; the store's soft delete and its
        // refusal of empty titles, which this declaration leaves out, are other families' business.
        #expect(family.filter { $0.status == .passed }.count == 8, "\(family.map { "\($0.id): \($0.status)" })")
    }

    @Test("the table lists every maintained.* and order.* clause once, in contract order, with its summary")
    func table() throws {
        try DocumentationArticle.expectClauseTable("StoreMaintainedFieldsAndSorts", lists: Self.contract.clauses.filter { $0.id.hasPrefix("maintained.") || $0.id.hasPrefix("order.") })
    }

    @Test("the quoted failure is what a store that keeps its version on update gets")
    func quotedFailure() async throws {
        let report = await Self.contract.report(on: MaintainedBugStore.conformance(.versionNotBumped))
        let clause = try #require(report.clauses.first { $0.id == "maintained.versionIncreasesOnEveryWrite" })
        let message = try #require(clause.failures.first?.message)
        #expect(message.hasPrefix("update 1 of id 1 broke the rule of the store-maintained version (a version)"))
        #expect(try DocumentationArticle.quotes("StoreMaintainedFieldsAndSorts", "expected: larger than 1"))
    }
}
