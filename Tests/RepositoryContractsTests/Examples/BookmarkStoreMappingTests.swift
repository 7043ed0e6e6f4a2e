import Foundation
import RepositoryContracts
import Testing

/// The worked example of a protocol without fetch-by-id mapped onto CRUD (`BookmarkStoreMapping.swift`):
/// it passes, and the bulk clause's cost grows with the square of its entity count until it is scaled.
@Suite("Worked example: a store without fetch(id:) on the CRUD contract")
struct BookmarkStoreMappingTests {
    @Test("the mapped store passes every applicable clause, scaled",
          arguments: BookmarkStoreMapping.bookmarks.cases(for: BookmarkStoreMapping.scaled { InMemoryBookmarkStore() }))
    func scaled(_ check: ContractCase<CRUD<Bookmark>>) async { await check.verify() }

    /// Runs the bulk clause on a fresh store and returns the rows the store read and the subject calls.
    static func bulkClauseCost(_ conformance: (@escaping @Sendable () -> InMemoryBookmarkStore) -> Conformance<CRUD<Bookmark>>)
        async throws -> (rows: Int, calls: Int?)
    {
        let store = InMemoryBookmarkStore()
        let check = try #require(BookmarkStoreMapping.bookmarks.cases(for: conformance { store })
            .first { $0.clauseID == "values.thousandEntitiesRoundTrip" })
        let result = await check.run()
        #expect(result.status == .passed, "\(result.failures)")
        return (await store.rowsRead, result.subjectCalls)
    }

    @Test("the bulk clause reads about n² rows through the derived fetch(id:): 1,000,000 unscaled, 2,500 scaled to 50")
    func bulkCost() async throws {
        let unscaled = try await Self.bulkClauseCost(BookmarkStoreMapping.inMemory)
        // 1,000 creates, one fetchAll (1,000 rows) and 1,000 fetch(id:) of 1,000 rows each.
        #expect(unscaled.calls == 2_001)
        #expect(unscaled.rows == 1_001_000)
        let scaled = try await Self.bulkClauseCost(BookmarkStoreMapping.scaled)
        #expect(scaled.calls == 101)
        #expect(scaled.rows == 2_550)
    }
}
