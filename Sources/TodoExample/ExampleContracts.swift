public import ContractEngine
import Foundation
import RecordReplay

/// The entity factories and conformances the demo and the tests share.
public enum ExampleContracts {
    /// Makes Todos: ordinal → id, `toggled()` as the update, twins through the writable id.
    public static let todoFactory = EntityFactory<Todo>(
        make: { Todo(id: $0, title: "Todo \($0)", priority: $0 % 5) },
        mutate: { $0.toggled() },
        identity: \.id,
        samples: Todo.edgeCaseSamples)

    /// The correct in-memory repository.
    public static let inMemory = Conformance<CRUD<Todo>>(
        "in-memory", capabilities: [.create, .update, .delete, .concurrentAccess], ordering: .insertion
    ) {
        RepositoryWitness(InMemoryTodoRepository())
    }

    /// Makes dated to-dos: the ordinal picks the creation date (the identity); an update appends to the title.
    public static let datedTodoFactory = EntityFactory<DatedTodo>(
        make: { DatedTodo(todo: "Todo \($0)", date: Date(timeIntervalSinceReferenceDate: Double($0) * 60)) },
        mutate: { DatedTodo(todo: $0.todo + " (edited)", date: $0.date) },
        twin: { todo, ordinal in DatedTodo(todo: todo.todo, date: Date(timeIntervalSinceReferenceDate: Double(ordinal) * 60)) },
        samples: [
            DatedTodo(todo: "", date: .distantPast),
            DatedTodo(todo: "café ☕️ 🇯🇵", date: .distantPast),
            DatedTodo(todo: String(repeating: "x", count: 2_000), date: .distantPast),
        ])

    /// The `UserDefaults` port over a fresh in-memory `UserDefaults` stand-in. It keeps insertion order; the
    /// original API cannot refuse anything, so update and delete of a missing id may be ignored.
    public static let userDefaults = Conformance<CRUD<DatedTodo>>(
        "userdefaults", policies: RequestPolicies(updateOfMissing: .rejectedOrIgnored), ordering: .insertion
    ) {
        UserDefaultsTodoRepository(defaults: InMemoryKeyValueStore()).witness
    }

    /// The Todo API lists Todos by id (see ``TodoAPIFake``).
    public static let orderedByID = Ordering<Todo>.sorted("by id") { $0.id < $1.id }

    /// The HTTP repository talking to the stub server of the current test scope
    /// (``StubServer/current``), which replays the scope's fixtures. The bulk clauses store 100 Todos,
    /// not 1,000, as the README advises over HTTP: each is a request, recorded and replayed.
    public static let httpReplay = Conformance<CRUD<Todo>>(
        "http-replay", capabilities: [.create, .update, .delete, .concurrentAccess], ordering: orderedByID
    ) {
        RepositoryWitness(HTTPTodoRepository(baseURL: StubServer.current.baseURL))
    }.scalingBulkClauses(to: 100)

    /// The HTTP repository talking to a fresh ``TodoAPIFake`` served by the current scope's stub server:
    /// the real client, the real sockets, a backend in code.
    public static let httpFakeAPI = Conformance<CRUD<Todo>>(
        "http-fake-api", capabilities: [.create, .update, .delete, .concurrentAccess], ordering: orderedByID
    ) {
        let server = StubServer.current
        let api = TodoAPIFake()
        server.playback.stub(.any) { api.respond(to: $0) }
        return RepositoryWitness(HTTPTodoRepository(baseURL: server.baseURL))
    }
}
