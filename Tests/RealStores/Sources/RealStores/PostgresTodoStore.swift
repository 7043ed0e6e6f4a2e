public import ContractEngine
import Foundation
import PostgresNIO

/// The docs' Todo repository on PostgreSQL through postgres-nio, in a schema of its own (dropped when
/// the store goes away), listed by id.
public final class PostgresTodoStore: RepositoryProtocol {
    private let client: PostgresClient
    private let schema: String
    private let table: String
    private let bugs: StoreBug

    private init(client: PostgresClient, schema: String, bugs: StoreBug) {
        self.client = client
        self.schema = schema
        table = "\(schema).todos"
        self.bugs = bugs
    }

    /// A store in a new schema of the server ``PostgresServer`` names.
    public static func make(bugs: StoreBug = []) async throws -> PostgresTodoStore {
        let client = try PostgresServer.requireClient()
        let store = PostgresTodoStore(
            client: client, schema: "rs_todos_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())", bugs: bugs)
        try await PostgresErrors.mapping {
            _ = try await client.rows(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(store.schema)"))
            _ = try await client.rows(PostgresQuery(unsafeSQL: """
                CREATE TABLE \(store.table) (id bigint PRIMARY KEY, title text NOT NULL, done boolean NOT NULL,
                                             priority bigint NOT NULL, due timestamptz)
                """))
        }
        return store
    }

    deinit {
        let client = client, schema = schema
        Task { _ = try? await client.rows(PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \(schema) CASCADE")) }
    }

    public func create(_ todo: Todo) async throws -> Todo {
        let stored = try await todos("""
            INSERT INTO \(unescaped: table) (id, title, done, priority, due)
            VALUES (\(todo.id), \(todo.title), \(todo.done), \(todo.priority), \(todo.due)) RETURNING id, title, done, priority, due
            """)
        return stored.first ?? todo
    }

    public func fetch(id: Int) async throws -> Todo? {
        try await todos("SELECT id, title, done, priority, due FROM \(unescaped: table) WHERE id = \(id)").first
    }

    public func fetchAll() async throws -> [Todo] {
        try await todos("SELECT id, title, done, priority, due FROM \(unescaped: table) ORDER BY id")
    }

    public func update(_ todo: Todo) async throws -> Todo {
        let query: PostgresQuery = bugs.contains(.dropsColumnOnUpdate)
            ? "UPDATE \(unescaped: table) SET title = \(todo.title), done = \(todo.done), due = \(todo.due) WHERE id = \(todo.id) RETURNING id, title, done, priority, due"
            : "UPDATE \(unescaped: table) SET title = \(todo.title), done = \(todo.done), priority = \(todo.priority), due = \(todo.due) WHERE id = \(todo.id) RETURNING id, title, done, priority, due"
        guard let stored = try await todos(query).first else { throw RepositoryError.notFound("no todo \(todo.id)") }
        return stored
    }

    public func delete(id: Int) async throws {
        guard try await todos("DELETE FROM \(unescaped: table) WHERE id = \(id) RETURNING id, title, done, priority, due").count == 1 else {
            throw RepositoryError.notFound("no todo \(id)")
        }
    }

    private func todos(_ query: PostgresQuery) async throws -> [Todo] {
        try await PostgresErrors.mapping {
            try await client.rows(query).map { row in
                let (id, title, done, priority, due) = try row.decode((Int, String, Bool, Int, Date?).self)
                return Todo(id: id, title: title, done: done, priority: priority, due: due)
            }
        }
    }
}
