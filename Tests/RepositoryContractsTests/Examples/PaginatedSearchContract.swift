// A worked example: a contract for a protocol of your own, in one file. It is compiled and run by
// `PaginatedSearchContractTests`, so it stays true as the engine changes.
import Foundation
import RepositoryContracts

/// The user's own protocol: a search over documents, one page at a time.
protocol SearchRepository: Sendable {
    /// The `page`th page (from 0) of the titles of the documents whose title contains `query`,
    /// case-insensitively, sorted by title.
    func search(_ query: String, page: Int) async throws -> SearchPage
}

struct SearchPage: Equatable, Sendable {
    var titles: [String]
    /// The next page's number, or `nil` on the last page.
    var nextPage: Int?
}

/// The contract's terms: the subject is any search repository; each clause gets a folder of documents
/// (its environment), written before the subject is made and removed after; a conformer promises its
/// page size.
struct PaginatedSearch: ContractTerms {
    typealias Subject = any SearchRepository
    typealias Environment = DocumentFolder
    typealias Promises = Int

    /// The documents every clause searches.
    var titles: [String]

    func makeEnvironment(for clause: ClauseSetting<Self>) async throws -> DocumentFolder {
        try DocumentFolder(titles: titles)
    }

    /// Removes the folder; a conformer that wrote into it (an index, a cache) fails the clause.
    func tearDown(_ folder: DocumentFolder, after clause: ClauseSetting<Self>) async -> [ContractFailure] {
        let left = folder.strayFiles
        folder.remove()
        return left.isEmpty ? [] : [ContractFailure(message: "the subject wrote into the document folder: \(left)")]
    }

    func mistakes(in pageSize: Int) -> [String] {
        pageSize > 0 ? [] : ["the page size is \(pageSize): it must be positive"]
    }

    func capabilityList(of pageSize: Int) -> String { "page size \(pageSize)" }
}

/// One clause's documents on disk: a file per title.
struct DocumentFolder: Sendable {
    let url: URL
    let titles: [String]

    init(titles: [String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("search-\(UUID().uuidString)")
        self.titles = titles
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (index, title) in titles.enumerated() {
            try Data(title.utf8).write(to: url.appendingPathComponent("\(index).txt"))
        }
    }

    /// Files the contract did not write.
    var strayFiles: [String] {
        let ours = Set(titles.indices.map { "\($0).txt" })
        return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { !ours.contains($0) }.sorted()
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

enum PaginatedSearchContract {
    /// Every page of `query`, following `nextPage` (at most 100 pages).
    static func allPages(_ query: String, _ check: ClauseContext<PaginatedSearch>) async throws -> [SearchPage] {
        var pages: [SearchPage] = []
        var next: Int? = 0
        while let page = next, pages.count < 100 {
            let found = try await check.subject.search(query, page: page)
            pages.append(found)
            next = found.nextPage
        }
        return pages
    }

    /// The titles the contract expects for `query`, in order.
    static func matches(_ query: String, _ check: ClauseContext<PaginatedSearch>) -> [String] {
        check.environment.titles.filter { $0.localizedCaseInsensitiveContains(query) }.sorted()
    }

    static let contract = Contract(
        "Search", terms: PaginatedSearch(titles: (1...23).map { "Document \($0)" } + ["Notes", "notebook"]),
        clauses: [
            Clause("search.pagesCoverEveryMatchOnce", "following nextPage yields every match exactly once, in order") { check in
                let titles = try await allPages("doc", check).flatMap(\.titles)
                check.expectEqual(titles, matches("doc", check), "the titles of every page of \"doc\"")
            },
            Clause("search.pagesAreFull", "every page but the last holds exactly the promised page size") { check in
                let pages = try await allPages("doc", check)
                for (number, page) in pages.dropLast().enumerated() where page.titles.count != check.promises {
                    check.fail("page \(number) of \"doc\" holds \(page.titles.count) titles", expected: "\(check.promises)", actual: "\(page.titles.count)")
                }
            },
            Clause("search.pastTheEndIsEmpty", "a page past the last one is empty and has no next page") { check in
                let page = try await check.subject.search("doc", page: 99)
                check.expectEqual(page, SearchPage(titles: [], nextPage: nil), "page 99 of \"doc\"")
            },
            Clause("search.ignoresCase", "a query matches titles whatever their case") { check in
                let titles = try await allPages("NOTE", check).flatMap(\.titles)
                check.expectEqual(titles, ["Notes", "notebook"].sorted(), "the titles of \"NOTE\"")
            },
        ])
}

/// A conformer: reads the folder once, then pages through the matches in memory.
struct FolderSearch: SearchRepository {
    let titles: [String]
    let pageSize: Int
    /// A deliberate bug, for the tests: each page after the first repeats the previous page's last title.
    var repeatsLastTitle = false

    init(folder: DocumentFolder, pageSize: Int, repeatsLastTitle: Bool = false) throws {
        let files = try FileManager.default.contentsOfDirectory(at: folder.url, includingPropertiesForKeys: nil)
        titles = try files.map { String(decoding: try Data(contentsOf: $0), as: UTF8.self) }
        self.pageSize = pageSize
        self.repeatsLastTitle = repeatsLastTitle
    }

    func search(_ query: String, page: Int) async throws -> SearchPage {
        let matches = titles.filter { $0.localizedCaseInsensitiveContains(query) }.sorted()
        var start = page * pageSize
        if repeatsLastTitle, page > 0 { start -= 1 }
        guard start < matches.count else { return SearchPage(titles: [], nextPage: nil) }
        let end = min(start + pageSize, matches.count)
        return SearchPage(titles: Array(matches[start..<end]), nextPage: end < matches.count ? page + 1 : nil)
    }
}

extension Conformance where Terms == PaginatedSearch {
    /// The folder search with pages of 10.
    static let folderSearch = Conformance("folder search", promises: 10) { folder in
        try FolderSearch(folder: folder, pageSize: 10)
    }
}
