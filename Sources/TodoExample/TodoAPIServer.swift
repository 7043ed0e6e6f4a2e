public import Foundation
import RecordReplay

/// A live Todo API on a loopback port: a ``TodoAPIFake`` served over real HTTP, with its own state,
/// for a recording proxy to forward to. It is what `Fixtures/Todos/` is recorded from.
///
/// ```swift
/// let api = TodoAPIServer()
/// try await api.start()
/// let recorder = StubServer(.init(fixtureDirectory: folder, recordMode: .all, upstream: api.baseURL))
/// ```
public final class TodoAPIServer: Sendable {
    private let server: StubServer

    /// Creates a stopped API holding no Todos.
    public init() {
        server = StubServer()
        let api = TodoAPIFake()
        server.playback.stub(.any) { api.respond(to: $0) }
    }

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
