public import ContractEngine

/// A correct in-memory Todo repository: the fake a unit test would use. It keeps insertion order, rejects
/// update of a missing id and create of an existing one as the REST API does, and is safe to call from
/// many tasks at once.
public actor InMemoryTodoRepository: RepositoryProtocol {
    private var todos: [Int: Todo] = [:]
    private var order: [Int] = []

    public init() {}

    public func create(_ todo: Todo) throws -> Todo {
        guard todos[todo.id] == nil else { throw RepositoryError.conflict("todo \(todo.id) already exists") }
        todos[todo.id] = todo
        order.append(todo.id)
        return todo
    }

    public func fetch(id: Int) -> Todo? {
        todos[id]
    }

    public func fetchAll() -> [Todo] {
        order.compactMap { todos[$0] }
    }

    public func update(_ todo: Todo) throws -> Todo {
        guard todos[todo.id] != nil else { throw RepositoryError.notFound("no todo \(todo.id)") }
        todos[todo.id] = todo
        return todo
    }

    public func delete(id: Int) throws {
        guard todos.removeValue(forKey: id) != nil else { throw RepositoryError.notFound("no todo \(id)") }
        order.removeAll { $0 == id }
    }
}
