public import ContractEngine
import Foundation
public import TodoExample

/// Note stores with one optimistic-concurrency bug each, in their conditional update; everything else is
/// the correct ``NoteTable``. The `versions.*` clauses must catch every one (the versions kill table).
public enum VersionBugs {
    /// Ignores the version it is handed: a stale update is stored (last write wins).
    public static let staleAccepted = WriteBugNoteStore.conformance("stale-update-accepted", .init(conditionalUpdate: { store, note, _ in
        try store.table.update(note, now: store.now())
    }))

    /// Compares the version, then stores the new value under the version it had: the token never moves,
    /// so a writer holding it is never refused.
    public static let notBumped = WriteBugNoteStore.conformance("version-not-bumped", .init(conditionalUpdate: { store, note, expected in
        var stored = try store.table.update(note, expectedVersion: expected, now: store.now())
        stored.version -= 1
        store.table.overwrite(stored)
        return stored
    }))

    /// Refuses a stale update, but moves the stored version first (it counts attempts, not writes).
    public static let bumpedOnRejection = WriteBugNoteStore.conformance(
        "version-bumped-on-rejection", .init(conditionalUpdate: { store, note, expected in
            if var current = store.table.fetch(id: note.id), current.version != expected {
                current.version += 1
                store.table.overwrite(current)
            }
            return try store.table.update(note, expectedVersion: expected, now: store.now())
        }))

    /// Checks the version, then awaits its disk before writing (giving up its thread as slow I/O does), and
    /// writes whatever is stored by then: writers racing on one version all pass the check and all succeed.
    public static let checkThenAct = WriteBugNoteStore.conformance("check-then-act-update", .init(conditionalUpdate: { store, note, expected in
        guard let current = store.table.fetch(id: note.id) else { throw RepositoryError.notFound("note \(note.id)") }
        guard current.version == expected else { throw RepositoryError.conflict("note \(note.id) is at version \(current.version)") }
        for _ in 0..<20 { await Task.yield() }
        return try store.table.update(note, now: store.now())
    }))

    /// Stores a conditional update of an id it does not hold (never stored, or deleted) as a new note at
    /// the next version: an upsert that brings deleted notes back.
    public static let upserts = WriteBugNoteStore.conformance("conditional-update-upserts", .init(conditionalUpdate: { store, note, expected in
        guard store.table.fetch(id: note.id) == nil else {
            return try store.table.update(note, expectedVersion: expected, now: store.now())
        }
        var stored = note
        stored.version = expected + 1
        stored.createdAt = store.now()
        stored.updatedAt = store.now()
        store.table.overwrite(stored)
        return stored
    }))

    /// Refuses a stale update, but with `invalidInput`, not the `conflict` the conformance declares: a
    /// client retrying on conflicts gives up instead.
    public static let wrongStaleError = WriteBugNoteStore.conformance(
        "stale-refused-as-invalid-input", .init(conditionalUpdate: { store, note, expected in
            if let current = store.table.fetch(id: note.id), current.version != expected {
                throw RepositoryError(.invalidInput, "note \(note.id) is at version \(current.version), not \(expected)")
            }
            return try store.table.update(note, expectedVersion: expected, now: store.now())
        }))

    /// Every bug, in kill-table order.
    public static let all = [staleAccepted, notBumped, bumpedOnRejection, checkThenAct, upserts, wrongStaleError]
}
