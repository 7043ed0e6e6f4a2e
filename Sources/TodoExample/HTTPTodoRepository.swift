public import ContractEngine
public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// The real repository: Todos behind a JSON REST API, through `URLSession`.
///
/// | operation | request | success | refusal |
/// |---|---|---|---|
/// | create | `POST /todos` with the Todo | `201` with the stored Todo | `409` → `conflict` |
/// | fetch | `GET /todos/{id}` | `200` with the Todo | `404` → `nil` |
/// | fetchAll | `GET /todos` | `200` with an array, ordered by id | |
/// | update | `PUT /todos/{id}` with the Todo | `200` with the stored Todo | `404` → `notFound` |
/// | delete | `DELETE /todos/{id}` | `204` | `404` → `notFound` |
///
/// Any other status, a transport error or an undecodable body becomes a ``RepositoryError`` of kind
/// `unavailable` (5xx, transport) or `invalidResponse` (anything else), with the status and body in
/// its message. Dates travel as milliseconds since 1970.
public struct HTTPTodoRepository: RepositoryProtocol {
    /// The API's base URL, for example `http://127.0.0.1:8080` (paths are appended to it).
    public let baseURL: URL
    private let session: URLSession

    /// Creates a repository talking to the API at `baseURL` through `session` (the examples' session,
    /// whose requests wait as long as the test does, unless given).
    public init(baseURL: URL, session: URLSession = .examples) {
        self.baseURL = baseURL
        self.session = session
    }

    public func create(_ todo: Todo) async throws -> Todo {
        let (status, body) = try await send("POST", "todos", body: todo)
        switch status {
        case 200, 201: return try decode(Todo.self, from: body, status: status)
        case 409: throw RepositoryError.conflict("todo \(todo.id) already exists")
        default: throw unexpected(status, body, for: "POST /todos")
        }
    }

    public func fetch(id: Int) async throws -> Todo? {
        let (status, body) = try await send("GET", "todos/\(id)")
        switch status {
        case 200: return try decode(Todo.self, from: body, status: status)
        case 404: return nil
        default: throw unexpected(status, body, for: "GET /todos/\(id)")
        }
    }

    public func fetchAll() async throws -> [Todo] {
        let (status, body) = try await send("GET", "todos")
        guard status == 200 else { throw unexpected(status, body, for: "GET /todos") }
        return try decode([Todo].self, from: body, status: status)
    }

    public func update(_ todo: Todo) async throws -> Todo {
        let (status, body) = try await send("PUT", "todos/\(todo.id)", body: todo)
        switch status {
        case 200: return try decode(Todo.self, from: body, status: status)
        case 404: throw RepositoryError.notFound("no todo \(todo.id)")
        default: throw unexpected(status, body, for: "PUT /todos/\(todo.id)")
        }
    }

    public func delete(id: Int) async throws {
        let (status, body) = try await send("DELETE", "todos/\(id)")
        switch status {
        case 200, 204: return
        case 404: throw RepositoryError.notFound("no todo \(id)")
        default: throw unexpected(status, body, for: "DELETE /todos/\(id)")
        }
    }

    // MARK: - Transport

    private func send(_ method: String, _ path: String, body: Todo? = nil) async throws -> (Int, Data) {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = try TodoJSON.encoder.encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        do {
            let (data, response) = try await session.cancellableData(for: request)
            guard let http = response as? HTTPURLResponse else {
                throw RepositoryError.invalidResponse("\(method) /\(path): not an HTTP response")
            }
            return (http.statusCode, data)
        } catch let error as URLError {
            throw RepositoryError.unavailable("\(method) /\(path): \(error.localizedDescription) (\(error.code.rawValue))")
        }
    }

    private func decode<Value: Decodable>(_ type: Value.Type, from body: Data, status: Int) throws -> Value {
        do {
            return try TodoJSON.decoder.decode(type, from: body)
        } catch {
            throw RepositoryError.invalidResponse(
                "status \(status) with a body that is not a \(type): \(error); body: \(String(decoding: body.prefix(500), as: UTF8.self))")
        }
    }

    private func unexpected(_ status: Int, _ body: Data, for call: String) -> RepositoryError {
        let text = String(decoding: body.prefix(2_000), as: UTF8.self)
        let message = "\(call) answered \(status): \(text)"
        return (500...599).contains(status) ? .unavailable(message) : .invalidResponse(message)
    }
}

/// The JSON coding the Todo API uses (dates as milliseconds since 1970), shared by the client and the
/// example API stub.
public enum TodoJSON {
    /// Encodes Todos as the API expects them.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// Decodes Todos as the API sends them.
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }
}
