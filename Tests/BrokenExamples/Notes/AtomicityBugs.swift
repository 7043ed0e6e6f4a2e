public import ContractEngine
import Foundation
public import TodoExample

/// Note stores with one failure-atomicity bug each: a write of a note with an empty title (the input the
/// note conformances declare refused) throws, but after changing something. The `atomicity.*` clauses
/// must catch every one (the atomicity kill table).
public enum AtomicityBugs {
    /// A conditional update moves the version before it validates the note, and keeps the move when the
    /// note is refused.
    public static let bumpsBeforeRefusing = WriteBugNoteStore.conformance(
        "refused-update-bumps-version", .init(conditionalUpdate: { store, note, expected in
            guard var current = store.table.fetch(id: note.id), current.version == expected else {
                return try store.table.update(note, expectedVersion: expected, now: store.now())
            }
            current.version += 1
            store.table.overwrite(current)
            return try store.table.update(note, expectedVersion: current.version, now: store.now())
        }))

    /// Create inserts the row, then validates it and throws without removing it: a half-stored note
    /// with an empty title, visible in `fetchAll()`.
    public static let halfStoredCreate = WriteBugNoteStore.conformance("refused-create-half-stored", .init(create: { store, note in
        guard note.title.isEmpty else { return try store.table.create(note, now: store.now()) }
        var row = note
        row.version = 1
        row.createdAt = store.now()
        row.updatedAt = store.now()
        store.table.overwrite(row)
        throw RepositoryError(.invalidInput, "note \(note.id) has an empty title")
    }))

    /// A batch insert stores note after note, so the notes before a refused one stay stored although the
    /// conformance declares all or nothing.
    public static let batchKeepsPrefix = WriteBugNoteStore.conformance("batch-keeps-valid-prefix", .init(insertAll: { store, notes in
        var stored: [Note] = []
        for note in notes { stored.append(try store.table.create(note, now: store.now())) }
        return stored
    }))

    /// A plain update writes the title first, then the rest, which validates and throws: a refused note
    /// leaves its empty title stored.
    public static let titleThenThrows = WriteBugNoteStore.conformance("update-writes-title-then-throws", .init(update: { store, note in
        if var current = store.table.fetch(id: note.id) {
            current.title = note.title
            store.table.overwrite(current)
        }
        return try store.table.update(note, now: store.now())
    }))

    /// Refuses a note with an empty title on create, changing nothing, but as `conflict`, not the
    /// `invalidInput` the conformance declares.
    public static let wrongRefusalError = WriteBugNoteStore.conformance("refused-create-as-conflict", .init(create: { store, note in
        guard note.title.isEmpty else { return try store.table.create(note, now: store.now()) }
        throw RepositoryError.conflict("note \(note.id) cannot be stored")
    }))

    /// Every bug, in kill-table order.
    public static let all = [bumpsBeforeRefusing, halfStoredCreate, batchKeepsPrefix, titleThenThrows, wrongRefusalError]

    /// Not a bug once declared: a batch insert that stores every note it can, returns those, and skips a
    /// refused one (declare ``BatchWrites/partial``).
    public static let partialBatch = WriteBugNoteStore.conformance("partial-batch", .init(insertAll: { store, notes in
        notes.compactMap { try? store.table.create($0, now: store.now()) }
    }))
}
