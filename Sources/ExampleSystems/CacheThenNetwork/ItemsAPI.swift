import RepositoryContractsPrimitives
internal import ContractEngine
public import Foundation
public import RecordReplay

/// An entity of the cache-then-network seed (003): a passive, `Codable` value.
public struct Item: Codable, Hashable, Identifiable, Sendable {
    public var id: Int
    public var name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// The JSON the items API speaks: sorted keys, so the same traffic records the same bytes.
enum ItemJSON {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

/// The items REST API as a stateful fake in code: `GET /items` (every item, ordered by id) and
/// `POST /items` (201). Served by a stub responder in the contract's stateful remote, and live by
/// ``ItemsAPIServer`` to record `Fixtures/Systems/CacheThenNetwork/` from.
///
/// The in-process fake repository reads it directly through ``list()``; ``isOffline`` makes that path
/// fail as the HTTP path fails when the contract injects a fault into the stub server.
public final class ItemsAPIFake: Sendable {
    private struct State {
        var items: [Int: Item] = [:]
        var offline = false
        var directLists = 0
    }

    private let state = Protected(State())

    public init() {}

    /// Answers one HTTP request, changing the stored items as the real API would.
    public func respond(to request: StubRequest) -> StubResponse {
        guard request.path == "/items" else { return Self.answer(404, Data("{\"error\":\"no route\"}".utf8)) }
        switch request.method {
        case "GET":
            return Self.answer(200, (try? ItemJSON.encoder.encode(sorted())) ?? Data())
        case "POST":
            guard let item = try? JSONDecoder().decode(Item.self, from: request.body) else {
                return Self.answer(400, Data("{\"error\":\"not an item\"}".utf8))
            }
            insert(item)
            return Self.answer(201, (try? ItemJSON.encoder.encode(item)) ?? Data())
        default:
            return Self.answer(405, Data("{\"error\":\"method not allowed\"}".utf8))
        }
    }

    /// Stores `item` (replacing the item with its id), as `POST /items` does.
    public func insert(_ item: Item) {
        state.withLock { $0.items[item.id] = item }
    }

    /// The in-process read of the fake repository: the list, or ``ItemsAPIError/offline``.
    public func list() throws -> [Item] {
        let offline = state.withLock { state -> Bool in
            state.directLists += 1
            return state.offline
        }
        if offline { throw ItemsAPIError.offline }
        return sorted()
    }

    /// Whether the in-process path fails (the contract sets it with every fault it injects).
    public var isOffline: Bool {
        get { state.withLock { $0.offline } }
        set { state.withLock { $0.offline = newValue } }
    }

    /// How many times ``list()`` was called.
    public var directListCount: Int { state.withLock { $0.directLists } }

    private func sorted() -> [Item] {
        state.withLock { $0.items.values.sorted { $0.id < $1.id } }
    }

    private static func answer(_ status: Int, _ body: Data) -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }
}

/// Why the items API could not answer.
public enum ItemsAPIError: Error, Sendable, Equatable {
    /// The in-process fake is offline.
    case offline
    /// The HTTP API answered a status other than 200.
    case status(Int)
}

/// A live items API on a loopback port (an ``ItemsAPIFake`` behind a stub responder): what a
/// recording stub server forwards to.
public final class ItemsAPIServer: Sendable {
    private let server = StubServer()

    public init() {
        let api = ItemsAPIFake()
        server.playback.stub(.any) { api.respond(to: $0) }
    }

    public func start() async throws { try await server.start() }
    public func stop() async { await server.stop() }
    public var baseURL: URL { server.baseURL }
}
