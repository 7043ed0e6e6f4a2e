public import ContractEngine
import Foundation
import MockTime
public import TodoExample

/// Note stores with one query bug each, everything else the in-memory store's: what the `queries.*`
/// clauses' kill table runs.
public enum QueryBugs {
    /// One deliberate bug in `notes(taggedWith:)`.
    public enum Bug: String, CaseIterable, Sendable {
        /// Finds "shared" for "Shared": compares tags ignoring case, where the meaning is exact.
        case caseInsensitive
        /// Finds "tag12" for "tag1": matches tags by prefix, where the meaning is exact.
        case prefixMatch
        /// Answers from a search index that delete does not update: deleted notes are still found.
        case staleIndexOnDelete
        /// Answers from a search index that update does not refresh: new tags are not found, old values come back.
        case staleIndexOnUpdate
        /// Returns its answer oldest write first, where the tag query is declared in the store's order.
        case reversedOrder
        /// Returns at most 100 notes, silently.
        case firstHundredOnly
        /// Drops the filter when no note has the tag: an unknown tag finds every note.
        case everythingForUnknownTag
        /// Throws `notFound` for a tag no note has, where the answer is empty.
        case throwsForUnknownTag
    }

    /// A note store with `bug`, declared with every family as the correct stores are.
    public static func conformance(_ bug: Bug) -> Conformance<CRUD<Note>> {
        NoteContracts.declaringFamilies(Conformance<CRUD<Note>>("notes with \(bug.rawValue)") {
            let clock = MockClock()
            return NoteContracts.witness(QueryBugStore(bug, now: { clock.date }), clock: clock)
        })
    }
}

/// The in-memory note store with one query bug. The index bugs answer from a copy of every live note (a
/// search replica), kept up to date by every write but the one the bug forgets.
actor QueryBugStore: NoteStore {
    private let store: InMemoryNoteStore
    private let bug: QueryBugs.Bug
    private var replica: [Int: Note] = [:]

    init(_ bug: QueryBugs.Bug, now: @escaping @Sendable () -> Date) {
        self.bug = bug
        store = InMemoryNoteStore(now: now)
    }

    func create(_ note: Note) async throws -> Note { index(try await store.create(note)) }
    func fetch(id: Int) async throws -> Note? { await store.fetch(id: id) }
    func fetchAll() async throws -> [Note] { await store.fetchAll() }

    func update(_ note: Note) async throws -> Note {
        reindex(try await store.update(note))
    }

    func update(_ note: Note, expectedVersion: Int) async throws -> Note {
        reindex(try await store.update(note, expectedVersion: expectedVersion))
    }

    func delete(id: Int) async throws {
        try await store.delete(id: id)
        if bug != .staleIndexOnDelete { replica[id] = nil }
    }

    func restore(id: Int) async throws {
        try await store.restore(id: id)
        replica[id] = await store.fetch(id: id)
    }

    func purge(id: Int) async throws {
        try await store.purge(id: id)
        replica[id] = nil
    }

    func insertAll(_ notes: [Note]) async throws -> [Note] {
        try await store.insertAll(notes).map(index)
    }

    func notes(taggedWith tag: String) async throws -> [Note] {
        let live = await store.fetchAll()
        switch bug {
        case .caseInsensitive:
            return live.filter { $0.tags.contains { $0.lowercased() == tag.lowercased() } }
        case .prefixMatch:
            return live.filter { $0.tags.contains { $0.hasPrefix(tag) } }
        case .staleIndexOnDelete, .staleIndexOnUpdate:
            return replica.values.filter { $0.tags.contains(tag) }.sorted(by: NoteTable.isBefore)
        case .reversedOrder:
            return live.filter { $0.tags.contains(tag) }.reversed()
        case .firstHundredOnly:
            return Array(live.filter { $0.tags.contains(tag) }.prefix(100))
        case .everythingForUnknownTag, .throwsForUnknownTag:
            let found = live.filter { $0.tags.contains(tag) }
            guard found.isEmpty else { return found }
            if bug == .throwsForUnknownTag { throw RepositoryError.notFound("tag \(tag)") }
            return live
        }
    }

    func page(after cursor: String?, limit: Int) async throws -> (notes: [Note], next: String?) {
        try await store.page(after: cursor, limit: limit)
    }

    private func index(_ note: Note) -> Note {
        replica[note.id] = note
        return note
    }

    private func reindex(_ note: Note) -> Note {
        bug == .staleIndexOnUpdate ? note : index(note)
    }
}
