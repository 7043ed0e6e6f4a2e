import RepositoryContracts
import TodoExample

/// Deliberately wrong Todo repositories, each with one bug, to prove the clause that should catch it does.
/// `Bug` picks the bug; everything else behaves like `InMemoryTodoRepository`.
actor BrokenTodoRepository: RepositoryProtocol {
    enum Bug: Sendable {
        /// update(_:) of a missing id inserts it.
        case upserts
        /// fetchAll() returns newest first while insertion order is declared.
        case newestFirst
        /// Writes succeed although the conformer is declared read-only.
        case acceptsUndeclaredWrites
        /// create(_:) reads, suspends, then writes: concurrent creates overwrite each other.
        case losesConcurrentCreates
    }

    private let bug: Bug
    private var todos: [Todo] = []

    init(_ bug: Bug) {
        self.bug = bug
    }

    func create(_ todo: Todo) async throws -> Todo {
        guard !todos.contains(where: { $0.id == todo.id }) else { throw RepositoryError.conflict() }
        if bug == .losesConcurrentCreates {
            let snapshot = todos
            await Task.yield()
            todos = snapshot + [todo]
        } else {
            todos.append(todo)
        }
        return todo
    }

    func fetch(id: Int) -> Todo? { todos.first { $0.id == id } }

    func fetchAll() -> [Todo] { bug == .newestFirst ? todos.reversed() : todos }

    func update(_ todo: Todo) throws -> Todo {
        guard let index = todos.firstIndex(where: { $0.id == todo.id }) else {
            guard bug == .upserts else { throw RepositoryError.notFound() }
            todos.append(todo)
            return todo
        }
        todos[index] = todo
        return todo
    }

    func delete(id: Int) throws {
        guard let index = todos.firstIndex(where: { $0.id == id }) else { throw RepositoryError.notFound() }
        todos.remove(at: index)
    }
}

/// A reference-type entity, and a store that keeps the very instances it is given and hands them out.
final class SharedNote: Identifiable, Equatable, @unchecked Sendable, CustomStringConvertible {
    var id: Int
    var text: String

    init(id: Int, text: String) {
        self.id = id
        self.text = text
    }

    static func == (lhs: SharedNote, rhs: SharedNote) -> Bool { lhs.id == rhs.id && lhs.text == rhs.text }
    var description: String { "SharedNote(\(id), \(text))" }

    /// `alter` changes a note in place, as code holding a reference would.
    static let factory = EntityFactory<SharedNote>(
        make: { SharedNote(id: $0, text: "note \($0)") },
        mutate: { SharedNote(id: $0.id, text: $0.text + "!") },
        twin: { note, ordinal in SharedNote(id: ordinal, text: note.text) },
        alter: { $0.text += " (changed in place)" })
}

actor AliasingNoteStore: RepositoryProtocol {
    private var notes: [SharedNote] = []
    let copies: Bool

    init(copies: Bool) { self.copies = copies }

    private func out(_ note: SharedNote) -> SharedNote { copies ? SharedNote(id: note.id, text: note.text) : note }

    func create(_ note: SharedNote) throws -> SharedNote {
        guard !notes.contains(where: { $0.id == note.id }) else { throw RepositoryError.conflict() }
        notes.append(out(note))
        return out(note)
    }
    func fetch(id: Int) -> SharedNote? { notes.first { $0.id == id }.map(out) }
    func fetchAll() -> [SharedNote] { notes.map(out) }
    func update(_ note: SharedNote) throws -> SharedNote {
        guard let index = notes.firstIndex(where: { $0.id == note.id }) else { throw RepositoryError.notFound() }
        notes[index] = out(note)
        return out(note)
    }
    func delete(id: Int) throws {
        guard let index = notes.firstIndex(where: { $0.id == id }) else { throw RepositoryError.notFound() }
        notes.remove(at: index)
    }
}

/// A backend that assigns ids itself: `create` takes a draft without one.
actor ServerAssignedTodoRepository: RepositoryProtocol {
    struct Draft: Sendable { var title: String; var done: Bool }
    private var todos: [Todo] = []
    private var lastID = 0
    private let reusesIDs: Bool

    init(reusesIDs: Bool = false) { self.reusesIDs = reusesIDs }

    func create(_ draft: Draft) -> Todo {
        if !reusesIDs { lastID += 1 }
        let todo = Todo(id: max(lastID, 1), title: draft.title, done: draft.done)
        todos.append(todo)
        return todo
    }

    func fetch(id: Int) -> Todo? { todos.first { $0.id == id } }
    func fetchAll() -> [Todo] { todos }

    func update(_ todo: Todo) throws -> Todo {
        guard let index = todos.firstIndex(where: { $0.id == todo.id }) else { throw RepositoryError.notFound() }
        todos[index] = todo
        return todo
    }

    func delete(id: Int) throws {
        guard let index = todos.firstIndex(where: { $0.id == id }) else { throw RepositoryError.notFound() }
        todos.remove(at: index)
    }
}
