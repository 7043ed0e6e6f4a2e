import Foundation

/// What a note store does beyond CRUD: conditional updates, soft delete, batches, tag search and keyset
/// pages, in the order `updatedAt` descending, then `id` ascending.
public protocol NoteStore: Sendable {
    /// Stores a new note (version 1, stamped now); its id must be free, a soft-deleted note's included.
    func create(_ note: Note) async throws -> Note
    /// The live note `id`.
    func fetch(id: Int) async throws -> Note?
    /// Every live note, in the store's order.
    func fetchAll() async throws -> [Note]
    /// Replaces a live note whatever version it carries.
    func update(_ note: Note) async throws -> Note
    /// Replaces a live note if it is still at `expectedVersion`; else throws `conflict`.
    func update(_ note: Note, expectedVersion: Int) async throws -> Note
    /// Soft delete: the note is hidden and its id stays taken.
    func delete(id: Int) async throws
    /// Brings a soft-deleted note back as it was.
    func restore(id: Int) async throws
    /// Removes a note for good.
    func purge(id: Int) async throws
    /// Stores every note or, when one cannot be stored, none.
    func insertAll(_ notes: [Note]) async throws -> [Note]
    /// The live notes tagged exactly `tag`, in the store's order.
    func notes(taggedWith tag: String) async throws -> [Note]
    /// At most `limit` (at most ``NoteStores/maximumPageLimit``) live notes after `cursor`, and the cursor
    /// of the next page when more follow.
    func page(after cursor: String?, limit: Int) async throws -> (notes: [Note], next: String?)
}

/// What the note stores share: their page limit and their deliberate bugs.
public enum NoteStores {
    /// The most notes a page holds; larger limits are served as this.
    public static let maximumPageLimit = 50
}

/// One deliberate bug a real store can be made with, to show the contract catches it.
public struct StoreBug: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// An update's `UPDATE` statement leaves out the `body` (to-dos: `priority`) column.
    public static let dropsColumnOnUpdate = StoreBug(rawValue: 1 << 0)
    /// The page query orders by `updated_at` alone, with no `id` tiebreak in its `ORDER BY` or its cursor.
    public static let pageWithoutTiebreak = StoreBug(rawValue: 1 << 1)
    /// A batch inserts row by row outside a transaction: a refused row leaves the rows before it stored.
    public static let batchWithoutTransaction = StoreBug(rawValue: 1 << 2)
    /// A conditional update does not compare the version: a stale write wins.
    public static let versionCheckMissing = StoreBug(rawValue: 1 << 3)
}
