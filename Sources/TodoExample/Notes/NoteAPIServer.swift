public import Foundation
public import MockTime
import RecordReplay

/// A live notes API on a loopback port: a ``NoteAPIFake`` served over real HTTP, with its own notes and
/// clock, for a recording proxy to forward to. It is what `Fixtures/Notes/` is recorded from.
///
/// ```swift
/// let api = NoteAPIServer()
/// try await api.start()
/// let recorder = StubServer(.init(fixtureDirectory: folder, recording: Recording(mode: .all, upstream: api.baseURL)))
/// let notes = NoteContracts.httpLive(movingClockOf: api)
/// ```
public final class NoteAPIServer: Sendable {
    private let server: StubServer
    /// The clock the API stamps its writes with: advance it to move the store's time.
    public let clock: MockClock

    /// A stopped API holding no notes, stamping writes with `clock` (a fresh ``MockClock`` unless given).
    public init(clock: MockClock = MockClock()) {
        server = StubServer()
        self.clock = clock
        let api = NoteAPIFake(clock: clock)
        server.playback.stub(.any) { api.respond(to: $0) }
    }

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
