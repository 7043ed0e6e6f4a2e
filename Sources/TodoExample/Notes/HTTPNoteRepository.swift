import ContractEngine
public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A note store behind the notes REST API (``NoteAPIFake`` describes the routes), through `URLSession`:
/// the third correct note store, beside ``InMemoryNoteStore`` and ``FileNoteStore``.
///
/// A refusal comes back as a status the client maps to a ``RepositoryError`` kind: `400` → `invalidInput`,
/// `404` → `notFound` (`nil` for `fetch(id:)`), `409` and `412` → `conflict`, `5xx` or a transport error →
/// `unavailable`, anything else or an undecodable body → `invalidResponse`; the message holds the call,
/// the status and the API's `error` text. Dates travel as milliseconds since 1970 (``NoteJSON``).
public struct HTTPNoteRepository: NoteStore {
    /// The API's base URL, for example `http://127.0.0.1:8080` (paths are appended to it).
    public let baseURL: URL
    private let session: URLSession

    /// A store talking to the API at `baseURL` through `session` (the examples' session unless given).
    public init(baseURL: URL, session: URLSession = .examples) {
        self.baseURL = baseURL
        self.session = session
    }

    public func create(_ note: Note) async throws -> Note {
        try await call("POST", "notes", body: note)
    }

    public func fetch(id: Int) async throws -> Note? {
        do {
            return try await call("GET", "notes/\(id)") as Note
        } catch let error as RepositoryError where error.kind == .notFound {
            return nil
        }
    }

    public func fetchAll() async throws -> [Note] {
        try await call("GET", "notes")
    }

    public func update(_ note: Note) async throws -> Note {
        try await call("PUT", "notes/\(note.id)", body: note)
    }

    public func update(_ note: Note, expectedVersion: Int) async throws -> Note {
        try await call("PUT", "notes/\(note.id)", headers: ["If-Match": "\"\(expectedVersion)\""], body: note)
    }

    public func delete(id: Int) async throws {
        try await send("DELETE", "notes/\(id)")
    }

    public func restore(id: Int) async throws {
        try await send("POST", "notes/\(id)/restore")
    }

    public func purge(id: Int) async throws {
        try await send("DELETE", "notes/\(id)", query: [("purge", "true")])
    }

    public func insertAll(_ notes: [Note]) async throws -> [Note] {
        try await call("POST", "notes/batch", body: notes)
    }

    public func notes(taggedWith tag: String) async throws -> [Note] {
        try await call("GET", "notes", query: [("tag", tag)])
    }

    public func page(after cursor: String?, limit: Int) async throws -> (notes: [Note], next: String?) {
        let query = (cursor.map { [("after", $0)] } ?? []) + [("limit", String(limit))]
        let page: NotePageBody = try await call("GET", "notes", query: query)
        return (page.notes, page.next)
    }

    // MARK: - Transport

    /// Sends a request and decodes the body of its `2xx` answer.
    private func call<Value: Decodable>(
        _ method: String, _ path: String, query: [(String, String)] = [], headers: [String: String] = [:],
        body: (some Encodable)? = Optional<Note>.none
    ) async throws -> Value {
        let (status, data, name) = try await exchange(method, path, query: query, headers: headers, body: body)
        do {
            return try NoteJSON.decoder.decode(Value.self, from: data)
        } catch {
            throw RepositoryError.invalidResponse(
                "\(name) answered \(status) with a body that is not a \(Value.self): \(error); body: \(Self.text(data))")
        }
    }

    /// Sends a request whose `2xx` answer carries nothing the store needs.
    private func send(_ method: String, _ path: String, query: [(String, String)] = []) async throws {
        _ = try await exchange(method, path, query: query, headers: [:], body: Optional<Note>.none)
    }

    /// Sends a request; returns the status, the body and the call's name, or throws the error its
    /// non-`2xx` status stands for.
    private func exchange(
        _ method: String, _ path: String, query: [(String, String)], headers: [String: String], body: (some Encodable)?
    ) async throws -> (Int, Data, String) {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty {
            components?.percentEncodedQuery = query.map { "\($0)=\(Self.percentEncoded($1))" }.joined(separator: "&")
        }
        guard let url = components?.url else { throw RepositoryError(.invalidInput, "no URL for \(path) with \(query)") }
        let name = "\(method) /\(path)" + (components?.percentEncodedQuery.map { "?\($0)" } ?? "")
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (field, value) in headers { request.setValue(value, forHTTPHeaderField: field) }
        if let body {
            request.httpBody = try NoteJSON.encoder.encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let data: Data, response: URLResponse
        do {
            (data, response) = try await session.cancellableData(for: request)
        } catch let error as URLError {
            throw RepositoryError.unavailable("\(name): \(error.localizedDescription) (\(error.code.rawValue))")
        }
        guard let status = (response as? HTTPURLResponse)?.statusCode else {
            throw RepositoryError.invalidResponse("\(name): not an HTTP response")
        }
        guard (200...299).contains(status) else { throw Self.error(status, data, for: name) }
        return (status, data, name)
    }

    /// The error a refusal's status stands for.
    private static func error(_ status: Int, _ body: Data, for name: String) -> RepositoryError {
        let detail = (try? JSONDecoder().decode([String: String].self, from: body))?["error"] ?? text(body)
        let message = "\(name) answered \(status): \(detail)"
        switch status {
        case 400, 422: return RepositoryError(.invalidInput, message)
        case 404: return .notFound(message)
        case 409, 412: return .conflict(message)
        case 500...599: return .unavailable(message)
        default: return .invalidResponse(message)
        }
    }

    /// A query value with everything but unreserved characters percent-encoded (`+` and `&` included),
    /// so the API reads back exactly the text that was sent.
    private static func percentEncoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func text(_ body: Data) -> String {
        String(decoding: body.prefix(2_000), as: UTF8.self)
    }
}

/// The JSON coding of the notes API, shared by the client and the fake API: the Todo API's
/// (``TodoJSON``: sorted keys, dates as milliseconds since 1970).
public enum NoteJSON {
    /// Encodes notes as the API expects and sends them.
    public static var encoder: JSONEncoder { TodoJSON.encoder }
    /// Decodes notes as the API sends and expects them.
    public static var decoder: JSONDecoder { TodoJSON.decoder }
}

/// A page as the notes API sends it: `{"next": …, "notes": […]}`, `next` absent on the last page.
struct NotePageBody: Codable {
    var notes: [Note]
    var next: String?
}
