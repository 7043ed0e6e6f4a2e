import BrokenExamples
import MockTime
import RepositoryContracts
import Testing
import TodoExample

/// The article "The pages family": its declarations compile and pass, its table lists exactly the
/// family's clauses, and the failure it quotes is the one a boundary-skipping store gets.
@Suite("Article: ThePagesFamily")
struct ThePagesFamilyExamples {
    // Article: keyset pages, declared.
    static let keysetNotes = Conformance<CRUD<Note>>("in-memory notes") {
        let clock = MockClock()
        let store = InMemoryNoteStore(now: { clock.date })
        return RepositoryWitness<Note>(
            create: { try await store.create($0) }, fetch: { await store.fetch(id: $0) },
            fetchAll: { await store.fetchAll() }, update: { try await store.update($0) },
            delete: { try await store.delete(id: $0) })
            .paging { (cursor: String?, limit) in try await store.page(after: cursor, limit: limit) }
            .movingStoreTime { clock.advance(by: .seconds(1)) }
    }
    .maintaining(.version(\.version), .createdAt(\.createdAt), .updatedAt(\.updatedAt))
    .ordered(.sorted(by: .descending(\.updatedAt), .ascending(\.id)))
    .paginated(Pagination(maximumLimit: 50, invalidCursor: .invalidInput))

    // Article: offset pages over a list.
    static let offsetNotes = NoteContracts.declaringFamilies(Conformance<CRUD<Note>>("offset-paged notes") {
        let clock = MockClock()
        let store = InMemoryNoteStore(now: { clock.date })
        return NoteContracts.witness(store, clock: clock).pagingByOffset { offset, limit in
            guard offset >= 0 else { throw RepositoryError(.invalidInput, "negative offset \(offset)") }
            return Array(await store.fetchAll().dropFirst(offset).prefix(min(limit, 20)))
        }
    })
    .paginated(Pagination(maximumLimit: 20, invalidCursor: .invalidInput, end: .mayEndWithEmptyPage, changesBetweenPages: .unspecified))

    @Test("the keyset declaration of the article passes every pages clause")
    func keyset() async {
        let report = await PagesKillTableTests.report(Self.keysetNotes)
        #expect(PagesKillTableTests.failed(report).isEmpty, "\(PagesKillTableTests.failed(report))")
        #expect(report.count(.passed) == PagesKillTableTests.pages.clauses.count)
    }

    @Test("the table lists every pages clause once, in contract order, with its summary")
    func table() throws {
        try DocumentationArticle.expectClauseTable("ThePagesFamily", lists: PagesKillTableTests.pages.clauses)
    }

    @Test("the failure the article quotes is the one a store whose cursor compares only updatedAt gets")
    func quotedFailure() async throws {
        let report = await PagesKillTableTests.report(PageBugs.conformance(.boundarySkip))
        let result = try #require(report.clauses.first { $0.id == "pages.everyEntityOnceWithTies" })
        let message = try #require(result.failures.first?.message)
        #expect(try DocumentationArticle.quotes("ThePagesFamily", message), "\(message)")
    }

    @Test("what the article says is skipped, and why, is what the report says")
    func skips() async throws {
        let report = await PagesKillTableTests.report(Self.offsetNotes)
        let reason = try #require(report.clauses.first { $0.id == "pages.deleteBetweenPages" }?.reason)
        #expect(try DocumentationArticle.quotes("ThePagesFamily", reason), "\(reason)")
    }
}
