import Foundation
import GRDB
import RealStores

/// The server's to-dos in one SQLite file through GRDB, in plain SQL; the database assigns each new
/// to-do's id (never reusing one: `AUTOINCREMENT`).
struct TodoDatabase: Sendable {
    private let queue: DatabaseQueue

    /// Opens (or creates) `todos.sqlite` in `folder`, in write-ahead-log mode.
    init(folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL") }
        queue = try DatabaseQueue(path: folder.appendingPathComponent("todos.sqlite").path, configuration: configuration)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS todos (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL,
                                                  done INTEGER NOT NULL, priority INTEGER NOT NULL, due TEXT)
                """)
        }
    }

    /// Stores `todo` under a new id (the one it carries is ignored) and returns it as stored.
    func insert(_ todo: Todo) async throws -> Todo {
        try await queue.write { db in
            try db.execute(
                sql: "INSERT INTO todos (title, done, priority, due) VALUES (?, ?, ?, ?)",
                arguments: [todo.title, todo.done, todo.priority, todo.due])
            return try Self.todo(id: Int(db.lastInsertedRowID), in: db) ?? todo
        }
    }

    /// The to-do `id`, if stored.
    func todo(id: Int) async throws -> Todo? {
        try await queue.read { db in try Self.todo(id: id, in: db) }
    }

    /// Every to-do, by id.
    func all() async throws -> [Todo] {
        try await queue.read { db in try Row.fetchAll(db, sql: "SELECT * FROM todos ORDER BY id").map(Self.todo(from:)) }
    }

    /// Replaces the stored to-do `todo.id`; `nil` when there is none.
    func replace(_ todo: Todo) async throws -> Todo? {
        try await queue.write { db in
            try db.execute(
                sql: "UPDATE todos SET title = ?, done = ?, priority = ?, due = ? WHERE id = ?",
                arguments: [todo.title, todo.done, todo.priority, todo.due, todo.id])
            return db.changesCount == 1 ? try Self.todo(id: todo.id, in: db) : nil
        }
    }

    /// Deletes the to-do `id`; `false` when there was none.
    func delete(id: Int) async throws -> Bool {
        try await queue.write { db in
            try db.execute(sql: "DELETE FROM todos WHERE id = ?", arguments: [id])
            return db.changesCount == 1
        }
    }

    private static func todo(id: Int, in db: Database) throws -> Todo? {
        try Row.fetchOne(db, sql: "SELECT * FROM todos WHERE id = ?", arguments: [id]).map(todo(from:))
    }

    private static func todo(from row: Row) -> Todo {
        Todo(id: row["id"], title: row["title"], done: row["done"], priority: row["priority"], due: row["due"])
    }
}
