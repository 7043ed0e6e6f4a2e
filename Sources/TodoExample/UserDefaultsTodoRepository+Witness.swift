public import ContractEngine

extension UserDefaultsTodoRepository {
    /// The port seen as a CRUD repository, glued the way the original app's view model uses it.
    ///
    /// - `fetchAll` is `fetch(completion:)`; a completion that is never called surfaces as
    ///   ``CallbackError/completionNeverCalled(operation:)`` instead of a hang.
    /// - `create` saves the list it last read plus the new to-do. Like the original view model, whose list
    ///   stays empty while `fetch` stays silent, it starts from an empty list when `fetch` never answers.
    /// - `update` and `delete` look the stored to-do up by id first, because the original API wants the old
    ///   value; when there is none, `update` passes the new value as the old one and `delete` does nothing.
    public var witness: RepositoryWitness<DatedTodo> {
        let fetchAll: @Sendable () async throws -> [DatedTodo] = {
            try await withCompletion("fetch(completion:)") { done in
                self.fetch { todos in done(.success(todos ?? [])) }
            }
        }
        return RepositoryWitness(
            create: { todo in
                let current: [DatedTodo]
                do {
                    current = try await fetchAll()
                } catch is CallbackError {
                    current = []
                }
                self.save(todos: current + [todo])
                return todo
            },
            fetch: { id in try await fetchAll().first { $0.id == id } },
            fetchAll: fetchAll,
            update: { todo in
                let old = try await fetchAll().first { $0.id == todo.id } ?? todo
                self.update(oldTodo: old, newTodo: todo)
                return todo
            },
            delete: { id in
                if let stored = try await fetchAll().first(where: { $0.id == id }) {
                    self.delete(todo: stored)
                }
            })
    }
}
