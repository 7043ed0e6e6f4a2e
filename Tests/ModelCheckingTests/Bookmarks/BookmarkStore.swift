import ContractEngine

/// A user's own protocol, not CRUD: what the model-based check of a protocol is shown on.
///
/// - `add` stores `url` with `tags`, or replaces the tags of a stored `url`, and returns the bookmark.
/// - `bookmarks(tagged:)` and `all()` return bookmarks sorted by URL.
/// - `remove(url:)` and `rename(url:to:)` of a URL not stored throw `RepositoryError.notFound`;
///   renaming to a stored URL throws `RepositoryError.conflict`; a renamed bookmark keeps its tags.
protocol BookmarkStore: Sendable {
    func add(_ url: String, tags: Set<String>) async throws -> Bookmark
    func bookmarks(tagged tag: String) async throws -> [Bookmark]
    func remove(url: String) async throws
    func rename(url: String, to newURL: String) async throws
    func all() async throws -> [Bookmark]
}

/// A URL and its tags; it prints its tags sorted, so a report reads the same in every process.
struct Bookmark: Sendable, Equatable, CustomStringConvertible {
    var url: String
    var tags: Set<String>

    var description: String { "Bookmark(\(url.debugDescription), tags: \(tags.sorted()))" }
}

/// The fake a user already has, and the model of the checks: an actor over a dictionary.
actor InMemoryBookmarks: BookmarkStore {
    private var tagsByURL: [String: Set<String>] = [:]

    func add(_ url: String, tags: Set<String>) -> Bookmark {
        tagsByURL[url] = tags
        return Bookmark(url: url, tags: tags)
    }

    func bookmarks(tagged tag: String) -> [Bookmark] {
        all().filter { $0.tags.contains(tag) }
    }

    func remove(url: String) throws {
        guard tagsByURL.removeValue(forKey: url) != nil else { throw RepositoryError.notFound(url) }
    }

    func rename(url: String, to newURL: String) throws {
        guard let tags = tagsByURL[url] else { throw RepositoryError.notFound(url) }
        guard tagsByURL[newURL] == nil else { throw RepositoryError.conflict(newURL) }
        tagsByURL[url] = nil
        tagsByURL[newURL] = tags
    }

    func all() -> [Bookmark] {
        tagsByURL.map { Bookmark(url: $0.key, tags: $0.value) }.sorted { $0.url < $1.url }
    }
}
