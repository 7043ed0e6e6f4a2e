import Primitives
import ContractEngine
import Foundation
public import RecordReplay

/// The Todo REST API that ``HTTPTodoRepository`` talks to, as a fake in code: a stateful responder for
/// the stub server, used where no recorded fixture exists yet, and served live by ``TodoAPIServer`` to
/// record fixtures from.
///
/// It answers `POST /todos` (201, or 409 for an existing id), `GET /todos` (every Todo, ordered by id
/// as a database's `ORDER BY id` would), `GET|PUT|DELETE /todos/{id}` (404 for a missing id), and
/// 404/405 for anything else.
public final class TodoAPIFake: Sendable {
    private struct Store {
        var todos: [Int: Data] = [:]
    }

    private let store = Protected(Store())
    private let assignsIDs: Bool

    /// Creates an API with no Todos.
    ///
    /// - Parameter assigningRandomIDs: `POST /todos` ignores the id it is sent and stores the Todo under
    ///   a random id of its own (like a database's UUID primary key), which the `201` body carries.
    public init(assigningRandomIDs: Bool = false) {
        assignsIDs = assigningRandomIDs
    }

    /// Answers one request, changing the stored Todos as the real API would.
    public func respond(to request: StubRequest) -> StubResponse {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: true)
        guard segments.first == "todos", segments.count <= 2 else {
            return Self.problem(404, "no route for \(request.path)")
        }
        if segments.count == 1 {
            switch request.method {
            case "GET": return list()
            case "POST": return create(request.body)
            default: return Self.problem(405, "\(request.method) is not allowed on /todos")
            }
        }
        guard let id = Int(segments[1]) else { return Self.problem(404, "'\(segments[1])' is not a todo id") }
        switch request.method {
        case "GET": return fetch(id)
        case "PUT": return update(id, request.body)
        case "DELETE": return delete(id)
        default: return Self.problem(405, "\(request.method) is not allowed on /todos/\(id)")
        }
    }

    private func list() -> StubResponse {
        let bodies = store.withLock { store in store.todos.sorted { $0.key < $1.key }.map(\.value) }
        var body = Data("[".utf8)
        for (index, todo) in bodies.enumerated() {
            if index > 0 { body.append(contentsOf: Array(",".utf8)) }
            body.append(todo)
        }
        body.append(contentsOf: Array("]".utf8))
        return Self.json(200, body)
    }

    private func create(_ body: Data) -> StubResponse {
        guard var todo = try? TodoJSON.decoder.decode(Todo.self, from: body) else {
            return Self.problem(400, "the body is not a Todo")
        }
        let created = store.withLock { store -> Data? in
            if assignsIDs {
                repeat { todo.id = Int.random(in: 1...Int(Int32.max)) } while store.todos[todo.id] != nil
            }
            guard store.todos[todo.id] == nil else { return nil }
            let stored = Self.encode(todo)
            store.todos[todo.id] = stored
            return stored
        }
        return created.map { Self.json(201, $0) } ?? Self.problem(409, "todo \(todo.id) already exists")
    }

    private func fetch(_ id: Int) -> StubResponse {
        guard let todo = store.withLock({ $0.todos[id] }) else { return Self.problem(404, "no todo \(id)") }
        return Self.json(200, todo)
    }

    private func update(_ id: Int, _ body: Data) -> StubResponse {
        guard let todo = try? TodoJSON.decoder.decode(Todo.self, from: body), todo.id == id else {
            return Self.problem(400, "the body is not a Todo with id \(id)")
        }
        let stored = Self.encode(todo)
        let updated = store.withLock { store -> Bool in
            guard store.todos[id] != nil else { return false }
            store.todos[id] = stored
            return true
        }
        return updated ? Self.json(200, stored) : Self.problem(404, "no todo \(id)")
    }

    private func delete(_ id: Int) -> StubResponse {
        let deleted = store.withLock { store -> Bool in
            store.todos.removeValue(forKey: id) != nil
        }
        return deleted ? StubResponse(status: 204) : Self.problem(404, "no todo \(id)")
    }

    private static func encode(_ todo: Todo) -> Data {
        (try? TodoJSON.encoder.encode(todo)) ?? Data()
    }

    private static func json(_ status: Int, _ body: Data) -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    private static func problem(_ status: Int, _ detail: String) -> StubResponse {
        let body = #"{"error":"\#(detail.replacingOccurrences(of: "\"", with: "'"))"}"#
        return json(status, Data(body.utf8))
    }
}
