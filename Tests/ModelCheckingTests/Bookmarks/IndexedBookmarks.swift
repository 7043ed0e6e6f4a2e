import ContractEngine
import RepositoryContractsPrimitives

/// A second implementation of another shape: a class behind a lock, keeping its bookmarks in a list and
/// a tag index (tag → URLs) beside it. With a `bug`, it has exactly that one bug.
final class IndexedBookmarks: BookmarkStore {
    /// One bug each, which only a sequence of several operations shows.
    enum Bug: CaseIterable {
        /// `rename` leaves the tag index pointing at the old URL: the renamed bookmark is missing from
        /// `bookmarks(tagged:)`.
        case renameKeepsOldIndex
        /// `remove` leaves the URL in the tag index: adding the URL again shows it under its old tags.
        case removeLeavesTags
        /// `add` of a stored URL appends a second bookmark instead of replacing the tags.
        case addDuplicates
    }

    private struct State {
        var entries: [Bookmark] = []
        var urlsByTag: [String: Set<String>] = [:]
    }

    private let state = Protected(State())
    private let bug: Bug?

    init(bug: Bug? = nil) {
        self.bug = bug
    }

    func add(_ url: String, tags: Set<String>) -> Bookmark {
        state.withLock { state in
            let bookmark = Bookmark(url: url, tags: tags)
            if let index = state.entries.firstIndex(where: { $0.url == url }), bug != .addDuplicates {
                for tag in state.entries[index].tags { state.urlsByTag[tag]?.remove(url) }
                state.entries[index] = bookmark
            } else {
                state.entries.append(bookmark)
            }
            for tag in tags { state.urlsByTag[tag, default: []].insert(url) }
            return bookmark
        }
    }

    func bookmarks(tagged tag: String) -> [Bookmark] {
        state.withLock { state in
            state.urlsByTag[tag, default: []].sorted().compactMap { url in
                state.entries.first { $0.url == url }.map { _ in Bookmark(url: url, tags: Self.tags(of: url, in: state)) }
            }
        }
    }

    func remove(url: String) throws {
        try state.withLock { state in
            guard let index = state.entries.firstIndex(where: { $0.url == url }) else { throw RepositoryError.notFound(url) }
            if bug != .removeLeavesTags {
                for tag in state.entries[index].tags { state.urlsByTag[tag]?.remove(url) }
            }
            state.entries.remove(at: index)
        }
    }

    func rename(url: String, to newURL: String) throws {
        try state.withLock { state in
            guard let index = state.entries.firstIndex(where: { $0.url == url }) else { throw RepositoryError.notFound(url) }
            guard !state.entries.contains(where: { $0.url == newURL }) else { throw RepositoryError.conflict(newURL) }
            state.entries[index].url = newURL
            guard bug != .renameKeepsOldIndex else { return }
            for tag in state.entries[index].tags {
                state.urlsByTag[tag]?.remove(url)
                state.urlsByTag[tag, default: []].insert(newURL)
            }
        }
    }

    func all() -> [Bookmark] {
        state.withLock { state in
            state.entries.map { Bookmark(url: $0.url, tags: Self.tags(of: $0.url, in: state)) }.sorted { $0.url < $1.url }
        }
    }

    /// The tags the index holds for `url`: the index is what answers, so a stale index shows.
    private static func tags(of url: String, in state: State) -> Set<String> {
        Set(state.urlsByTag.filter { $0.value.contains(url) }.keys)
    }
}
