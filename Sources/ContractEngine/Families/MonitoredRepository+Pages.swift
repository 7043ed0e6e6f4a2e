/// The pagination family's calls, each watched like the CRUD calls: what the `pages.*` clauses read pages
/// with, and what a clause of your own can use.
///
/// ```swift
/// let first = try await context.subject.page(after: nil, limit: 10)
/// let every = try await context.subject.allPages(limit: 3, maximumPages: 10)
/// ```
extension MonitoredRepository {
    /// Whether the witness reads pages (``RepositoryWitness/paging(invalidCursor:_:)`` or
    /// ``RepositoryWitness/pagingByOffset(_:)``).
    public var readsPages: Bool { witness.pages != nil }

    /// Whether the witness's cursors are offsets (``RepositoryWitness/pagingByOffset(_:)``).
    public var pagesByOffset: Bool { witness.pages?.isOffset ?? false }

    /// Cursors the store never issued, which it must refuse: the one given to
    /// ``RepositoryWitness/paging(invalidCursor:_:)``, or those the contract makes for its cursor type.
    public var invalidPageCursors: [PageCursor] { witness.pages?.invalidCursors ?? [] }

    /// The page after `cursor` (the first for `nil`) holding at most `limit` entities, which the clause
    /// needs to succeed. Throws when the witness reads no pages, saying which builder to add.
    public func page(after cursor: PageCursor?, limit: Int) async throws -> PageOfEntities<Entity> {
        try await call(pageRequest(after: cursor, limit: limit)) {
            guard let reader = witness.pages else { throw NoPageReader() }
            return try await reader.read(cursor, limit)
        }
    }

    /// Every page from the first, each requested with `limit`, following each page's next cursor until a
    /// page has none or `maximumPages` pages were read. `afterEachPage` runs after each page with its
    /// index from 0, before the next is requested: where a clause changes the repository between pages.
    public func allPages(
        limit: Int, maximumPages: Int,
        afterEachPage: (_ index: Int, _ page: PageOfEntities<Entity>) async throws -> Void = { _, _ in }
    ) async throws -> PageTraversal<Entity> {
        var traversal = PageTraversal<Entity>(limit: limit)
        var cursor: PageCursor?
        while traversal.pages.count < maximumPages {
            let page = try await self.page(after: cursor, limit: limit)
            traversal.cursors.append(cursor)
            traversal.pages.append(page)
            try await afterEachPage(traversal.pages.count - 1, page)
            guard let next = page.next else {
                traversal.ended = true
                break
            }
            cursor = next
        }
        return traversal
    }
}

/// The pages one traversal read, from the first page on: what ``MonitoredRepository/allPages(limit:maximumPages:afterEachPage:)``
/// returns.
public struct PageTraversal<Entity: Sendable>: Sendable {
    /// The limit every page was requested with.
    public let limit: Int
    /// The pages, in the order they were read.
    public var pages: [PageOfEntities<Entity>] = []
    /// The cursor each page was requested with (`nil` for the first).
    public var cursors: [PageCursor?] = []
    /// Whether the last page read had no next cursor; `false` when the traversal stopped at its maximum.
    public var ended = false

    /// A traversal with pages of `limit`, before its first page.
    public init(limit: Int) {
        self.limit = limit
    }

    /// The entities of every page, in the order they came.
    public var entities: [Entity] { pages.flatMap(\.entities) }

    /// The request of page `index`, as failures name it: `page(after: 1|2, limit: 3)`.
    public func call(_ index: Int) -> String {
        pageRequest(after: cursors[index], limit: limit)
    }
}

/// `page(after: nil, limit: 3)`: how a page request is named in failures.
package func pageRequest(after cursor: PageCursor?, limit: Int) -> String {
    "page(after: \(cursor.map { abbreviate($0.description, limit: 60) } ?? "nil"), limit: \(limit))"
}

/// Thrown when a clause reads pages from a witness that reads none.
struct NoPageReader: Error, CustomStringConvertible {
    var description: String {
        "the witness reads no pages: add .paging { cursor, limit in … } (or .pagingByOffset { offset, limit in … }) to it"
    }
}
