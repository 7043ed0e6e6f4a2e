import RecordReplayMessages
@testable import RepositoryContractsJSON
import Foundation
import RepositoryContractsPrimitives
@testable import RecordReplay
@testable import RecordReplayFixtures
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A live API that makes re-recording hard: it assigns random UUIDs (lists in lower case, todos in
/// upper case), writes the members of every JSON object in a random order, and holds the answers to
/// the requests of a concurrent phase until all of them have arrived, so that their flights overlap
/// whatever the machine's load.
///
/// `POST /lists` → 201 `{"id", "name"}` with `Location: /lists/<id>`; `POST /lists/<id>/todos` → 201
/// `{"id", "listId", "title", "done", "href": "/todos/<id>"}` with `Location`; `GET /todos/<id>`;
/// `PATCH /todos/<id>` with `{"done": …}`; `DELETE /todos/<id>` → 204; `GET /lists/<id>/todos`, sorted by
/// title.
final class ShufflingListsAPI: Sendable {
    private let server = StubServer()
    /// The phase the three concurrent creates wait in, and the one the three concurrent reads wait in.
    let creates = ArrivalGate(expected: 3)
    let reads = ArrivalGate(expected: 3)

    private struct Todo {
        var id: String
        var listId: String
        var title: String
        var done = false
    }

    private struct State {
        var lists: [String: String] = [:]
        var todos: [String: Todo] = [:]
    }

    /// An API; with `holdingConcurrentPhases` false, no request waits for others (for a client that
    /// sends one at a time).
    init(holdingConcurrentPhases: Bool = true) {
        let state = Protected(State())
        let creates = holdingConcurrentPhases ? creates : nil
        let reads = holdingConcurrentPhases ? reads : nil
        server.playback.stub(.any) { request in
            let segments = request.path.split(separator: "/").map(String.init)
            switch (request.method, segments.count) {
            case ("POST", 1):
                let id = UUID().uuidString.lowercased()
                let name = Self.member("name", of: request.body) ?? ""
                state.withLock { $0.lists[id] = name }
                return Self.json(201, [("id", .string(id)), ("name", .string(name))], location: "/lists/\(id)")
            case ("POST", 3):
                await creates?.arrive()
                let todo = Todo(id: UUID().uuidString, listId: segments[1], title: Self.member("title", of: request.body) ?? "")
                state.withLock { $0.todos[todo.id] = todo }
                return Self.json(201, Self.members(of: todo), location: "/todos/\(todo.id)")
            case ("GET", 3):
                let todos = state.withLock { state in state.todos.values.filter { $0.listId == segments[1] } }
                let sorted = todos.sorted { $0.title < $1.title }
                return Self.json(200, sorted.map { Self.shuffled(Self.members(of: $0)) })
            case ("GET", 2):
                await reads?.arrive()
                guard let todo = state.withLock({ $0.todos[segments[1]] }) else { return StubResponse(status: 404) }
                return Self.json(200, Self.members(of: todo))
            case ("PATCH", 2):
                let done = Self.member("done", of: request.body) == "true"
                guard let todo = state.withLock({ state -> Todo? in
                    state.todos[segments[1]]?.done = done
                    return state.todos[segments[1]]
                }) else { return StubResponse(status: 404) }
                return Self.json(200, Self.members(of: todo))
            case ("DELETE", 2):
                state.withLock { $0.todos[segments[1]] = nil }
                return StubResponse(status: 204)
            default:
                return StubResponse(status: 404)
            }
        }
    }

    func start() async throws { try await server.start() }
    func stop() async { await server.stop() }
    var baseURL: URL { server.baseURL }

    private static func members(of todo: Todo) -> [(String, JSONValue)] {
        [
            ("id", .string(todo.id)), ("listId", .string(todo.listId)), ("title", .string(todo.title)),
            ("done", .bool(todo.done)), ("href", .string("/todos/\(todo.id)")),
        ]
    }

    private static func shuffled(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(members.shuffled().map { JSONValue.Member($0.0, $0.1) })
    }

    private static func json(_ status: Int, _ members: [(String, JSONValue)], location: String? = nil) -> StubResponse {
        json(status, shuffled(members), location: location)
    }

    private static func json(_ status: Int, _ elements: [JSONValue]) -> StubResponse {
        json(status, .array(elements))
    }

    private static func json(_ status: Int, _ value: JSONValue, location: String? = nil) -> StubResponse {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if let location { headers.append(name: "Location", value: location) }
        return StubResponse(status: status, headers: headers, body: Data(value.serialized().utf8))
    }

    /// A top-level member of a JSON object body, as text (`true` for a boolean).
    private static func member(_ name: String, of body: Data) -> String? {
        guard case .object(let members)? = try? JSONValue(parsing: body),
            let value = members.first(where: { $0.name == name })?.value
        else { return nil }
        switch value {
        case .string(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }
}

/// Counts the requests of one concurrent phase: each waits in ``arrive()`` until all have arrived, and
/// a client can wait for the first few before it sends the next (an arrival order of its choosing).
actor ArrivalGate {
    private let expected: Int
    private var arrived = 0
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(expected: Int) {
        self.expected = expected
    }

    /// Notes an arrival, then waits until all expected requests have arrived.
    func arrive() async {
        arrived += 1
        resumeWaiters()
        await waitForArrivals(expected)
    }

    /// Returns once `count` requests have arrived.
    func waitForArrivals(_ count: Int) async {
        guard arrived < count else { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }

    private func resumeWaiters() {
        let ready = waiters.filter { $0.count <= arrived }
        waiters.removeAll { $0.count <= arrived }
        for waiter in ready { waiter.continuation.resume() }
    }
}

/// The client of ``ShufflingListsAPI``: makes a list, creates three todos at once, reads them at once,
/// marks one done, deletes another, and lists them; it checks every id it got back round-trips.
struct ListsClient {
    var baseURL: URL
    /// The order the concurrent requests are sent in.
    var order = ["milk", "eggs", "bread"]
    /// The API's gates, when live: each concurrent request is sent once the ones before it have reached
    /// the API, so that they arrive in ``order``. Replay needs none.
    var gates: (creates: ArrivalGate, reads: ArrivalGate)?

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The final listing, as `title done` lines.
    func run() async throws -> [String] {
        let list = try object(await send("POST", "/lists", body: ["name": "Groceries"], expecting: 201))
        let listID = try string("id", of: list)
        var created: [String: String] = [:]
        for (title, todo) in try await concurrently(gate: gates?.creates, { title in
            try object(await send("POST", "/lists/\(listID)/todos", body: ["title": title], expecting: 201))
        }) {
            guard try string("listId", of: todo) == listID else { throw Failure(description: "listId did not round-trip") }
            created[title] = try string("id", of: todo)
        }
        let ids = created
        for (title, todo) in try await concurrently(gate: gates?.reads, { title in
            try object(await send("GET", "/todos/\(ids[title] ?? "")", expecting: 200))
        }) {
            guard try string("id", of: todo) == created[title], try string("title", of: todo) == title else {
                throw Failure(description: "GET /todos/<id of \(title)> answered another todo")
            }
        }
        _ = try await send("PATCH", "/todos/\(created["milk"] ?? "")", body: ["done": true], expecting: 200)
        _ = try await send("DELETE", "/todos/\(created["eggs"] ?? "")", expecting: 204)
        let listing = try await send("GET", "/lists/\(listID)/todos", expecting: 200)
        guard let todos = try JSONSerialization.jsonObject(with: listing) as? [[String: Any]] else {
            throw Failure(description: "the listing is not an array of objects")
        }
        return todos.map { "\($0["title"] as? String ?? "?") \($0["done"] as? Bool ?? false)" }
    }

    /// Runs `send` for each title of ``order`` at once, each started once the ones before it have
    /// reached the API (with a gate); the answers by title.
    private func concurrently(
        gate: ArrivalGate?, _ send: @escaping @Sendable (String) async throws -> [String: Any]
    ) async throws -> [(String, [String: Any])] {
        try await withThrowingTaskGroup(of: (String, SendableObject).self) { group in
            for (position, title) in order.enumerated() {
                await gate?.waitForArrivals(position)
                group.addTask { (title, SendableObject(value: try await send(title))) }
            }
            var answers: [(String, [String: Any])] = []
            for try await (title, object) in group { answers.append((title, object.value)) }
            return answers.sorted { $0.0 < $1.0 }
        }
    }

    private struct SendableObject: @unchecked Sendable {
        var value: [String: Any]
    }

    private func send(_ method: String, _ path: String, body: [String: Any]? = nil, expecting status: Int? = nil)
        async throws -> Data
    {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!)
        request.httpMethod = method
        if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.patient.data(for: request)
        let code = (response as? HTTPURLResponse)?.statusCode ?? 0
        if let status, code != status {
            throw Failure(description: "\(method) \(path) answered \(code): \(String(decoding: data, as: UTF8.self))")
        }
        return data
    }

    private func object(_ data: Data) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(description: "not a JSON object: \(String(decoding: data, as: UTF8.self))")
        }
        return object
    }

    private func string(_ name: String, of object: [String: Any]) throws -> String {
        guard let value = object[name] as? String else { throw Failure(description: "no string \(name) in \(object)") }
        return value
    }
}
