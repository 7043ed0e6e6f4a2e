public import ContractEngine
public import TodoExample

/// Deliberately wrong Todo repositories whose bug shows only after a particular sequence of operations:
/// what the model-based check (``ModelCheck``) is for. Most pass the fixed-clause CRUD contract.
public enum SequenceBugs {
    /// Ids are `count + 1`: after a delete, the next create reuses the id of an entity still stored.
    public actor IDReusing: RepositoryProtocol {
        private var todos: [Int: Todo] = [:]
        private var order: [Int] = []

        public func create(_ todo: Todo) -> Todo {
            var stored = todo
            stored.id = todos.count + 1
            if todos[stored.id] == nil { order.append(stored.id) }
            todos[stored.id] = stored
            return stored
        }

        public func fetch(id: Int) -> Todo? { todos[id] }
        public func fetchAll() -> [Todo] { order.compactMap { todos[$0] } }

        public func update(_ todo: Todo) throws -> Todo {
            guard todos[todo.id] != nil else { throw RepositoryError.notFound() }
            todos[todo.id] = todo
            return todo
        }

        public func delete(id: Int) throws {
            guard todos.removeValue(forKey: id) != nil else { throw RepositoryError.notFound() }
            order.removeAll { $0 == id }
        }
    }

    /// Keeps updated values in a read cache that delete forgets to evict: fetch after update then delete
    /// returns the stale value.
    public actor StaleCache: RepositoryProtocol {
        private let store = InMemoryTodoRepository()
        private var cache: [Int: Todo] = [:]

        public func create(_ todo: Todo) async throws -> Todo {
            cache[todo.id] = nil
            return try await store.create(todo)
        }

        public func fetch(id: Int) async -> Todo? {
            if let cached = cache[id] { return cached }
            return await store.fetch(id: id)
        }

        public func fetchAll() async -> [Todo] { await store.fetchAll() }

        public func update(_ todo: Todo) async throws -> Todo {
            let stored = try await store.update(todo)
            cache[todo.id] = stored
            return stored
        }

        public func delete(id: Int) async throws { try await store.delete(id: id) }
    }

    /// Deletes by moving the last entity into the gap: insertion order breaks once three entities are
    /// stored and one that is not among the last two is deleted.
    public actor SwapRemove: RepositoryProtocol {
        private var todos: [Todo] = []

        public func create(_ todo: Todo) throws -> Todo {
            guard !todos.contains(where: { $0.id == todo.id }) else { throw RepositoryError.conflict() }
            todos.append(todo)
            return todo
        }

        public func fetch(id: Int) -> Todo? { todos.first { $0.id == id } }
        public func fetchAll() -> [Todo] { todos }

        public func update(_ todo: Todo) throws -> Todo {
            guard let index = todos.firstIndex(where: { $0.id == todo.id }) else { throw RepositoryError.notFound() }
            todos[index] = todo
            return todo
        }

        public func delete(id: Int) throws {
            guard let index = todos.firstIndex(where: { $0.id == id }) else { throw RepositoryError.notFound() }
            todos.swapAt(index, todos.count - 1)
            todos.removeLast()
        }
    }

    /// Drops the second of two updates of the same id made back to back (while still returning it).
    public actor LostWrite: RepositoryProtocol {
        private let store = InMemoryTodoRepository()
        private var lastCallUpdated: Int?

        public func create(_ todo: Todo) async throws -> Todo {
            lastCallUpdated = nil
            return try await store.create(todo)
        }

        public func fetch(id: Int) async -> Todo? {
            lastCallUpdated = nil
            return await store.fetch(id: id)
        }

        public func fetchAll() async -> [Todo] {
            lastCallUpdated = nil
            return await store.fetchAll()
        }

        public func update(_ todo: Todo) async throws -> Todo {
            if lastCallUpdated == todo.id { return todo }
            lastCallUpdated = nil
            let stored = try await store.update(todo)
            lastCallUpdated = todo.id
            return stored
        }

        public func delete(id: Int) async throws {
            lastCallUpdated = nil
            try await store.delete(id: id)
        }
    }

    /// ``IDReusing``, declared with server-assigned ids.
    public static let idReusing = Conformance<CRUD<Todo>>(
        "id-reusing", capabilities: [.create, .update, .delete, .serverAssignedIDs], ordering: .insertion,
        equivalence: .normalizing("== ignoring id") { todo in
            var copy = todo
            copy.id = 0
            return copy
        }
    ) { IDReusing() }

    /// ``StaleCache``.
    public static let staleCache = Conformance<CRUD<Todo>>("stale-cache", ordering: .insertion) { StaleCache() }
    /// ``SwapRemove``.
    public static let swapRemove = Conformance<CRUD<Todo>>("swap-remove", ordering: .insertion) { SwapRemove() }
    /// ``LostWrite``.
    public static let lostWrite = Conformance<CRUD<Todo>>("lost-write", ordering: .insertion) { LostWrite() }

    /// A correct conformer that assigns its own ids (never reused).
    public actor ServerIDs: RepositoryProtocol {
        private let store = InMemoryTodoRepository()
        private var next = 100

        public func create(_ todo: Todo) async throws -> Todo {
            var stored = todo
            next += 1
            stored.id = next
            return try await store.create(stored)
        }

        public func fetch(id: Int) async -> Todo? { await store.fetch(id: id) }
        public func fetchAll() async -> [Todo] { await store.fetchAll() }
        public func update(_ todo: Todo) async throws -> Todo { try await store.update(todo) }
        public func delete(id: Int) async throws { try await store.delete(id: id) }
    }

    /// ``ServerIDs``.
    public static let serverIDs = Conformance<CRUD<Todo>>(
        "server-ids", capabilities: [.create, .update, .delete, .serverAssignedIDs], ordering: .insertion,
        equivalence: idReusing.promises.equivalence
    ) { ServerIDs() }
}
