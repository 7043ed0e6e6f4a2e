public import ContractEngine
public import StandardContracts
public import Foundation
public import MockTime
import Observation
import RecordReplay
import TodoExample

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a loader conformer is built on in one clause: the remote's base URL, the remote's state in
/// process (for the fake conformer), and the clock the stub server delays answers on.
public struct LoaderEnvironment: Sendable {
    /// The clause's stub server.
    let server: ClauseServer
    /// `http://127.0.0.1:<port>`: the remote.
    public var baseURL: URL { server.baseURL }
    /// The remote's state in process.
    public let api: NotesAPIFake
    /// The clock the server (and the fake) delay answers on.
    public let serverClock: MockClock
}

/// The loader contract's terms: each clause gets a stub server on a mock clock (serving the stateful
/// API in code, replaying or recording its fixture per ``remote``) and the API fake; the subject is a
/// `Loader<Int, Note>` whose initial input is note 1.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public struct LoaderTerms: ContractTerms {
    public typealias Subject = Loader<Int, Note>
    public typealias Environment = LoaderEnvironment

    /// Where each clause's server gets its answers; ``ClauseRemote/programmed`` serves the stateful API
    /// in code. Clauses that inject faults or delays always use it: a fixture cannot hold them.
    public var remote: ClauseRemote

    /// The clauses that inject faults or delays (on the server's mock clock).
    public static let faultInjecting: Set<String> = ["loader.failureThenRetry", "loader.concurrentLoadsCoalesce"]

    public func makeEnvironment(for clause: ClauseSetting<Self>) async throws -> LoaderEnvironment {
        let clock = MockClock()
        let api = NotesAPIFake()
        let remote = Self.faultInjecting.contains(clause.clauseID) ? .programmed : remote
        let server = try await ClauseServer.start(remote, clauseID: clause.clauseID, clock: clock)
        if case .programmed = remote {
            server.server.playback.stub(.any) { api.respond(to: $0) }
        }
        return LoaderEnvironment(server: server, api: api, serverClock: clock)
    }

    public func tearDown(_ environment: LoaderEnvironment, after clause: ClauseSetting<Self>) async -> [ContractFailure] {
        await environment.server.finish(clauseFailed: !clause.failures.isEmpty)
    }

    public func capabilityList(of promises: Void) -> String { "Loader<Int, Note>" }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension Conformance where Terms == LoaderTerms {
    /// A loader conformer built on the main actor by `subject` in each clause.
    public init(
        _ name: String, fileID: StaticString = #fileID, line: UInt = #line,
        subject: @escaping @MainActor @Sendable (LoaderEnvironment) -> Loader<Int, Note>
    ) {
        self.init(name, fileID: fileID, line: line) { environment in await subject(environment) }
    }
}

/// The observable-loader contract: its clauses, conformers and report.
///
/// Observed state sequences come from Observation itself (`withObservationTracking`, see
/// ``LoaderSession``), not from a history the loader keeps: the contract sees what a view sees, and
/// checks that Observation notifies at all (on Linux too) without adding test-only state to the loader.
///
/// `loadSucceeds`, `noReloadOnceLoaded` and `newInputReloads` replay `Fixtures/Systems/Loader/<clause id>.json`;
/// `failureThenRetry` (a `503`) and `concurrentLoadsCoalesce` (the first answer held on the server's
/// `MockClock` so the other calls arrive while it is in flight) always run on the stateful stub responder.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public enum LoaderContract {
    public static let name = "Observable loader"

    static func clause(
        _ id: String, _ summary: String,
        _ body: @escaping @MainActor @Sendable (LoaderSession) async throws -> Void
    ) -> Clause<LoaderTerms> {
        Clause(id, summary) { context in try await LoaderSession.run(context, body) }
    }

    /// The contract, its clauses' servers answering per `remote`.
    public static func contract(remote: ClauseRemote = .programmed) -> Contract<LoaderTerms> {
        Contract(name, terms: LoaderTerms(remote: remote), clauses: clauses)
    }

    static let clauses: [Clause<LoaderTerms>] = [
        clause("loader.loadSucceeds",
               "a new loader is ready and makes no request; load() is observed as loading → success(the remote's note), with one request") { session in
            try await session.put(Note(id: 1, text: "first"))
            let loader = session.loader()
            session.expect([], requests: 0, "a new loader, before load()")
            await loader.load()
            await session.settle()
            session.expect(["loading", "success(1: first)"], requests: 1, "load()")
        },
        clause("loader.noReloadOnceLoaded",
               "once loaded, load() makes no request and keeps the output; load(refresh: true) reloads (loading → success(new))") { session in
            try await session.put(Note(id: 1, text: "first"))
            let loader = session.loader()
            await loader.load()
            await session.settle()
            try await session.put(Note(id: 1, text: "edited"))
            await loader.load()
            await session.settle()
            session.expect(["loading", "success(1: first)"], requests: 1, "load() once loaded")
            await loader.load(refresh: true)
            await session.settle()
            session.expect(["loading", "success(1: first)", "loading", "success(1: edited)"], requests: 2, "load(refresh: true)")
        },
        clause("loader.newInputReloads",
               "assigning a new input reloads (loading → success(the new input's output)) with one request; assigning the same input does not") { session in
            try await session.put(Note(id: 1, text: "first"))
            try await session.put(Note(id: 2, text: "second"))
            let loader = session.loader()
            await loader.load()
            await session.settle()
            loader.input = 2
            await session.settle()
            session.expect(["loading", "success(1: first)", "loading", "success(2: second)"], requests: 2, "input = 2 after loading note 1")
            loader.input = 2
            await session.settle()
            session.expect(["loading", "success(1: first)", "loading", "success(2: second)"], requests: 2, "input = 2 again")
        },
        clause("loader.failureThenRetry",
               "a failing remote (503) is observed as loading → failure; the next load() retries without refresh: a failure is not a loaded output") { session in
            try await session.put(Note(id: 1, text: "first"))
            let loader = session.loader()
            let restore = session.inject(.status(503))
            await loader.load()
            await session.settle()
            restore()
            session.expect(["loading", "failure"], requests: 1, "load() with every request answered 503")
            await loader.load()
            await session.settle()
            session.expect(["loading", "failure", "loading", "success(1: first)"], requests: 2, "load() once the remote answers again")
        },
        clause("loader.concurrentLoadsCoalesce",
               "three load() calls while one request is in flight (held on the server's MockClock) make one request and one loading → success") { session in
            try await session.put(Note(id: 1, text: "first"))
            let loader = session.loader()
            // The first read (only) is held for 1 s on the server's clock: over HTTP by a delay, in process by the fake.
            let rule = session.server.playback.inject(.delay(.seconds(1)), when: .get("/notes/1"), on: .first)
            session.environment.api.holdNextRead(on: session.environment.serverClock, for: .seconds(1))
            let first = Task { await loader.load() }
            await session.environment.serverClock.waitForSleepers(count: 1)  // the request is in flight
            // Both calls have run up to their first suspension (joined the request, or made their own).
            let others = [await session.started { await loader.load() }, await session.started { await loader.load() }]
            session.environment.serverClock.advance(by: .seconds(1))
            await first.value
            for other in others { await other.value }
            session.server.playback.removeFault(rule)
            await session.settle()
            session.expect(["loading", "success(1: first)"], requests: 1, "three concurrent load()")
        },
    ]

    /// The real conformer: the loader over `GET /notes/{id}` through URLSession.
    public static let http = Conformance<LoaderTerms>("HTTP loader") { env in
        Loader(input: 1) { [baseURL = env.baseURL] id in try await NotesAPIFake.fetch(id, from: baseURL) }
    }

    /// The fake conformer: the loader over the API in process (no HTTP).
    public static let fake = Conformance<LoaderTerms>("in-memory loader") { env in
        Loader(input: 1) { [api = env.api] id in try await api.note(id) }
    }

}

/// One loader clause's world, and the observer of the loader's states.
@MainActor
public final class LoaderSession {
    let context: ClauseContext<LoaderTerms>
    /// The states observed so far, described ("loading", "success(1: first)", "failure").
    private(set) var observed: [String] = []
    private var current: () -> String = { "ready" }
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var baseline = 0

    private init(_ context: ClauseContext<LoaderTerms>) {
        self.context = context
    }

    /// Runs `body` in a fresh session over `context`.
    static func run(
        _ context: ClauseContext<LoaderTerms>, _ body: @MainActor (LoaderSession) async throws -> Void
    ) async throws {
        try await body(LoaderSession(context))
    }

    var server: StubServer { context.environment.server.server }
    var environment: LoaderEnvironment { context.environment }

    func fail(_ message: String, expected: String? = nil, actual: String? = nil) {
        context.fail(message, expected: expected, actual: actual)
    }

    /// Builds the loader and starts observing its `state`.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func loader() -> Loader<Int, Note> {
        let loader = context.subject
        baseline = requests
        current = { Self.describe(loader.state) }
        observe(loader)
        return loader
    }

    /// `withObservationTracking` calls `onChange` before the change (willSet): the new state is read in
    /// a main-actor task, which runs after the loader's synchronous change, then tracking starts again.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    private func observe(_ loader: Loader<Int, Note>) {
        withObservationTracking {
            _ = loader.state
        } onChange: {
            Task { @MainActor [weak self] in
                guard let self else { return }
                self.observed.append(Self.describe(loader.state))
                self.observe(loader)
                let waiters = self.waiters
                self.waiters = []
                for waiter in waiters { waiter.resume() }
            }
        }
    }

    /// Starts `operation` in a main-actor task and returns the task once it has run up to its first
    /// suspension. The task signals as it starts; this function, on the main actor too, can resume only
    /// when the task's job gives the main actor back: a handshake, not an assumption about which job the
    /// main actor runs first.
    func started(_ operation: @escaping @MainActor () async -> Void) async -> Task<Void, Never> {
        let (entered, signal) = AsyncStream<Void>.makeStream()
        let task = Task { @MainActor in
            signal.finish()
            await operation()
        }
        for await _ in entered {}
        return task
    }

    /// Waits until the loader is not loading and its current state has been observed.
    func settle() async {
        while current() == "loading" || (!observed.isEmpty && observed.last != current()) {
            await withCheckedContinuation { waiters.append($0) }
        }
    }

    private var requests: Int {
        server.journal.count(of: .method("GET", "/notes/1")) + server.journal.count(of: .method("GET", "/notes/2"))
            + environment.api.directReadCount
    }

    static func describe(_ state: LoaderState<Note>) -> String {
        switch state {
        case .ready: "ready"
        case .loading: "loading"
        case .success(let note): "success(\(note.id): \(note.text))"
        case .failure: "failure"
        }
    }

    func expect(_ states: [String], requests count: Int, _ what: String) {
        if observed != states {
            fail("after \(what), the observed states differ", expected: states.joined(separator: " → "),
                 actual: observed.joined(separator: " → "))
        }
        let made = requests - baseline
        if made != count {
            fail("after \(what), the loader made \(made) GET /notes/{id} in all", expected: "\(count)", actual: "\(made)")
        }
    }

    /// Puts `note` on the remote (over HTTP, so fixtures hold it).
    func put(_ note: Note) async throws {
        var request = URLRequest(url: environment.baseURL.appendingPathComponent("notes/\(note.id)"))
        request.httpMethod = "PUT"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        request.httpBody = try encoder.encode(note)
        let (_, response) = try await URLSession.examples.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else { throw NotesAPIError.status(status) }
    }

    /// Fails every `GET /notes/…` with `fault` (and the in-process reads) until the closure is called.
    func inject(_ fault: Fault) -> () -> Void {
        let rule = server.playback.inject(fault, when: .method("GET", "/notes/1"))
        environment.api.isOffline = true
        return { [server, api = environment.api] in
            server.playback.removeFault(rule)
            api.isOffline = false
        }
    }
}
