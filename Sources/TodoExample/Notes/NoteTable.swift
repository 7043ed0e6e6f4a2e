import ContractEngine
public import Foundation

/// The rules of a note store, as a value: what the in-memory and the file-backed stores both keep. Every
/// write checks everything before it changes anything, so a refused write changes nothing.
public struct NoteTable: Codable, Sendable {
    /// The most notes a page holds; larger limits are served as this.
    public static let maximumPageLimit = 50

    private var notes: [Int: Note] = [:]
    private var deleted: Set<Int> = []
    /// The live notes in the store's order, kept in order as the table changes: listings and pages are
    /// most of a store's calls, and sorting every note for each one was a few percent of the suite.
    private var liveInOrder: [Note] = []

    private enum CodingKeys: String, CodingKey {
        case notes, deleted
    }

    /// An empty table.
    public init() {}

    /// A table decoded from its encoding: its notes, and which of them are soft-deleted.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        notes = try container.decode([Int: Note].self, forKey: .notes)
        deleted = try container.decode(Set<Int>.self, forKey: .deleted)
        liveInOrder = notes.values.filter { !deleted.contains($0.id) }.sorted(by: Self.isBefore)
    }

    /// The live notes, newest write first, ties by id.
    public var live: [Note] { liveInOrder }

    /// Changes what the table holds under `id` with `change`, keeping the live notes in order.
    private mutating func changing<Value>(_ id: Int, _ change: (inout NoteTable) throws -> Value) rethrows -> Value {
        let before = fetch(id: id)
        let value = try change(&self)
        let after = fetch(id: id)
        if let before {
            let position = position(of: before)
            if position < liveInOrder.count, liveInOrder[position].id == id { liveInOrder.remove(at: position) }
        }
        if let after { liveInOrder.insert(after, at: position(of: after)) }
        return value
    }

    /// The position of the first live note that `note` does not sort after: where it is, or would go.
    private func position(of note: Note) -> Int {
        var lower = 0, upper = liveInOrder.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if Self.isBefore(liveInOrder[middle], note) { lower = middle + 1 } else { upper = middle }
        }
        return lower
    }

    /// The store's order: `updatedAt` descending, then `id` ascending.
    public static func isBefore(_ lhs: Note, _ rhs: Note) -> Bool {
        lhs.updatedAt != rhs.updatedAt ? lhs.updatedAt > rhs.updatedAt : lhs.id < rhs.id
    }

    /// The live note stored under `id`.
    public func fetch(id: Int) -> Note? {
        deleted.contains(id) ? nil : notes[id]
    }

    /// Stores a new note, stamped at `now`. Its id must be free (a soft-deleted note keeps its id).
    public mutating func create(_ note: Note, now: Date) throws -> Note {
        try Self.validate(note)
        guard notes[note.id] == nil else { throw RepositoryError.conflict("note \(note.id) exists") }
        var stored = note
        stored.version = 1
        stored.createdAt = now
        stored.updatedAt = now
        changing(note.id) { $0.notes[note.id] = stored }
        return stored
    }

    /// Replaces a live note, whatever version it carries (last write wins).
    public mutating func update(_ note: Note, now: Date) throws -> Note {
        guard let current = fetch(id: note.id) else { throw RepositoryError.notFound("note \(note.id)") }
        return try update(note, expectedVersion: current.version, now: now)
    }

    /// Replaces a live note if it is still at `expectedVersion`.
    public mutating func update(_ note: Note, expectedVersion: Int, now: Date) throws -> Note {
        try Self.validate(note)
        guard let current = fetch(id: note.id) else { throw RepositoryError.notFound("note \(note.id)") }
        guard current.version == expectedVersion else {
            throw RepositoryError.conflict("note \(note.id) is at version \(current.version), not \(expectedVersion)")
        }
        var stored = note
        stored.version = current.version + 1
        stored.createdAt = current.createdAt
        stored.updatedAt = max(now, current.updatedAt)
        changing(note.id) { $0.notes[note.id] = stored }
        return stored
    }

    /// Hides a live note; its id stays taken.
    public mutating func softDelete(id: Int) throws {
        guard fetch(id: id) != nil else { throw RepositoryError.notFound("note \(id)") }
        changing(id) { _ = $0.deleted.insert(id) }
    }

    /// Brings a soft-deleted note back as it was.
    public mutating func restore(id: Int) throws {
        guard notes[id] != nil else { throw RepositoryError.notFound("note \(id)") }
        guard deleted.contains(id) else { throw RepositoryError.conflict("note \(id) is not deleted") }
        changing(id) { _ = $0.deleted.remove(id) }
    }

    /// Removes a note for good, freeing its id.
    public mutating func purge(id: Int) throws {
        guard notes[id] != nil else { throw RepositoryError.notFound("note \(id)") }
        changing(id) { table in
            table.notes.removeValue(forKey: id)
            table.deleted.remove(id)
        }
    }

    /// Stores every note of `batch` or, when one cannot be stored, none.
    public mutating func insertAll(_ batch: [Note], now: Date) throws -> [Note] {
        var copy = self
        let stored = try batch.map { try copy.create($0, now: now) }
        self = copy
        return stored
    }

    /// The live notes tagged exactly `tag`, in the store's order.
    public func notes(taggedWith tag: String) -> [Note] {
        live.filter { $0.tags.contains(tag) }
    }

    /// At most `limit` live notes after `cursor` in the store's order, and the cursor after the last one
    /// when more follow.
    public func page(after cursor: String?, limit: Int) throws -> (notes: [Note], next: String?) {
        try Self.page(of: live, after: cursor, limit: limit)
    }

    /// At most `limit` (and at most `maximum`) of `notes`, which are sorted by `isBefore`, after `cursor`,
    /// and the cursor after the last one when more follow: the page rule, for stores that page other lists
    /// or compare cursors another way.
    public static func page(
        of notes: [Note], after cursor: String?, limit: Int, maximum: Int = maximumPageLimit,
        isBefore: (Note, Note) -> Bool = NoteTable.isBefore
    ) throws -> (notes: [Note], next: String?) {
        let limit = min(max(limit, 0), maximum)
        var rest = notes
        if let cursor {
            guard let position = NoteCursor(cursor) else { throw RepositoryError(.invalidInput, "not a cursor: \(cursor)") }
            rest = rest.filter { isBefore(position.note, $0) }
        }
        let page = Array(rest.prefix(limit))
        let next = rest.count > page.count && !page.isEmpty ? page.last.map(Self.cursor(after:)) : nil
        return (page, next)
    }

    /// The cursor of the page after `note`.
    public static func cursor(after note: Note) -> String {
        NoteCursor(note).text
    }

    /// Stores `note` as it is, live, checking and stamping nothing: how a deliberately broken store (the
    /// families' one-bug stores) reaches the states the rules above forbid. No correct store calls it.
    public mutating func overwrite(_ note: Note) {
        changing(note.id) { table in
            table.notes[note.id] = note
            table.deleted.remove(note.id)
        }
    }

    /// What the table holds under one id, as the file-backed store logs a write: the note, if any, and
    /// whether it is soft-deleted.
    struct Row: Codable, Sendable {
        var id: Int
        var note: Note?
        var isDeleted: Bool
    }

    /// The row under `id`: no note when the id is free.
    func row(id: Int) -> Row {
        Row(id: id, note: notes[id], isDeleted: deleted.contains(id))
    }

    /// Puts `row` in place of what the table held under its id.
    mutating func apply(_ row: Row) {
        changing(row.id) { table in
            table.notes[row.id] = row.note
            if row.isDeleted && row.note != nil { table.deleted.insert(row.id) } else { table.deleted.remove(row.id) }
        }
    }

    private static func validate(_ note: Note) throws {
        if note.title.isEmpty { throw RepositoryError(.invalidInput, "note \(note.id) has an empty title") }
    }
}

/// A keyset cursor: the sort key of the last note served, as text.
struct NoteCursor {
    let updatedAt: Date
    let id: Int

    init(_ note: Note) {
        updatedAt = note.updatedAt
        id = note.id
    }

    init?(_ text: String) {
        let parts = text.split(separator: "|")
        guard parts.count == 2, let seconds = Double(parts[0]), let id = Int(parts[1]) else { return nil }
        updatedAt = Date(timeIntervalSinceReferenceDate: seconds)
        self.id = id
    }

    var text: String { "\(updatedAt.timeIntervalSinceReferenceDate)|\(id)" }

    /// A note with the sort key of the note this cursor stands for: what the notes after it sort after.
    var note: Note { Note(id: id, title: "", updatedAt: updatedAt) }
}
