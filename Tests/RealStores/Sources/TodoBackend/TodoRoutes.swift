import Foundation
import Hummingbird
import RealStores

/// The JSON to-do API over a ``TodoDatabase``, as `HTTPTodoStore` (and the docs' `HTTPTodoRepository`)
/// expect it: `GET /todos` (by id), `POST /todos` (201, the server assigns the id), `GET`, `PUT`
/// (the body's id must be the path's) and `DELETE` (204) `/todos/{id}`, 404 for a missing id, 400 for a
/// body that is not a to-do or a title holding NUL; and `GET /stats`, the requests served (see
/// ``RequestCount``).
struct TodoRoutes: Sendable {
    let database: TodoDatabase
    let count: RequestCount

    /// The largest body read: a to-do is far smaller.
    static let maximumBodySize = 1 << 20

    func add(to router: Router<BasicRequestContext>) {
        router.add(middleware: count.middleware())
        router.get("stats") { _, _ in try Self.json(200, count.value) }
        router.get("todos") { _, _ in try Self.json(200, try await database.all()) }
        router.post("todos") { request, _ in
            guard let todo = try await Self.todo(in: request) else { return Self.problem(400, "the body is not a to-do") }
            if let refusal = Self.refusal(of: todo) { return refusal }
            return try Self.json(201, try await database.insert(todo))
        }
        router.get("todos/:id") { _, context in
            guard let id = context.parameters.get("id", as: Int.self) else { return Self.problem(404, "not a to-do id") }
            guard let todo = try await database.todo(id: id) else { return Self.problem(404, "no todo \(id)") }
            return try Self.json(200, todo)
        }
        router.put("todos/:id") { request, context in
            guard let id = context.parameters.get("id", as: Int.self) else { return Self.problem(404, "not a to-do id") }
            guard let todo = try await Self.todo(in: request), todo.id == id else {
                return Self.problem(400, "the body is not a to-do with id \(id)")
            }
            if let refusal = Self.refusal(of: todo) { return refusal }
            guard let stored = try await database.replace(todo) else { return Self.problem(404, "no todo \(id)") }
            return try Self.json(200, stored)
        }
        router.delete("todos/:id") { _, context in
            guard let id = context.parameters.get("id", as: Int.self) else { return Self.problem(404, "not a to-do id") }
            return try await database.delete(id: id) ? Response(status: .noContent) : Self.problem(404, "no todo \(id)")
        }
    }

    /// The to-do the request's body holds, or `nil` when it holds none.
    private static func todo(in request: Request) async throws -> Todo? {
        var request = request
        let buffer = try await request.collectBody(upTo: maximumBodySize)
        return try? TodoWireFormat.decoder.decode(Todo.self, from: Data(buffer.readableBytesView))
    }

    /// A 400 for a to-do SQLite cannot keep whole: GRDB binds a `String` as C text, which ends at its
    /// first NUL, so the title would be stored cut.
    private static func refusal(of todo: Todo) -> Response? {
        todo.title.contains("\0") ? problem(400, "a title cannot hold NUL") : nil
    }

    private static func json(_ status: Int, _ value: some Encodable) throws -> Response {
        body(status, try TodoWireFormat.encoder.encode(value))
    }

    private static func problem(_ status: Int, _ detail: String) -> Response {
        body(status, (try? JSONEncoder().encode(["error": detail])) ?? Data())
    }

    private static func body(_ status: Int, _ data: Data) -> Response {
        Response(
            status: HTTPResponse.Status(code: status), headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
