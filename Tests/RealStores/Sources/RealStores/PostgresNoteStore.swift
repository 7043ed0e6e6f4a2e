public import Foundation
import ContractEngine
import PostgresNIO

/// A note store on PostgreSQL through postgres-nio, in a schema of its own (dropped when the store goes
/// away): tags as `text[]`, dates as `timestamptz` (microseconds), soft delete as `deleted_at`.
public final class PostgresNoteStore: NoteStore {
    private let client: PostgresClient
    private let schema: String
    private let table: String
    private let now: @Sendable () -> Date
    private let bugs: StoreBug

    private init(client: PostgresClient, schema: String, now: @escaping @Sendable () -> Date, bugs: StoreBug) {
        self.client = client
        self.schema = schema
        table = "\(schema).notes"
        self.now = now
        self.bugs = bugs
    }

    /// A store in a new schema of the server ``PostgresServer`` names; `now` stamps the writes, `bugs`
    /// makes it deliberately wrong.
    public static func make(now: @escaping @Sendable () -> Date = { Date() }, bugs: StoreBug = []) async throws -> PostgresNoteStore {
        let client = try PostgresServer.requireClient()
        let store = PostgresNoteStore(
            client: client, schema: "rs_notes_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())",
            now: now, bugs: bugs)
        try await PostgresErrors.mapping {
            _ = try await client.rows(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(store.schema)"))
            _ = try await client.rows(PostgresQuery(unsafeSQL: """
                CREATE TABLE \(store.table) (
                    id bigint PRIMARY KEY, title text NOT NULL CHECK (title <> ''), body text NOT NULL,
                    tags text[] NOT NULL, version bigint NOT NULL, created_at timestamptz NOT NULL,
                    updated_at timestamptz NOT NULL, deleted_at timestamptz)
                """))
        }
        return store
    }

    deinit {
        let client = client, schema = schema
        Task { _ = try? await client.rows(PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \(schema) CASCADE")) }
    }

    private static let columns = "id, title, body, tags, version, created_at, updated_at, deleted_at"
    private static let order = "ORDER BY updated_at DESC, id ASC"

    public func create(_ note: Note) async throws -> Note {
        try await PostgresErrors.mapping { try await insert(note, at: now(), on: nil) }
    }

    public func fetch(id: Int) async throws -> Note? {
        try await notes("WHERE id = \(id) AND deleted_at IS NULL").first
    }

    public func fetchAll() async throws -> [Note] {
        try await notes("WHERE deleted_at IS NULL \(unescaped: Self.order)")
    }

    public func update(_ note: Note) async throws -> Note {
        try await replace(note, expectedVersion: nil)
    }

    public func update(_ note: Note, expectedVersion: Int) async throws -> Note {
        try await replace(note, expectedVersion: bugs.contains(.versionCheckMissing) ? nil : expectedVersion)
    }

    public func delete(id: Int) async throws {
        let changed = try await ids("UPDATE \(unescaped: table) SET deleted_at = \(now()) WHERE id = \(id) AND deleted_at IS NULL RETURNING id")
        guard changed == 1 else { throw RepositoryError.notFound("note \(id)") }
    }

    public func restore(id: Int) async throws {
        let changed = try await ids("UPDATE \(unescaped: table) SET deleted_at = NULL WHERE id = \(id) AND deleted_at IS NOT NULL RETURNING id")
        guard changed == 1 else {
            let exists = try await ids("SELECT id FROM \(unescaped: table) WHERE id = \(id)")
            throw exists == 1 ? RepositoryError.conflict("note \(id) is not deleted") : RepositoryError.notFound("note \(id)")
        }
    }

    public func purge(id: Int) async throws {
        let removed = try await ids("DELETE FROM \(unescaped: table) WHERE id = \(id) RETURNING id")
        guard removed == 1 else { throw RepositoryError.notFound("note \(id)") }
    }

    public func insertAll(_ notes: [Note]) async throws -> [Note] {
        let now = now()
        return try await PostgresErrors.mapping {
            guard !bugs.contains(.batchWithoutTransaction) else {
                var stored: [Note] = []
                for note in notes { stored.append(try await insert(note, at: now, on: nil)) }
                return stored
            }
            return try await client.withConnection { connection in
                _ = try await connection.rows("BEGIN")
                do {
                    var stored: [Note] = []
                    for note in notes { stored.append(try await insert(note, at: now, on: connection)) }
                    _ = try await connection.rows("COMMIT")
                    return stored
                } catch {
                    _ = try? await connection.rows("ROLLBACK")
                    throw error
                }
            }
        }
    }

    public func notes(taggedWith tag: String) async throws -> [Note] {
        // No stored tag holds NUL (PostgreSQL refuses it on write), and it would refuse it as a parameter.
        guard !tag.contains("\0") else { return [] }
        return try await notes("WHERE deleted_at IS NULL AND \(tag) = ANY(tags) \(unescaped: Self.order)")
    }

    public func page(after cursor: String?, limit: Int) async throws -> (notes: [Note], next: String?) {
        let limit = min(max(limit, 0), NoteStores.maximumPageLimit)
        let tiebreak = !bugs.contains(.pageWithoutTiebreak)
        var query: PostgresQuery = "SELECT \(unescaped: Self.columns), updated_at::text AS sort_key FROM \(unescaped: table) WHERE deleted_at IS NULL"
        if let cursor {
            guard let position = KeysetCursor(cursor) else { throw RepositoryError(.invalidInput, "not a cursor: \(cursor)") }
            query = tiebreak
                ? "SELECT \(unescaped: Self.columns), updated_at::text AS sort_key FROM \(unescaped: table) WHERE deleted_at IS NULL AND (updated_at < \(position.sortKey)::timestamptz OR (updated_at = \(position.sortKey)::timestamptz AND id > \(position.id)))"
                : "SELECT \(unescaped: Self.columns), updated_at::text AS sort_key FROM \(unescaped: table) WHERE deleted_at IS NULL AND updated_at < \(position.sortKey)::timestamptz"
        }
        query.sql += tiebreak ? " \(Self.order)" : " ORDER BY updated_at DESC"
        query.sql += " LIMIT \(limit + 1)"
        let rows = try await PostgresErrors.mapping {
            try await client.rows(query).map { row in
                let (id, title, body, tags, version, createdAt, updatedAt, deletedAt, sortKey) = try row.decode(
                    (Int, String, String, [String], Int, Date, Date, Date?, String).self)
                return (Note(id: id, title: title, body: body, tags: tags, version: version, createdAt: createdAt,
                             updatedAt: updatedAt, deletedAt: deletedAt), sortKey)
            }
        }
        let page = rows.prefix(limit).map(\.0)
        let next = rows.count > limit && limit > 0 ? KeysetCursor(sortKey: rows[limit - 1].1, id: rows[limit - 1].0.id).text : nil
        return (page, next)
    }

    // MARK: - Rows

    private func replace(_ note: Note, expectedVersion: Int?) async throws -> Note {
        let now = now(), checksVersion = expectedVersion != nil, expected = expectedVersion ?? 0
        let query: PostgresQuery = bugs.contains(.dropsColumnOnUpdate)
            ? """
              UPDATE \(unescaped: table) SET title = \(note.title), tags = \(note.tags), version = version + 1,
                  updated_at = GREATEST(updated_at, \(now))
              WHERE id = \(note.id) AND deleted_at IS NULL AND (NOT \(checksVersion) OR version = \(expected))
              RETURNING \(unescaped: Self.columns)
              """
            : """
              UPDATE \(unescaped: table) SET title = \(note.title), body = \(note.body), tags = \(note.tags), version = version + 1,
                  updated_at = GREATEST(updated_at, \(now))
              WHERE id = \(note.id) AND deleted_at IS NULL AND (NOT \(checksVersion) OR version = \(expected))
              RETURNING \(unescaped: Self.columns)
              """
        if let stored = try await returning(query).first { return stored }
        guard let current = try await fetch(id: note.id) else { throw RepositoryError.notFound("note \(note.id)") }
        throw RepositoryError.conflict("note \(note.id) is at version \(current.version), not \(expected)")
    }

    private func insert(_ note: Note, at now: Date, on connection: PostgresConnection?) async throws -> Note {
        let query: PostgresQuery = """
            INSERT INTO \(unescaped: table) (\(unescaped: Self.columns))
            VALUES (\(note.id), \(note.title), \(note.body), \(note.tags), 1, \(now), \(now), NULL)
            RETURNING \(unescaped: Self.columns)
            """
        let rows = if let connection { try await connection.rows(query) } else { try await client.rows(query) }
        guard let note = try rows.first.map(Self.note(from:)) else { throw RepositoryError.notFound("note \(note.id)") }
        return note
    }

    /// The notes `SELECT … FROM notes` followed by `clause` reads.
    private func notes(_ clause: PostgresQuery) async throws -> [Note] {
        var query = clause
        query.sql = "SELECT \(Self.columns) FROM \(table) " + query.sql
        return try await returning(query)
    }

    /// The notes `query` returns.
    private func returning(_ query: PostgresQuery) async throws -> [Note] {
        try await PostgresErrors.mapping {
            try await client.rows(query).map(Self.note(from:))
        }
    }

    private func ids(_ query: PostgresQuery) async throws -> Int {
        try await PostgresErrors.mapping {
            try await client.rows(query).count
        }
    }

    private static func note(from row: PostgresRow) throws -> Note {
        let (id, title, body, tags, version, createdAt, updatedAt, deletedAt) = try row.decode(
            (Int, String, String, [String], Int, Date, Date, Date?).self)
        return Note(id: id, title: title, body: body, tags: tags, version: version, createdAt: createdAt,
                    updatedAt: updatedAt, deletedAt: deletedAt)
    }
}
