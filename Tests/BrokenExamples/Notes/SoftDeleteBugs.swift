public import ContractEngine
import MockTime
public import TodoExample

/// One soft-delete bug each, in a note store otherwise correct (the in-memory one): the rows of the
/// `softDelete.*` kill table.
public enum SoftDeleteBug: String, CaseIterable, Sendable {
    /// The tag search still finds soft-deleted notes.
    case deletedFoundByTag
    /// `fetch(id:)` still returns a soft-deleted note (`fetchAll()` hides it).
    case deletedStillFetchable
    /// Pages are read from every note, soft-deleted ones included (by offset, as text).
    case deletedOnPages
    /// The "soft" delete removes the note for good: restore throws and the id is free.
    case hardDelete
    /// Restore inserts the note again, so the store stamps its version and `createdAt` anew.
    case restoreReinserts
    /// Create checks only the live notes: a new note takes over a soft-deleted one's id.
    case deletedIDReusable

    /// The store with this bug, every family declared as for the correct stores.
    public var conformance: Conformance<CRUD<Note>> {
        let bug = self
        return NoteContracts.declaringFamilies(Conformance<CRUD<Note>>("soft delete bug \(rawValue)") {
            let clock = MockClock()
            return NoteContracts.witness(SoftDeleteBugStore(bug, base: InMemoryNoteStore(now: { clock.date })), clock: clock)
        })
    }
}

/// The in-memory note store with one ``SoftDeleteBug``.
public actor SoftDeleteBugStore: WrappedNoteStore {
    public let base: InMemoryNoteStore
    private let bug: SoftDeleteBug
    /// The soft-deleted notes as they were: what the bugs leak or insert again.
    private var hidden: [Int: Note] = [:]

    /// `base` with `bug`.
    public init(_ bug: SoftDeleteBug, base: InMemoryNoteStore) {
        self.bug = bug
        self.base = base
    }

    public func create(_ note: Note) async throws -> Note {
        if bug == .deletedIDReusable, hidden.removeValue(forKey: note.id) != nil {
            try await base.purge(id: note.id)
        }
        return try await base.create(note)
    }

    public func fetch(id: Int) async throws -> Note? {
        if bug == .deletedStillFetchable, let note = hidden[id] { return note }
        return await base.fetch(id: id)
    }

    public func delete(id: Int) async throws {
        if bug == .hardDelete { return try await base.purge(id: id) }
        let note = await base.fetch(id: id)
        try await base.delete(id: id)
        hidden[id] = note
    }

    public func restore(id: Int) async throws {
        if bug == .restoreReinserts, let note = hidden.removeValue(forKey: id) {
            try await base.purge(id: id)
            _ = try await base.create(note)
            return
        }
        try await base.restore(id: id)
        hidden[id] = nil
    }

    public func purge(id: Int) async throws {
        try await base.purge(id: id)
        hidden[id] = nil
    }

    public func page(after cursor: String?, limit: Int) async throws -> (notes: [Note], next: String?) {
        guard bug == .deletedOnPages else { return try await base.page(after: cursor, limit: limit) }
        let every = (await base.fetchAll() + hidden.values).sorted(by: NoteTable.isBefore)
        let start = try cursor.map { text in
            guard let offset = Int(text), offset >= 0 else { throw RepositoryError(.invalidInput, "not a cursor: \(text)") }
            return offset
        } ?? 0
        let page = Array(every.dropFirst(start).prefix(min(max(limit, 0), NoteTable.maximumPageLimit)))
        let end = start + page.count
        return (page, end < every.count && !page.isEmpty ? String(end) : nil)
    }

    public func notes(taggedWith tag: String) async throws -> [Note] {
        let live = await base.notes(taggedWith: tag)
        guard bug == .deletedFoundByTag else { return live }
        return (live + hidden.values.filter { $0.tags.contains(tag) }).sorted(by: NoteTable.isBefore)
    }
}
