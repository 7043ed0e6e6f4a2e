public import Foundation
import RecordReplay

/// A live Todo API on a loopback port: a ``TodoAPIFake`` served over real HTTP, with its own state,
/// for a recording proxy to forward to. It is what `Fixtures/Todos/` is recorded from.
///
/// ```swift
/// let api = TodoAPIServer()
/// try await api.start()
/// let recorder = StubServer(.init(fixtureDirectory: folder, recording: Recording(mode: .all, upstream: api.baseURL)))
/// ```
public final class TodoAPIServer: Sendable {
    private let server: StubServer

    /// Creates a stopped API holding no Todos; with `assigningRandomIDs`, `POST /todos` stores each Todo
    /// under a random id of the server's choosing, and `representation` says how the Todos it sends are
    /// written (see ``TodoAPIFake/init(assigningRandomIDs:representation:)``).
    public init(assigningRandomIDs: Bool = false, representation: TodoAPIFake.Representation = .plain) {
        server = StubServer()
        let api = TodoAPIFake(assigningRandomIDs: assigningRandomIDs, representation: representation)
        server.playback.stub(.any) { api.respond(to: $0) }
    }

    /// How many requests the API has answered: writes that reach it show here.
    public var requestCount: Int { server.journal.count }

    /// The requests the API answered, as `METHOD /path`.
    public var requests: [String] { server.journal.map { "\($0.method) \($0.path)" } }

    /// Starts listening on a free loopback port.
    public func start() async throws {
        try await server.start()
    }

    /// Stops listening.
    public func stop() async {
        await server.stop()
    }

    /// The API's base URL, such as `http://127.0.0.1:49152`.
    public var baseURL: URL { server.baseURL }
}
