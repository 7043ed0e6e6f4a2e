public import ContractEngine
public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The docs' to-do repository over HTTP, through `URLSession`, against the API `TodoBackend` serves:
///
/// | operation | request | success | refusal |
/// |---|---|---|---|
/// | create | `POST /todos` | `201` with the to-do under the id the server assigned | `400` → `invalidInput` |
/// | fetch | `GET /todos/{id}` | `200` | `404` → `nil` |
/// | fetchAll | `GET /todos` | `200` with every to-do, by id | |
/// | update | `PUT /todos/{id}` | `200` with the stored to-do | `404` → `notFound`, `400` → `invalidInput` |
/// | delete | `DELETE /todos/{id}` | `204` | `404` → `notFound` |
///
/// Another status is `unavailable` (5xx) or `invalidResponse`, with the status and body in the message;
/// a transport error is `unavailable`. Bodies are ``TodoWireFormat``.
public struct HTTPTodoStore: RepositoryProtocol {
    /// Each request's timeout: a day. The contract's watchdog judges a hung call by progress; URLSession's
    /// default 60 s would fail a call that is only slow because a loaded machine starves it.
    public static let requestTimeout: TimeInterval = 86_400

    /// The stores' session: ephemeral, request and resource timeouts of ``requestTimeout``.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = requestTimeout
        configuration.timeoutIntervalForResource = requestTimeout
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()

    /// The API's base URL (`http://127.0.0.1:8080`); paths are appended to it.
    public let baseURL: URL

    /// A store talking to the API at `baseURL`.
    public init(baseURL: URL) {
        self.baseURL = baseURL
    }

    public func create(_ todo: Todo) async throws -> Todo {
        let (status, body) = try await send("POST", "todos", body: todo)
        switch status {
        case 201: return try decode(Todo.self, from: body, answering: "POST /todos")
        case 400: throw RepositoryError(.invalidInput, "POST /todos refused the to-do: \(text(of: body))")
        default: throw unexpected(status, body, answering: "POST /todos")
        }
    }

    public func fetch(id: Int) async throws -> Todo? {
        let call = "GET /todos/\(id)"
        let (status, body) = try await send("GET", "todos/\(id)")
        switch status {
        case 200: return try decode(Todo.self, from: body, answering: call)
        case 404: return nil
        default: throw unexpected(status, body, answering: call)
        }
    }

    public func fetchAll() async throws -> [Todo] {
        let (status, body) = try await send("GET", "todos")
        guard status == 200 else { throw unexpected(status, body, answering: "GET /todos") }
        return try decode([Todo].self, from: body, answering: "GET /todos")
    }

    public func update(_ todo: Todo) async throws -> Todo {
        let call = "PUT /todos/\(todo.id)"
        let (status, body) = try await send("PUT", "todos/\(todo.id)", body: todo)
        switch status {
        case 200: return try decode(Todo.self, from: body, answering: call)
        case 404: throw RepositoryError.notFound("no todo \(todo.id)")
        case 400: throw RepositoryError(.invalidInput, "\(call) refused the to-do: \(text(of: body))")
        default: throw unexpected(status, body, answering: call)
        }
    }

    public func delete(id: Int) async throws {
        let call = "DELETE /todos/\(id)"
        let (status, body) = try await send("DELETE", "todos/\(id)")
        switch status {
        case 204: return
        case 404: throw RepositoryError.notFound("no todo \(id)")
        default: throw unexpected(status, body, answering: call)
        }
    }

    // MARK: - Transport

    private func send(_ method: String, _ path: String, body: Todo? = nil) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = method
        request.timeoutInterval = Self.requestTimeout
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = try TodoWireFormat.encoder.encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        do {
            let (data, response) = try await Self.session.cancellableData(for: request)
            guard let http = response as? HTTPURLResponse else {
                throw RepositoryError.invalidResponse("\(method) /\(path): not an HTTP response")
            }
            return (http.statusCode, data)
        } catch let error as URLError {
            throw RepositoryError.unavailable("\(method) /\(path): \(error.localizedDescription) (\(error.code.rawValue))")
        }
    }

    private func decode<Value: Decodable>(_ type: Value.Type, from body: Data, answering call: String) throws -> Value {
        do {
            return try TodoWireFormat.decoder.decode(type, from: body)
        } catch {
            throw RepositoryError.invalidResponse("\(call) answered a body that is not a \(type): \(error); body: \(text(of: body))")
        }
    }

    private func unexpected(_ status: Int, _ body: Data, answering call: String) -> RepositoryError {
        let message = "\(call) answered \(status): \(text(of: body))"
        return (500...599).contains(status) ? .unavailable(message) : .invalidResponse(message)
    }

    private func text(of body: Data) -> String {
        String(decoding: body.prefix(1_000), as: UTF8.self)
    }
}
