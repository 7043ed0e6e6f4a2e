import RepositoryContractsPrimitives
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
    private let representation: Representation

    /// How the API writes the Todos it sends.
    public enum Representation: Sendable {
        /// In the client's own encoding (``TodoJSON/encoder``: sorted keys), as `Fixtures/Todos/` holds them.
        case plain
        /// As a Swift server framework (Hummingbird, Vapor) writes them: through a plain `JSONEncoder()`,
        /// which writes `/` as `\/`, each with a `url` member giving its address, made from the request's
        /// `Host` (`"url":"http:\/\/127.0.0.1:8080\/todos\/7"`).
        case linked
    }

    /// Creates an API with no Todos.
    ///
    /// - Parameters:
    ///   - assigningRandomIDs: `POST /todos` ignores the id it is sent and stores the Todo under a random
    ///     id of its own (like a database's UUID primary key), which the `201` body carries.
    ///   - representation: how the Todos the API sends are written; ``Representation/plain`` by default.
    public init(assigningRandomIDs: Bool = false, representation: Representation = .plain) {
        assignsIDs = assigningRandomIDs
        self.representation = representation
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
            case "POST": return create(request)
            default: return Self.problem(405, "\(request.method) is not allowed on /todos")
            }
        }
        guard let id = Int(segments[1]) else { return Self.problem(404, "'\(segments[1])' is not a todo id") }
        switch request.method {
        case "GET": return fetch(id)
        case "PUT": return update(id, request)
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

    private func create(_ request: StubRequest) -> StubResponse {
        guard var todo = try? TodoJSON.decoder.decode(Todo.self, from: request.body) else {
            return Self.problem(400, "the body is not a Todo")
        }
        let created = store.withLock { store -> Data? in
            if assignsIDs {
                repeat { todo.id = Int.random(in: 1...Int(Int32.max)) } while store.todos[todo.id] != nil
            }
            guard store.todos[todo.id] == nil else { return nil }
            let stored = encode(todo, answering: request)
            store.todos[todo.id] = stored
            return stored
        }
        return created.map { Self.json(201, $0) } ?? Self.problem(409, "todo \(todo.id) already exists")
    }

    private func fetch(_ id: Int) -> StubResponse {
        guard let todo = store.withLock({ $0.todos[id] }) else { return Self.problem(404, "no todo \(id)") }
        return Self.json(200, todo)
    }

    private func update(_ id: Int, _ request: StubRequest) -> StubResponse {
        guard let todo = try? TodoJSON.decoder.decode(Todo.self, from: request.body), todo.id == id else {
            return Self.problem(400, "the body is not a Todo with id \(id)")
        }
        let stored = encode(todo, answering: request)
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

    /// The Todo as the API sends it, in answer to `request`.
    private func encode(_ todo: Todo, answering request: StubRequest) -> Data {
        switch representation {
        case .plain:
            return (try? TodoJSON.encoder.encode(todo)) ?? Data()
        case .linked:
            let url = "http://\(request.headers["Host"] ?? "localhost")/todos/\(todo.id)"
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .millisecondsSince1970
            return (try? encoder.encode(LinkedTodo(todo: todo, url: url))) ?? Data()
        }
    }

    private static func json(_ status: Int, _ body: Data) -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    private static func problem(_ status: Int, _ detail: String) -> StubResponse {
        let body = #"{"error":"\#(detail.replacingOccurrences(of: "\"", with: "'"))"}"#
        return json(status, Data(body.utf8))
    }
}

/// A Todo with its address, as ``TodoAPIFake/Representation/linked`` sends it.
private struct LinkedTodo: Encodable {
    var todo: Todo
    var url: String

    private enum CodingKeys: String, CodingKey {
        case url
    }

    func encode(to encoder: any Encoder) throws {
        try todo.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
    }
}
