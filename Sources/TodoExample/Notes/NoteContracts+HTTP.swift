public import ContractEngine
import Foundation
import MockTime
import RecordReplay

extension NoteContracts {
    /// The HTTP note store talking to a fresh ``NoteAPIFake`` served by the current scope's stub server
    /// (``StubServer/current``): the real client, the real sockets, a backend in code whose clock the
    /// witness moves. Every family declared; the bulk clauses store 100 notes, one request each.
    public static var httpFakeAPI: Conformance<CRUD<Note>> {
        http("http-fake-api notes") {
            let server = StubServer.current
            let api = NoteAPIFake()
            server.playback.stub(.any) { api.respond(to: $0) }
            return (server.baseURL, api.clock)
        }
    }

    /// The HTTP note store talking to the stub server of the current scope, which replays
    /// `Fixtures/Notes/` (one fixture per clause). Moving the store's time does nothing: the recorded
    /// answers already carry the times the live API stamped.
    public static var httpReplay: Conformance<CRUD<Note>> {
        http("http-replay notes") { (StubServer.current.baseURL, nil) }
    }

    /// The HTTP note store talking to the current scope's stub server (a recording proxy in front of
    /// `api`), moving `api`'s clock as the store's time: what records `Fixtures/Notes/`. It sends the
    /// requests ``httpReplay`` sends, so what it records replays there.
    public static func httpLive(movingClockOf api: NoteAPIServer) -> Conformance<CRUD<Note>> {
        http("http-live notes") { (StubServer.current.baseURL, api.clock) }
    }

    /// A conformance of the HTTP note store at the base URL `locate` gives for each subject, moving the
    /// store's time on the clock it gives (nothing for `nil`). Every write goes through the scope's stub
    /// server, which the `atomicity.serverFault*` clauses fail.
    private static func http(
        _ name: String, _ locate: @escaping @Sendable () -> (baseURL: URL, clock: MockClock?)
    ) -> Conformance<CRUD<Note>> {
        declaringFamilies(Conformance<CRUD<Note>>(name) {
            let (baseURL, clock) = locate()
            return witness(HTTPNoteRepository(baseURL: baseURL), clock: clock ?? MockClock())
        })
        .scalingBulkClauses(to: 100)
        .writingThroughStubServer()
    }
}
