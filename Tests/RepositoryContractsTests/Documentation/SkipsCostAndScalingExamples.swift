import RepositoryContracts
import Testing

/// The code of the article "Skipped clauses, cost and scaling", run on the bookmark store of
/// `Examples/BookmarkStoreMapping.swift`.
@Suite("Article: SkipsCostAndScaling")
struct SkipsCostAndScalingExamples {
    // Article: two knobs on a conformance.
    static let bookmarks = Conformance("bookmarks", ordering: .insertion) { BookmarkStoreMapping.witness(InMemoryBookmarkStore()) }
        .scalingBulkClauses(to: 50)        // values.thousandEntitiesRoundTrip stores 50 bookmarks
        .omitting("update.eachFieldAlone", because: "rename(url:to:) changes the title alone")

    @Test("a left-out clause is skipped with its reason and where it was declared")
    func leftOut() throws {
        let check = try #require(BookmarkStoreMapping.bookmarks.cases(for: Self.bookmarks).first { $0.clauseID == "update.eachFieldAlone" })
        let reason = try #require(check.skipReason)
        #expect(reason.hasPrefix("left out by bookmarks (declared at RepositoryContractsTests/SkipsCostAndScalingExamples.swift:"))
        #expect(reason.hasSuffix(": rename(url:to:) changes the title alone"))
        #expect(try DocumentationArticle.quotes("SkipsCostAndScaling", reason))
    }

    @Test("the scaled bulk clause makes 50 creates, one fetchAll and 50 fetches, and says so in its result")
    func scaled() async throws {
        let check = try #require(BookmarkStoreMapping.bookmarks.cases(for: Self.bookmarks).first { $0.clauseID == "values.thousandEntitiesRoundTrip" })
        let result = await check.run()
        #expect(result.status == .passed, "\(result.message ?? "")")
        #expect(result.subjectCalls == 101)
        #expect(result.duration != nil)
        #expect(try DocumentationArticle.text("SkipsCostAndScaling").contains("`subjectCalls` is 101"))
    }
}
