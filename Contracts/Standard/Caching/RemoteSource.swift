import RepositoryContractsPrimitives
import ContractEngine
public import Foundation
public import RecordReplay

/// The remote source a caching repository reads through, as the caching contract hosts it: an
/// in-memory collection of entities (``RemoteRecords``) behind the HTTP API the repository speaks,
/// served by a fresh loopback `StubServer` for each clause.
///
/// The contract changes the records behind the cache's back (that is how it tells a cached answer from
/// a fresh one) and counts the requests in the server's journal; `respond` translates between HTTP and
/// the records. ``rest(at:encoder:decoder:)`` is the conventional JSON REST API; write your own for
/// any other wire format:
///
/// ```swift
/// RemoteSource<Todo>("legacy API") { request, records in
///     guard request.method == "GET", request.path == "/v1/items" else { return StubResponse(status: 404) }
///     return StubResponse(status: 200, body: try LegacyCodec.encode(records.all))
/// }
/// ```
public struct RemoteSource<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    /// How the source is named in messages ("REST /todos").
    public var name: String
    /// Answers one request from (and, for writes, into) the records.
    public var respond: @Sendable (StubRequest, RemoteRecords<Entity>) async throws -> StubResponse

    /// A source whose API `respond` implements.
    public init(
        _ name: String, respond: @escaping @Sendable (StubRequest, RemoteRecords<Entity>) async throws -> StubResponse
    ) {
        self.name = name
        self.respond = respond
    }

    /// Serves fresh, empty records on `server` (a stub answering every request) and returns them: for
    /// running other contracts, such as CRUD, on a repository written against this source.
    ///
    /// ```swift
    /// Conformance<CRUD<Todo>>("caching, CRUD") {          // in a test with the .stubServer() trait
    ///     let server = StubServer.current
    ///     RemoteSource<Todo>.rest(at: "/todos").serve(on: server)
    ///     return CachingTodoRepository(baseURL: server.baseURL, ttl: .seconds(60), clock: MockClock())
    /// }
    /// ```
    @discardableResult
    public func serve(on server: StubServer) -> RemoteRecords<Entity> {
        let records = RemoteRecords<Entity>()
        let respond = self.respond
        server.playback.stub(.any) { request in try await respond(request, records) }
        return records
    }
}

extension RemoteSource where Entity: Codable {
    /// The conventional JSON REST API over a collection at `path` ("/todos"):
    ///
    /// | request | answer |
    /// |---|---|
    /// | `GET /todos` | `200` with every entity as a JSON array, in insertion order |
    /// | `POST /todos` with an entity | `201` with the entity, `409` when its id exists |
    /// | `GET /todos/{id}` | `200` with the entity, `404` when there is none |
    /// | `PUT /todos/{id}` with the entity | `200` with the entity, `404` when there is none |
    /// | `DELETE /todos/{id}` | `204`, `404` when there is none |
    ///
    /// Anything else answers `404` or `405` with a JSON `{"error": …}` body; a body that does not decode
    /// answers `400`.
    ///
    /// - Parameters:
    ///   - path: The collection's path, starting with `/`.
    ///   - idText: An id as a path segment.
    ///   - id: The id a path segment names, or `nil` when it names none.
    ///   - encoder: Makes the encoder for response bodies (called per use: encoders are not shared
    ///     between threads).
    ///   - decoder: Makes the decoder for request bodies.
    public static func rest(
        at path: String,
        idText: @escaping @Sendable (Entity.ID) -> String,
        id: @escaping @Sendable (String) -> Entity.ID?,
        encoder: @autoclosure @escaping @Sendable () -> JSONEncoder = JSONEncoder(),
        decoder: @autoclosure @escaping @Sendable () -> JSONDecoder = JSONDecoder()
    ) -> Self {
        let collection = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let api = RESTCollection<Entity>(
            path: "/" + collection.joined(separator: "/"), idText: idText, parseID: id, encoder: encoder,
            decoder: decoder)
        return Self("REST \(api.path)") { request, records in
            var segments = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            guard segments.starts(with: collection) else { return api.problem(404, "no route for \(request.path)") }
            segments.removeFirst(collection.count)
            switch segments.count {
            case 0: return api.collection(request, records)
            case 1: return api.item(request, segments[0].removingPercentEncoding ?? segments[0], records)
            default: return api.problem(404, "no route for \(request.path)")
            }
        }
    }
}

extension RemoteSource where Entity: Codable, Entity.ID: LosslessStringConvertible {
    /// The conventional JSON REST API over a collection at `path`, with ids written into paths as text
    /// (`/todos/42`); see ``rest(at:idText:id:encoder:decoder:)``.
    public static func rest(
        at path: String,
        encoder: @autoclosure @escaping @Sendable () -> JSONEncoder = JSONEncoder(),
        decoder: @autoclosure @escaping @Sendable () -> JSONDecoder = JSONDecoder()
    ) -> Self {
        rest(at: path, idText: { $0.description }, id: { Entity.ID($0) }, encoder: encoder(), decoder: decoder())
    }
}

/// The entities a ``RemoteSource`` serves: the remote's state, which the caching contract seeds and
/// changes behind the cache's back, and which the source's `respond` reads and writes. Thread-safe;
/// keeps insertion order.
public final class RemoteRecords<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    private let state = Protected<[Entity]>([])

    /// Creates empty records.
    public init() {}

    /// Every entity, in insertion order.
    public var all: [Entity] {
        state.withLock { $0 }
    }

    /// The entity with `id`, if any.
    public func entity(id: Entity.ID) -> Entity? {
        state.withLock { entities in entities.first { $0.id == id } }
    }

    /// Adds `entity`; returns `false` and changes nothing when its id is taken.
    @discardableResult
    public func insert(_ entity: Entity) -> Bool {
        state.withLock { entities in
            guard !entities.contains(where: { $0.id == entity.id }) else { return false }
            entities.append(entity)
            return true
        }
    }

    /// Replaces the entity with `entity`'s id, keeping its position; returns `false` when there is none.
    @discardableResult
    public func replace(_ entity: Entity) -> Bool {
        state.withLock { entities in
            guard let index = entities.firstIndex(where: { $0.id == entity.id }) else { return false }
            entities[index] = entity
            return true
        }
    }

    /// Removes the entity with `id`; returns `false` when there is none.
    @discardableResult
    public func remove(id: Entity.ID) -> Bool {
        state.withLock { entities in
            guard let index = entities.firstIndex(where: { $0.id == id }) else { return false }
            entities.remove(at: index)
            return true
        }
    }
}

/// The routes of ``RemoteSource/rest(at:idText:id:encoder:decoder:)``.
private struct RESTCollection<Entity: Identifiable & Equatable & Sendable & Codable>: Sendable where Entity.ID: Sendable {
    let path: String
    let idText: @Sendable (Entity.ID) -> String
    let parseID: @Sendable (String) -> Entity.ID?
    let encoder: @Sendable () -> JSONEncoder
    let decoder: @Sendable () -> JSONDecoder

    func collection(_ request: StubRequest, _ records: RemoteRecords<Entity>) -> StubResponse {
        switch request.method {
        case "GET":
            return json(200, records.all)
        case "POST":
            guard let entity = try? decoder().decode(Entity.self, from: request.body) else {
                return problem(400, "the body is not an entity")
            }
            return records.insert(entity) ? json(201, entity) : problem(409, "\(idText(entity.id)) already exists")
        default:
            return problem(405, "\(request.method) is not allowed on \(path)")
        }
    }

    func item(_ request: StubRequest, _ segment: String, _ records: RemoteRecords<Entity>) -> StubResponse {
        guard let id = parseID(segment) else { return problem(404, "'\(segment)' is not an id") }
        switch request.method {
        case "GET":
            return records.entity(id: id).map { json(200, $0) } ?? problem(404, "no entity \(segment)")
        case "PUT":
            guard let entity = try? decoder().decode(Entity.self, from: request.body), entity.id == id else {
                return problem(400, "the body is not an entity with id \(segment)")
            }
            return records.replace(entity) ? json(200, entity) : problem(404, "no entity \(segment)")
        case "DELETE":
            return records.remove(id: id) ? StubResponse(status: 204) : problem(404, "no entity \(segment)")
        default:
            return problem(405, "\(request.method) is not allowed on \(path)/\(segment)")
        }
    }

    private func json(_ status: Int, _ value: some Encodable) -> StubResponse {
        do {
            return StubResponse(
                status: status, headers: ["Content-Type": "application/json"], body: try encoder().encode(value))
        } catch {
            return problem(500, "the entity could not be encoded: \(error)")
        }
    }

    func problem(_ status: Int, _ detail: String) -> StubResponse {
        let body = (try? JSONSerialization.data(withJSONObject: ["error": detail])) ?? Data()
        return StubResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }
}
