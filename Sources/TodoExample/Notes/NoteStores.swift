import ContractEngine
public import Foundation
import MockTime

/// What a note store does beyond CRUD: conditional updates, soft delete, batches, tag search and pages.
public protocol NoteStore: Sendable {
    func create(_ note: Note) async throws -> Note
    func fetch(id: Int) async throws -> Note?
    func fetchAll() async throws -> [Note]
    /// Replaces a note whatever version it carries.
    func update(_ note: Note) async throws -> Note
    /// Replaces a note if it is still at `expectedVersion`; else throws `conflict`.
    func update(_ note: Note, expectedVersion: Int) async throws -> Note
    /// Soft delete.
    func delete(id: Int) async throws
    func restore(id: Int) async throws
    func purge(id: Int) async throws
    /// All or nothing.
    func insertAll(_ notes: [Note]) async throws -> [Note]
    func notes(taggedWith tag: String) async throws -> [Note]
    func page(after cursor: String?, limit: Int) async throws -> (notes: [Note], next: String?)
}

/// A correct in-memory note store: the table behind an actor, stamped by a clock the caller gives.
public actor InMemoryNoteStore: NoteStore {
    private var table = NoteTable()
    private let now: @Sendable () -> Date

    /// A store reading the time from `now`.
    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    public func create(_ note: Note) throws -> Note { try table.create(note, now: now()) }
    public func fetch(id: Int) -> Note? { table.fetch(id: id) }
    public func fetchAll() -> [Note] { table.live }
    public func update(_ note: Note) throws -> Note { try table.update(note, now: now()) }
    public func update(_ note: Note, expectedVersion: Int) throws -> Note {
        try table.update(note, expectedVersion: expectedVersion, now: now())
    }
    public func delete(id: Int) throws { try table.softDelete(id: id) }
    public func restore(id: Int) throws { try table.restore(id: id) }
    public func purge(id: Int) throws { try table.purge(id: id) }
    public func insertAll(_ notes: [Note]) throws -> [Note] { try table.insertAll(notes, now: now()) }
    public func notes(taggedWith tag: String) -> [Note] { table.notes(taggedWith: tag) }
    public func page(after cursor: String?, limit: Int) throws -> (notes: [Note], next: String?) {
        try table.page(after: cursor, limit: limit)
    }
}

/// A correct file-backed note store: a log of JSON lines, one line a write, holding the rows the write
/// changed. Every call first reads the lines the file gained since the last call, and a write changes the
/// table only through the line it appends, so what the store returns has been through the encoding. A
/// call costs what it reads and writes, not the number of notes stored.
public actor FileNoteStore: NoteStore {
    private let file: URL
    private var log: JSONLinesLog<[NoteTable.Row]>
    private var table = NoteTable()
    private let now: @Sendable () -> Date
    private let removesFileAtEnd: Bool

    /// A store keeping its notes in `file` (created on the first write).
    public init(file: URL, now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(file: file, now: now, removesFileAtEnd: false)
    }

    private init(file: URL, now: @escaping @Sendable () -> Date, removesFileAtEnd: Bool) {
        self.file = file
        self.log = JSONLinesLog(file: file)
        self.now = now
        self.removesFileAtEnd = removesFileAtEnd
    }

    /// A store in a new file of the temporary directory, removed when the store goes away.
    public static func temporary(now: @escaping @Sendable () -> Date = { Date() }) -> FileNoteStore {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString).jsonl")
        return FileNoteStore(file: file, now: now, removesFileAtEnd: true)
    }

    deinit {
        if removesFileAtEnd { try? FileManager.default.removeItem(at: file) }
    }

    /// The table as the file holds it now.
    private func load() throws -> NoteTable {
        let (writes, fromStart) = try log.readNew()
        if fromStart { table = NoteTable() }
        for row in writes.joined() { table.apply(row) }
        return table
    }

    /// Runs `body` on the current table and appends the rows under `ids` as they came out of it.
    private func change<Value>(rowsOf ids: [Int], _ body: (inout NoteTable) throws -> Value) throws -> Value {
        var changed = try load()
        let value = try body(&changed)
        try log.append(ids.map(changed.row(id:)))
        return value
    }

    public func create(_ note: Note) throws -> Note { try change(rowsOf: [note.id]) { try $0.create(note, now: now()) } }
    public func fetch(id: Int) throws -> Note? { try load().fetch(id: id) }
    public func fetchAll() throws -> [Note] { try load().live }
    public func update(_ note: Note) throws -> Note { try change(rowsOf: [note.id]) { try $0.update(note, now: now()) } }
    public func update(_ note: Note, expectedVersion: Int) throws -> Note {
        try change(rowsOf: [note.id]) { try $0.update(note, expectedVersion: expectedVersion, now: now()) }
    }
    public func delete(id: Int) throws { try change(rowsOf: [id]) { try $0.softDelete(id: id) } }
    public func restore(id: Int) throws { try change(rowsOf: [id]) { try $0.restore(id: id) } }
    public func purge(id: Int) throws { try change(rowsOf: [id]) { try $0.purge(id: id) } }
    public func insertAll(_ notes: [Note]) throws -> [Note] {
        try change(rowsOf: notes.map(\.id)) { try $0.insertAll(notes, now: now()) }
    }
    public func notes(taggedWith tag: String) throws -> [Note] { try load().notes(taggedWith: tag) }
    public func page(after cursor: String?, limit: Int) throws -> (notes: [Note], next: String?) {
        try load().page(after: cursor, limit: limit)
    }
}
