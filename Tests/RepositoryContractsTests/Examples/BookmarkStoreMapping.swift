// A worked example: a protocol without fetch-by-id (the common shape of a store that lists and filters)
// mapped onto the CRUD contract, and what that mapping costs. Compiled and run by
// `BookmarkStoreMappingTests`; the README's "A protocol without fetch(id:)" quotes it.
import Foundation
import RepositoryContracts

/// The user's own protocol: no fetch by id, no generic update.
protocol BookmarkStore: Sendable {
    func add(_ bookmark: Bookmark) async throws
    func bookmarks(tagged tag: String?) async throws -> [Bookmark]
    func remove(url: URL) async throws
    func rename(url: URL, to title: String) async throws
}

struct Bookmark: Identifiable, Hashable, Sendable, Codable {
    var url: URL
    var title: String
    var tags: [String]
    var id: URL { url }
}

enum BookmarkStoreMapping {
    /// The five CRUD operations in terms of the store's four. `fetch(id:)` is derived from the list, so
    /// each one reads every row: a clause that fetches n entities one by one reads n² rows.
    static func witness(_ store: any BookmarkStore) -> RepositoryWitness<Bookmark> {
        RepositoryWitness(
            create: { try await store.add($0); return $0 },
            fetch: { url in try await store.bookmarks(tagged: nil).first { $0.url == url } },
            fetchAll: { try await store.bookmarks(tagged: nil) },
            update: { try await store.rename(url: $0.url, to: $0.title); return $0 },
            delete: { try await store.remove(url: $0) })
    }

    /// Bookmarks for the contract: `rename` changes only the title, so `mutate` edits only the title.
    static let bookmarks = Contract.crud(factory: EntityFactory<Bookmark>(
        make: { Bookmark(url: URL(string: "https://example.com/\($0)")!, title: "Page \($0)", tags: ["tag\($0 % 3)"]) },
        mutate: { Bookmark(url: $0.url, title: $0.title + " (renamed)", tags: $0.tags) },
        twin: { bookmark, ordinal in Bookmark(url: URL(string: "https://example.com/\(ordinal)")!, title: bookmark.title, tags: bookmark.tags) }))

    /// The in-memory store on the contract. The store's only update is a rename, so the two clauses that
    /// update every other field are left out, with that reason; the bulk clause stores 1,000 bookmarks.
    static func inMemory(_ store: @escaping @Sendable () -> InMemoryBookmarkStore) -> Conformance<CRUD<Bookmark>> {
        Conformance("in-memory bookmarks", ordering: .insertion) { witness(store()) }
            .omitting("update.eachFieldAlone", "values.edgeCasesSurviveUpdate",
                      because: "the store's only update is rename(url:to:), which changes the title alone")
    }

    /// The same store scaled for a slow backend (SQLite, a live API): the bulk clause stores 50 bookmarks,
    /// so it reads 2,550 rows instead of 1,001,000.
    static func scaled(_ store: @escaping @Sendable () -> InMemoryBookmarkStore) -> Conformance<CRUD<Bookmark>> {
        inMemory(store).scalingBulkClauses(to: 50)
    }
}

/// A correct store that counts the rows it reads, to show what the mapping costs.
actor InMemoryBookmarkStore: BookmarkStore {
    private var stored: [Bookmark] = []
    private(set) var rowsRead = 0

    enum Failure: Error { case duplicate, missing }

    func add(_ bookmark: Bookmark) throws {
        guard !stored.contains(where: { $0.url == bookmark.url }) else { throw Failure.duplicate }
        stored.append(bookmark)
    }

    func bookmarks(tagged tag: String?) -> [Bookmark] {
        rowsRead += stored.count
        return stored.filter { tag == nil || $0.tags.contains(tag!) }
    }

    func remove(url: URL) {
        stored.removeAll { $0.url == url }
    }

    func rename(url: URL, to title: String) throws {
        guard let index = stored.firstIndex(where: { $0.url == url }) else { throw Failure.missing }
        stored[index].title = title
    }
}
