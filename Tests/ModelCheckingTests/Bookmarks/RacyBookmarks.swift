import ContractEngine

/// A conformer with a race and no sequential bug: `add` reads whether the URL is stored, suspends (an
/// actor lets other calls in at a suspension point), then writes as if nothing had changed. Two concurrent
/// adds of a URL not yet stored both append it, which leaves a duplicate bookmark.
actor RacyBookmarks: BookmarkStore {
    private var entries: [Bookmark] = []

    func add(_ url: String, tags: Set<String>) async -> Bookmark {
        let stored = entries.contains { $0.url == url }
        // The bug's suspension point (standing in for a database round trip), not a wait in a test.
        await Task.yield()
        let bookmark = Bookmark(url: url, tags: tags)
        if stored, let index = entries.firstIndex(where: { $0.url == url }) {
            entries[index] = bookmark
        } else {
            entries.append(bookmark)
        }
        return bookmark
    }

    func bookmarks(tagged tag: String) -> [Bookmark] {
        all().filter { $0.tags.contains(tag) }
    }

    func remove(url: String) throws {
        guard entries.contains(where: { $0.url == url }) else { throw RepositoryError.notFound(url) }
        entries.removeAll { $0.url == url }
    }

    func rename(url: String, to newURL: String) throws {
        guard let index = entries.firstIndex(where: { $0.url == url }) else { throw RepositoryError.notFound(url) }
        guard !entries.contains(where: { $0.url == newURL }) else { throw RepositoryError.conflict(newURL) }
        entries[index].url = newURL
    }

    func all() -> [Bookmark] {
        entries.sorted { $0.url < $1.url }
    }
}
