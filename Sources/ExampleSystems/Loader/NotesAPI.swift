import RepositoryContractsPrimitives
public import Foundation
public import RecordReplay
internal import ContractEngine
internal import TodoExample
public import MockTime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the loader loads in the contract: a note by id.
public struct Note: Codable, Hashable, Sendable {
    public var id: Int
    public var text: String

    public init(id: Int, text: String) {
        self.id = id
        self.text = text
    }
}

/// The notes REST API as a stateful fake in code: `GET /notes/{id}` (200 or 404), `PUT /notes/{id}`
/// (200). Served by a stub responder, and live by ``NotesAPIServer`` to record
/// `Fixtures/Systems/Loader/` from; the fake conformer reads it in process with ``note(_:)``.
public final class NotesAPIFake: Sendable {
    private struct State {
        var notes: [Int: Note] = [:]
        var offline = false
        var directReads = 0
        var hold: (clock: MockClock, duration: Duration)?
    }

    private let state = Protected(State())

    public init() {}

    public func respond(to request: StubRequest) -> StubResponse {
        let parts = request.path.split(separator: "/")
        guard parts.count == 2, parts[0] == "notes", let id = Int(parts[1]) else { return Self.answer(404, nil) }
        switch request.method {
        case "GET":
            return state.withLock { $0.notes[id] }.map { Self.answer(200, $0) } ?? Self.answer(404, nil)
        case "PUT":
            guard let note = try? JSONDecoder().decode(Note.self, from: request.body), note.id == id else {
                return Self.answer(400, nil)
            }
            state.withLock { $0.notes[id] = note }
            return Self.answer(200, note)
        default:
            return Self.answer(405, nil)
        }
    }

    /// The in-process read: the note, or ``NotesAPIError``; held on the clock first if asked.
    public func note(_ id: Int) async throws -> Note {
        let (note, offline, hold) = state.withLock { state in
            state.directReads += 1
            defer { state.hold = nil }
            return (state.notes[id], state.offline, state.hold)
        }
        if let hold { try await hold.clock.sleep(for: hold.duration) }
        if offline { throw NotesAPIError.status(503) }
        guard let note else { throw NotesAPIError.status(404) }
        return note
    }

    /// Whether the in-process read fails (the contract sets it with every fault it injects).
    public var isOffline: Bool {
        get { state.withLock { $0.offline } }
        set { state.withLock { $0.offline = newValue } }
    }

    /// Makes the next in-process read sleep `duration` on `clock` before answering (as the contract
    /// delays the next HTTP answer on the server's clock).
    public func holdNextRead(on clock: MockClock, for duration: Duration) {
        state.withLock { $0.hold = (clock, duration) }
    }

    public var directReadCount: Int { state.withLock { $0.directReads } }

    private static func answer(_ status: Int, _ note: Note?) -> StubResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body = note.flatMap { try? encoder.encode($0) } ?? Data("{\"error\":\(status)}".utf8)
        return StubResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// `GET <baseURL>/notes/{id}`: the HTTP conformer's load closure.
    public static func fetch(_ id: Int, from baseURL: URL) async throws -> Note {
        // Cancellable (the loader cancels a superseded load) without corelibs' cancellation deadlock.
        let (data, response) = try await NotesHTTP.session.cancellableData(for: URLRequest(url: baseURL.appendingPathComponent("notes/\(id)")))
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else { throw NotesAPIError.status(status) }
        return try JSONDecoder().decode(Note.self, from: data)
    }
}

enum NotesHTTP {
    /// No URL cache: a reload must reach the server.
    static let session = URLSession.examplesUncached
}

public enum NotesAPIError: Error, Sendable, Equatable {
    case status(Int)
}

/// A live notes API on a loopback port, for a recording stub server to forward to.
public final class NotesAPIServer: Sendable {
    private let server = StubServer()

    public init() {
        let api = NotesAPIFake()
        server.playback.stub(.any) { api.respond(to: $0) }
    }

    public func start() async throws { try await server.start() }
    public func stop() async { await server.stop() }
    public var baseURL: URL { server.baseURL }
}
