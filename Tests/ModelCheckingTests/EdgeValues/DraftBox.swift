import Foundation

/// A draft: a title and a word count.
struct Draft: Codable, Equatable, Sendable {
    var title: String
    var words: Int

    /// The plain draft the edge values are derived around.
    static let sample = Draft(title: "Groceries", words: 3)
}

/// Drafts kept in numbered slots: the protocol of the proof that edge values derived from `Codable`
/// find what plain values do not.
protocol DraftBox: Sendable {
    func save(_ draft: Draft, at slot: Int) async throws
    func draft(at slot: Int) async throws -> Draft?
    func delete(at slot: Int) async throws
    /// Every draft, by slot.
    func all() async throws -> [Draft]
}

/// The fake: a dictionary.
actor InMemoryDraftBox: DraftBox {
    private var drafts: [Int: Draft] = [:]

    func save(_ draft: Draft, at slot: Int) { drafts[slot] = draft }
    func draft(at slot: Int) -> Draft? { drafts[slot] }
    func delete(at slot: Int) { drafts[slot] = nil }
    func all() -> [Draft] { drafts.sorted { $0.key < $1.key }.map(\.value) }
}

/// Drafts kept as JSON, as a store that writes them to disk does; `bug` plants one mistake in how it
/// keeps a title.
actor EncodedDraftBox: DraftBox {
    enum Bug: String, CaseIterable, Sendable {
        /// Titles are kept without the whitespace and newlines around them.
        case trimsTitles
        /// Titles are cut at 255 UTF-8 bytes (a `VARCHAR(255)` of bytes).
        case cutsTitlesAt255Bytes
        /// Titles end at a NUL (a C string on the way).
        case dropsTitleAfterNUL
    }

    private let bug: Bug?
    private var stored: [Int: Data] = [:]

    init(bug: Bug? = nil) {
        self.bug = bug
    }

    func save(_ draft: Draft, at slot: Int) throws {
        var kept = draft
        kept.title = keptTitle(draft.title)
        stored[slot] = try JSONEncoder().encode(kept)
    }

    func draft(at slot: Int) throws -> Draft? {
        try stored[slot].map { try JSONDecoder().decode(Draft.self, from: $0) }
    }

    func delete(at slot: Int) { stored[slot] = nil }

    func all() throws -> [Draft] {
        try stored.sorted { $0.key < $1.key }.map { try JSONDecoder().decode(Draft.self, from: $0.value) }
    }

    private func keptTitle(_ title: String) -> String {
        switch bug {
        case nil: title
        case .trimsTitles: title.trimmingCharacters(in: .whitespacesAndNewlines)
        case .cutsTitlesAt255Bytes: String(decoding: title.utf8.prefix(255), as: UTF8.self)
        case .dropsTitleAfterNUL: String(title.prefix { $0 != "\u{0}" })
        }
    }
}
