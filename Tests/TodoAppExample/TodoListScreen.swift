import TodoExample

/// What the app's first screen does at launch, written as text instead of drawn: it lists the todos,
/// after adding one when the launch arguments ask for it.
struct TodoListScreen {
    let repository: HTTPTodoRepository

    /// Adds a todo titled `title` (the next free id) when given, then lists them all.
    func appear(adding title: String?) async throws -> [String] {
        var lines: [String] = []
        if let title {
            let next = (try await repository.fetchAll().map(\.id).max() ?? 0) + 1
            let added = try await repository.create(Todo(id: next, title: title))
            lines.append("added #\(added.id) \(added.title)")
        }
        let todos = try await repository.fetchAll()
        lines.append("\(todos.count) todo\(todos.count == 1 ? "" : "s")")
        lines += todos.map { "[\($0.done ? "x" : " ")] #\($0.id) \($0.title)" }
        return lines
    }
}
