import ContractEngine
import Foundation
import MockTime
import TodoExample

/// One deliberate bug per note store, each in one family's operations and everything else correct: what
/// the model-based check must catch through the families' steps.
enum ModelCheckFamilyBug: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Pages: the last page still hands out a next cursor (its page after is empty), against `end: .exact`.
    case nextCursorAtTheEnd
    /// Pages: a later page starts after the cursor's `updatedAt` only, skipping notes tied on it.
    case pageSkipsBoundaryTie
    /// Versions: the conditional update ignores the expected version (last write wins).
    case staleUpdateAccepted
    /// Versions: an update leaves the version where it was.
    case versionNotBumped
    /// Soft delete: the tag query still finds soft-deleted notes.
    case softDeletedInQuery
    /// Soft delete: delete removes the note for good (restore finds nothing, the id is free again).
    case hardDeleteCalledSoft
    /// Batches: a batch stores the notes before the one that fails, then throws.
    case batchStoresPrefix
    /// Queries: tags are matched ignoring case.
    case caseInsensitiveTags

    var description: String { rawValue }

    /// The family the bug is in.
    var family: String {
        switch self {
        case .nextCursorAtTheEnd, .pageSkipsBoundaryTie: "pages"
        case .staleUpdateAccepted, .versionNotBumped: "versions"
        case .softDeletedInQuery, .hardDeleteCalledSoft: "soft delete"
        case .batchStoresPrefix: "batches"
        case .caseInsensitiveTags: "queries"
        }
    }

    /// The store with the bug, every family declared as for the correct stores.
    var conformance: Conformance<CRUD<TodoExample.Note>> {
        let bug = self
        return NoteContracts.declaringFamilies(Conformance<CRUD<TodoExample.Note>>("notes with \(rawValue)") {
            let clock = MockClock()
            return NoteContracts.witness(FamilyBugNoteStore(bug, wrapping: InMemoryNoteStore(now: { clock.date })), clock: clock)
        })
    }
}

/// A correct in-memory note store with one ``ModelCheckFamilyBug``.
actor FamilyBugNoteStore: NoteStore {
    let bug: ModelCheckFamilyBug
    let inner: any NoteStore
    /// Soft-deleted notes, for the bug that still finds them.
    private var hidden: [Int: TodoExample.Note] = [:]

    init(_ bug: ModelCheckFamilyBug, wrapping inner: InMemoryNoteStore) {
        self.bug = bug
        self.inner = inner
    }

    func create(_ note: TodoExample.Note) async throws -> TodoExample.Note { try await inner.create(note) }
    func fetch(id: Int) async throws -> TodoExample.Note? { try await inner.fetch(id: id) }
    func fetchAll() async throws -> [TodoExample.Note] { try await inner.fetchAll() }

    func update(_ note: TodoExample.Note) async throws -> TodoExample.Note {
        try await unbumped(inner.update(note))
    }

    func update(_ note: TodoExample.Note, expectedVersion: Int) async throws -> TodoExample.Note {
        if bug == .staleUpdateAccepted { return try await inner.update(note) }
        return try await unbumped(inner.update(note, expectedVersion: expectedVersion))
    }

    /// With ``ModelCheckFamilyBug/versionNotBumped``: the note stored again at version 1.
    private func unbumped(_ stored: TodoExample.Note) async throws -> TodoExample.Note {
        guard bug == .versionNotBumped else { return stored }
        try await inner.purge(id: stored.id)
        return try await inner.create(stored)
    }

    func delete(id: Int) async throws {
        if bug == .hardDeleteCalledSoft { return try await inner.purge(id: id) }
        let note = try await inner.fetch(id: id)
        try await inner.delete(id: id)
        hidden[id] = note
    }

    func restore(id: Int) async throws {
        try await inner.restore(id: id)
        hidden[id] = nil
    }

    func purge(id: Int) async throws {
        try await inner.purge(id: id)
        hidden[id] = nil
    }

    func insertAll(_ notes: [TodoExample.Note]) async throws -> [TodoExample.Note] {
        guard bug == .batchStoresPrefix else { return try await inner.insertAll(notes) }
        var stored: [TodoExample.Note] = []
        for note in notes { stored.append(try await inner.create(note)) }
        return stored
    }

    func notes(taggedWith tag: String) async throws -> [TodoExample.Note] {
        switch bug {
        case .softDeletedInQuery:
            return try await inner.notes(taggedWith: tag) + hidden.values.filter { $0.tags.contains(tag) }.sorted { $0.id < $1.id }
        case .caseInsensitiveTags:
            return try await inner.fetchAll().filter { $0.tags.contains { $0.lowercased() == tag.lowercased() } }
        default:
            return try await inner.notes(taggedWith: tag)
        }
    }

    func page(after cursor: String?, limit: Int) async throws -> (notes: [TodoExample.Note], next: String?) {
        switch bug {
        case .nextCursorAtTheEnd:
            let page = try await inner.page(after: cursor, limit: limit)
            guard page.next == nil, let last = page.notes.last else { return page }
            return (page.notes, "\(last.updatedAt.timeIntervalSinceReferenceDate)|\(last.id)")
        case .pageSkipsBoundaryTie:
            guard let cursor, let seconds = cursor.split(separator: "|").first.flatMap({ Double($0) }) else {
                return try await inner.page(after: cursor, limit: limit)
            }
            let rest = try await inner.fetchAll().filter { $0.updatedAt.timeIntervalSinceReferenceDate < seconds }
            let page = Array(rest.prefix(limit))
            let next = rest.count > page.count ? page.last.map { "\($0.updatedAt.timeIntervalSinceReferenceDate)|\($0.id)" } : nil
            return (page, next)
        default:
            return try await inner.page(after: cursor, limit: limit)
        }
    }
}
