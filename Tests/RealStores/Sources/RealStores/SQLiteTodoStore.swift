public import ContractEngine
import Foundation
import GRDB

/// The docs' Todo repository on SQLite through GRDB, in a database file of its own (in a folder of its
/// own, removed with the store, its WAL files included), listed by id.
public final class SQLiteTodoStore: RepositoryProtocol {
    private let database: DatabaseQueue
    private let folder: URL
    private let bugs: StoreBug

    /// A store in a new database file of the temporary directory, removed when the store goes away.
    public init(bugs: StoreBug = []) throws {
        folder = try SQLiteFiles.temporaryFolder()
        database = try DatabaseQueue(path: folder.appendingPathComponent("todos.sqlite").path, configuration: SQLiteFiles.configuration)
        self.bugs = bugs
        try database.write { db in
            try db.execute(sql: """
                CREATE TABLE todos (id INTEGER PRIMARY KEY, title TEXT NOT NULL, done INTEGER NOT NULL,
                                    priority INTEGER NOT NULL, due TEXT)
                """)
        }
    }

    deinit {
        SQLiteFiles.close(database, removing: folder)
    }

    public func create(_ todo: Todo) async throws -> Todo {
        try Self.refuseNUL(in: todo)
        return try await write { db in
            try db.execute(
                sql: "INSERT INTO todos (id, title, done, priority, due) VALUES (?, ?, ?, ?, ?)",
                arguments: [todo.id, todo.title, todo.done, todo.priority, todo.due])
            return try Self.todo(id: todo.id, in: db) ?? todo
        }
    }

    public func fetch(id: Int) async throws -> Todo? {
        try await database.read { db in try Self.todo(id: id, in: db) }
    }

    public func fetchAll() async throws -> [Todo] {
        try await database.read { db in try Row.fetchAll(db, sql: "SELECT * FROM todos ORDER BY id").map(Self.todo(from:)) }
    }

    public func update(_ todo: Todo) async throws -> Todo {
        try Self.refuseNUL(in: todo)
        let dropsPriority = bugs.contains(.dropsColumnOnUpdate)
        return try await write { db in
            if dropsPriority {
                try db.execute(sql: "UPDATE todos SET title = ?, done = ?, due = ? WHERE id = ?",
                               arguments: [todo.title, todo.done, todo.due, todo.id])
            } else {
                try db.execute(sql: "UPDATE todos SET title = ?, done = ?, priority = ?, due = ? WHERE id = ?",
                               arguments: [todo.title, todo.done, todo.priority, todo.due, todo.id])
            }
            guard db.changesCount == 1, let stored = try Self.todo(id: todo.id, in: db) else {
                throw RepositoryError.notFound("no todo \(todo.id)")
            }
            return stored
        }
    }

    public func delete(id: Int) async throws {
        try await write { db in
            try db.execute(sql: "DELETE FROM todos WHERE id = ?", arguments: [id])
            guard db.changesCount == 1 else { throw RepositoryError.notFound("no todo \(id)") }
        }
    }

    /// SQLite's C API, as GRDB binds a `String`, ends text at its first NUL: refused, not cut.
    private static func refuseNUL(in todo: Todo) throws {
        if todo.title.contains("\0") { throw RepositoryError(.invalidInput, "todo \(todo.id): SQLite text cannot hold NUL") }
    }

    private static func todo(id: Int, in db: Database) throws -> Todo? {
        try Row.fetchOne(db, sql: "SELECT * FROM todos WHERE id = ?", arguments: [id]).map(todo(from:))
    }

    private static func todo(from row: Row) -> Todo {
        Todo(id: row["id"], title: row["title"], done: row["done"], priority: row["priority"], due: row["due"])
    }

    private func write<Value: Sendable>(_ body: @escaping @Sendable (Database) throws -> Value) async throws -> Value {
        do { return try await database.write(body) } catch { throw SQLiteErrors.repositoryError(error) }
    }
}
