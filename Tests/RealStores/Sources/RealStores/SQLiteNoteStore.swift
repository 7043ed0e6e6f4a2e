public import Foundation
import ContractEngine
import GRDB

/// A note store on SQLite through GRDB, in a database file of its own (in a folder of its own, removed
/// with the store, its WAL files included): the rows of `notes`, tags as a
/// JSON array, dates as GRDB stores them (UTC text to the millisecond), soft delete as `deleted_at`.
public final class SQLiteNoteStore: NoteStore {
    private let database: DatabaseQueue
    private let folder: URL
    private let now: @Sendable () -> Date
    private let bugs: StoreBug

    /// A store in a new database file of the temporary directory, removed when the store goes away;
    /// `now` stamps the writes, `bugs` makes it deliberately wrong.
    public init(now: @escaping @Sendable () -> Date = { Date() }, bugs: StoreBug = []) throws {
        folder = try SQLiteFiles.temporaryFolder()
        database = try DatabaseQueue(path: folder.appendingPathComponent("notes.sqlite").path, configuration: SQLiteFiles.configuration)
        self.now = now
        self.bugs = bugs
        try database.write { db in
            try db.execute(sql: """
                CREATE TABLE notes (
                    id INTEGER PRIMARY KEY, title TEXT NOT NULL CHECK (title <> ''), body TEXT NOT NULL,
                    tags TEXT NOT NULL, version INTEGER NOT NULL, created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL, deleted_at TEXT);
                CREATE INDEX notes_order ON notes (updated_at DESC, id);
                """)
        }
    }

    deinit {
        SQLiteFiles.close(database, removing: folder)
    }

    private static let columns = "id, title, body, tags, version, created_at, updated_at, deleted_at"
    private static let order = "ORDER BY updated_at DESC, id ASC"

    public func create(_ note: Note) async throws -> Note {
        try await write { db in try Self.insert(note, at: self.now(), in: db) }
    }

    public func fetch(id: Int) async throws -> Note? {
        try await read { db in try Self.live(id: id, in: db) }
    }

    public func fetchAll() async throws -> [Note] {
        try await read { db in try Self.notes(db, "WHERE deleted_at IS NULL \(Self.order)") }
    }

    public func update(_ note: Note) async throws -> Note {
        try await write { db in
            guard let current = try Self.live(id: note.id, in: db) else { throw RepositoryError.notFound("note \(note.id)") }
            return try self.replace(note, current: current, in: db)
        }
    }

    public func update(_ note: Note, expectedVersion: Int) async throws -> Note {
        try await write { db in
            guard let current = try Self.live(id: note.id, in: db) else { throw RepositoryError.notFound("note \(note.id)") }
            guard current.version == expectedVersion || self.bugs.contains(.versionCheckMissing) else {
                throw RepositoryError.conflict("note \(note.id) is at version \(current.version), not \(expectedVersion)")
            }
            return try self.replace(note, current: current, in: db)
        }
    }

    public func delete(id: Int) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE notes SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL", arguments: [self.now(), id])
            guard db.changesCount == 1 else { throw RepositoryError.notFound("note \(id)") }
        }
    }

    public func restore(id: Int) async throws {
        try await write { db in
            guard let deletedAt = try Row.fetchOne(db, sql: "SELECT deleted_at FROM notes WHERE id = ?", arguments: [id]) else {
                throw RepositoryError.notFound("note \(id)")
            }
            guard (deletedAt["deleted_at"] as Date?) != nil else { throw RepositoryError.conflict("note \(id) is not deleted") }
            try db.execute(sql: "UPDATE notes SET deleted_at = NULL WHERE id = ?", arguments: [id])
        }
    }

    public func purge(id: Int) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM notes WHERE id = ?", arguments: [id])
            guard db.changesCount == 1 else { throw RepositoryError.notFound("note \(id)") }
        }
    }

    public func insertAll(_ notes: [Note]) async throws -> [Note] {
        let now = now()
        guard bugs.contains(.batchWithoutTransaction) else {
            return try await write { db in try notes.map { try Self.insert($0, at: now, in: db) } }
        }
        do {
            return try await database.writeWithoutTransaction { db in try notes.map { try Self.insert($0, at: now, in: db) } }
        } catch {
            throw SQLiteErrors.repositoryError(error)
        }
    }

    public func notes(taggedWith tag: String) async throws -> [Note] {
        try await read { db in
            try Self.notes(db, """
                WHERE deleted_at IS NULL AND EXISTS (SELECT 1 FROM json_each(notes.tags) WHERE json_each.value = ?)
                \(Self.order)
                """, [tag])
        }
    }

    public func page(after cursor: String?, limit: Int) async throws -> (notes: [Note], next: String?) {
        let limit = min(max(limit, 0), NoteStores.maximumPageLimit)
        let tiebreak = !bugs.contains(.pageWithoutTiebreak)
        var filter = "deleted_at IS NULL"
        var arguments: StatementArguments = []
        if let cursor {
            guard let position = KeysetCursor(cursor), Date.fromDatabaseValue(position.sortKey.databaseValue) != nil else { throw RepositoryError(.invalidInput, "not a cursor: \(cursor)") }
            if tiebreak {
                filter += " AND (updated_at < ? OR (updated_at = ? AND id > ?))"
                arguments += [position.sortKey, position.sortKey, position.id]
            } else {
                filter += " AND updated_at < ?"
                arguments += [position.sortKey]
            }
        }
        let order = tiebreak ? Self.order : "ORDER BY updated_at DESC"
        let sql = "SELECT \(Self.columns) FROM notes WHERE \(filter) \(order) LIMIT ?"
        let bound = arguments + [limit + 1]
        return try await read { db in
            let rows = try Row.fetchAll(db, sql: sql, arguments: bound)
            let page = try rows.prefix(limit).map(Self.note(from:))
            let last = limit > 0 && rows.count > limit ? rows[limit - 1] : nil
            let next = last.map { KeysetCursor(sortKey: $0["updated_at"] as String, id: $0["id"] as Int).text }
            return (page, next)
        }
    }

    // MARK: - Rows

    private func replace(_ note: Note, current: Note, in db: Database) throws -> Note {
        let updatedAt = max(now(), current.updatedAt)
        let sql = bugs.contains(.dropsColumnOnUpdate)
            ? "UPDATE notes SET title = ?, tags = ?, version = ?, updated_at = ? WHERE id = ?"
            : "UPDATE notes SET title = ?, body = ?, tags = ?, version = ?, updated_at = ? WHERE id = ?"
        var arguments: StatementArguments = [note.title]
        if !bugs.contains(.dropsColumnOnUpdate) { arguments += [note.body] }
        let tags = try Self.json(note.tags)
        arguments += [tags, current.version + 1, updatedAt, note.id]
        try Self.refuseNUL(in: note)
        try db.execute(sql: sql, arguments: arguments)
        guard let stored = try Self.live(id: note.id, in: db) else { throw RepositoryError.notFound("note \(note.id)") }
        return stored
    }

    private static func insert(_ note: Note, at now: Date, in db: Database) throws -> Note {
        try refuseNUL(in: note)
        let tags = try json(note.tags)
        try db.execute(
            sql: "INSERT INTO notes (\(columns)) VALUES (?, ?, ?, ?, 1, ?, ?, NULL)",
            arguments: [note.id, note.title, note.body, tags, now, now])
        guard let stored = try live(id: note.id, in: db) else { throw RepositoryError.notFound("note \(note.id)") }
        return stored
    }

    /// SQLite's C API, as GRDB binds a `String`, ends text at its first NUL: a title or body would be
    /// stored cut, and a tag stored whole (inside the JSON) could never be found by a query, whose bound
    /// parameter is cut. The store refuses such text (see the README's findings).
    private static func refuseNUL(in note: Note) throws {
        if note.title.contains("\0") || note.body.contains("\0") || note.tags.contains(where: { $0.contains("\0") }) {
            throw RepositoryError(.invalidInput, "note \(note.id): SQLite text cannot hold NUL")
        }
    }

    private static func live(id: Int, in db: Database) throws -> Note? {
        try notes(db, "WHERE id = ? AND deleted_at IS NULL", [id]).first
    }

    private static func notes(_ db: Database, _ clause: String, _ arguments: StatementArguments = []) throws -> [Note] {
        try Row.fetchAll(db, sql: "SELECT \(columns) FROM notes \(clause)", arguments: arguments).map(note(from:))
    }

    private static func note(from row: Row) throws -> Note {
        Note(
            id: row["id"], title: row["title"], body: row["body"],
            tags: try JSONDecoder().decode([String].self, from: Data((row["tags"] as String).utf8)),
            version: row["version"], createdAt: row["created_at"], updatedAt: row["updated_at"], deletedAt: row["deleted_at"])
    }

    private static func json(_ tags: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(tags), as: UTF8.self)
    }

    private func read<Value: Sendable>(_ body: @escaping @Sendable (Database) throws -> Value) async throws -> Value {
        do { return try await database.read(body) } catch { throw SQLiteErrors.repositoryError(error) }
    }

    private func write<Value: Sendable>(_ body: @escaping @Sendable (Database) throws -> Value) async throws -> Value {
        do { return try await database.write(body) } catch { throw SQLiteErrors.repositoryError(error) }
    }
}
