public import ContractEngine
public import StandardContracts
public import Foundation
public import MockTime
import RepositoryContractsPrimitives
import RecordReplay
import TodoExample

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a cache-then-network conformer is built on in one clause: the remote's base URL, the clause's
/// mock clock (only the clause moves it), and the remote's state in process (for the fake conformer).
public struct CacheThenNetworkEnvironment: Sendable {
    /// The clause's stub server.
    let server: ClauseServer
    /// `http://127.0.0.1:<port>`: the remote.
    public var baseURL: URL { server.baseURL }
    /// The clause's clock.
    public let clock: MockClock
    /// The remote's state in process.
    public let api: ItemsAPIFake
}

/// The cache-then-network contract's terms: each clause gets a stub server (serving the stateful API in
/// code, replaying or recording its fixture per ``remote``), a mock clock and the API fake; a conformer
/// declares its TTL.
public struct CacheThenNetworkTerms: ContractTerms {
    public typealias Subject = any CacheThenNetworkRepository
    public typealias Environment = CacheThenNetworkEnvironment
    /// The conformer's time to live.
    public typealias Promises = Duration

    /// Where each clause's server gets its answers; ``ClauseRemote/programmed`` serves the stateful API
    /// in code. Clauses that inject faults always use it: a recorded fixture cannot hold a fault.
    public var remote: ClauseRemote

    /// The clauses that inject faults (`503`, a reset connection).
    public static let faultInjecting: Set<String> = [
        "cacheThenNetwork.offlineKeepsCached", "cacheThenNetwork.offlineWithNothingCachedThrows",
    ]

    public func makeEnvironment(for clause: ClauseSetting<Self>) async throws -> CacheThenNetworkEnvironment {
        let api = ItemsAPIFake()
        let remote = Self.faultInjecting.contains(clause.clauseID) ? .programmed : remote
        let server = try await ClauseServer.start(remote, clauseID: clause.clauseID)
        if case .programmed = remote {
            server.server.playback.stub(.any) { api.respond(to: $0) }
        }
        return CacheThenNetworkEnvironment(server: server, clock: MockClock(), api: api)
    }

    /// Stops the server (unused interactions and unmatched requests fail the clause), and fails the
    /// clause for work the subject left sleeping on the clock.
    public func tearDown(_ environment: CacheThenNetworkEnvironment, after clause: ClauseSetting<Self>) async -> [ContractFailure] {
        await environment.server.finish(clauseFailed: !clause.failures.isEmpty) + environment.clock.leakedSleeperFailures()
    }

    public func capabilityList(of ttl: Duration) -> String {
        "items() stream, ttl \(ttl.secondsText)"
    }

    public func mistakes(in ttl: Duration) -> [String] {
        ttl > .zero ? [] : ["ttl is \(ttl.secondsText): a time to live must be positive"]
    }
}

extension Conformance where Terms == CacheThenNetworkTerms {
    /// A cache-then-network conformer with time to live `ttl`, built by `subject` in each clause.
    public init(
        _ name: String, ttl: Duration, fileID: StaticString = #fileID, line: UInt = #line,
        subject: @escaping @Sendable (CacheThenNetworkEnvironment) -> any CacheThenNetworkRepository
    ) {
        self.init(name, promises: ttl, fileID: fileID, line: line) { subject($0) }
    }
}

/// The cache-then-network contract: its clauses, conformers and report.
///
/// A contract over a subject that is not CRUD (its only operation is a stream), on the same engine:
/// ``CacheThenNetworkTerms`` set up each clause's stub server, clock and API fake before the subject is
/// made, and finish the server after.
///
/// `firstLoadFromNetwork`, `cachedThenFresh` and `cacheExpiresAtTTL` replay
/// `Fixtures/Systems/CacheThenNetwork/<clause id>.json` (the TTL lives in the client, on the clause's
/// `MockClock`); `offlineKeepsCached` and `offlineWithNothingCachedThrows` inject `503` and a reset
/// connection, which a recorded fixture cannot hold, so they always run on the stateful stub responder.
public enum CacheThenNetworkContract {
    public static let name = "Cache then network"
    static func clause(
        _ id: String, _ summary: String,
        _ body: @escaping @Sendable (CacheThenNetworkSession) async throws -> Void
    ) -> Clause<CacheThenNetworkTerms> {
        Clause(id, summary) { context in try await body(CacheThenNetworkSession(context)) }
    }

    /// The contract, its clauses' servers answering per `remote`.
    public static func contract(remote: ClauseRemote = .programmed) -> Contract<CacheThenNetworkTerms> {
        Contract(name, terms: CacheThenNetworkTerms(remote: remote), clauses: clauses)
    }

    static let clauses: [Clause<CacheThenNetworkTerms>] = [
        clause("cacheThenNetwork.firstLoadFromNetwork",
               "with nothing cached, items() yields the remote's list once, with one request, and finishes") { session in
            let remote = try await session.seed()
            let (load, requests) = await session.load()
            session.expect(load, [remote], requests: requests, 1, "the first items() at \(session.time)")
        },
        clause("cacheThenNetwork.cachedThenFresh",
               "items() yields the cached list first, then the fresh one (one request); the fresh one is cached for the next call") { session in
            let cached = try await session.seed()
            _ = await session.load()
            let fresh = try await session.addToRemote()
            session.advance(to: .seconds(1))
            let (second, one) = await session.load()
            session.expect(second, [cached, fresh], requests: one, 1, "items() at \(session.time), after the remote changed,")
            let (third, again) = await session.load()
            session.expect(third, [fresh, fresh], requests: again, 1, "the next items() at \(session.time)")
        },
        clause("cacheThenNetwork.cacheExpiresAtTTL",
               "the cached list is yielded while younger than the TTL (MockClock) and not from age == TTL on") { session in
            let first = try await session.seed()
            _ = await session.load()
            let changed = try await session.addToRemote()
            let refreshedAt = session.ttl - .seconds(1)
            session.advance(to: refreshedAt)
            let (under, one) = await session.load()
            session.expect(under, [first, changed], requests: one, 1, "items() at \(session.time), just under the TTL (\(session.ttl)),")
            let latest = try await session.addToRemote()
            session.advance(to: refreshedAt + session.ttl)
            let (expired, again) = await session.load()
            session.expect(expired, [latest], requests: again, 1,
                           "items() at \(session.time), exactly one TTL after the refresh at \(refreshedAt), must not yield the expired list:")
        },
        clause("cacheThenNetwork.offlineKeepsCached",
               "offline (503, reset connection) items() yields the cached list and finishes normally; the cache survives the failure") { session in
            let cached = try await session.seed()
            _ = await session.load()
            for fault in [Fault.status(503), .connectionReset] {
                let restore = session.inject(fault)
                let (offline, requests) = await session.load()
                restore()
                session.expect(offline, [cached], requests: requests, 1, "items() at \(session.time) with \(fault)", orMore: true)
            }
            let fresh = try await session.addToRemote()
            let (back, one) = await session.load()
            session.expect(back, [cached, fresh], requests: one, 1, "items() once the remote answers again")
        },
        clause("cacheThenNetwork.offlineWithNothingCachedThrows",
               "offline with nothing cached, items() throws without yielding (never an empty list); the failure is not cached") { session in
            let remote = try await session.seed()
            for fault in [Fault.status(503), .connectionReset] {
                let restore = session.inject(fault)
                let (offline, requests) = await session.load()
                restore()
                session.expectThrows(offline, requests: requests, "items() at \(session.time) with nothing cached and \(fault)")
            }
            let (back, one) = await session.load()
            session.expect(back, [remote], requests: one, 1, "items() once the remote answers again")
        },
    ]

    public static let ttl: Duration = .seconds(60)

    /// The real conformer: URLSession to the clause's stub server.
    public static let http = Conformance<CacheThenNetworkTerms>("HTTP cache-then-network", ttl: ttl) { env in
        CachedItemsRepository.http(baseURL: env.baseURL, ttl: ttl, clock: env.clock)
    }

    /// The fake conformer: the same repository layer over the API in process (no HTTP).
    public static let fake = Conformance<CacheThenNetworkTerms>("in-memory cache-then-network", ttl: ttl) { env in
        CachedItemsRepository(ttl: ttl, clock: env.clock, fetch: { try env.api.list() })
    }

}

/// One clause's world, as the checks use it: the stub server (and its journal), the clock, the API
/// fake, the subject; failures go to the clause's context.
struct CacheThenNetworkSession: Sendable {
    let context: ClauseContext<CacheThenNetworkTerms>

    init(_ context: ClauseContext<CacheThenNetworkTerms>) {
        self.context = context
    }

    var server: StubServer { context.environment.server.server }
    var environment: CacheThenNetworkEnvironment { context.environment }
    var ttl: Duration { context.promises }
    var subject: any CacheThenNetworkRepository { context.subject }

    func fail(_ message: String, expected: String? = nil, actual: String? = nil) {
        context.fail(message, expected: expected, actual: actual)
    }

    var time: String { "t = \(environment.clock.now.offset)" }

    func advance(to offset: Duration) {
        environment.clock.advance(to: MockClock.Instant(offset: offset))
    }

    /// What one `items()` call yielded and how it ended.
    struct Load {
        var lists: [[Item]] = []
        var error: (any Error)?
    }

    /// Calls `items()` and drains it; returns what it yielded and the `GET /items` it made.
    func load() async -> (Load, requests: Int) {
        let before = listRequests
        var load = Load()
        do {
            for try await list in subject.items() { load.lists.append(list) }
        } catch {
            load.error = error
        }
        return (load, listRequests - before)
    }

    private var listRequests: Int {
        server.journal.count(of: .get("/items")) + environment.api.directListCount
    }

    /// Seeds the remote with two items (over HTTP, so fixtures hold it); returns its list.
    func seed() async throws -> [Item] {
        _ = try await addToRemote()
        return try await addToRemote()
    }

    /// Adds one item to the remote behind the repository's back; returns the remote's new list.
    func addToRemote() async throws -> [Item] {
        let id = context.takeOrdinal()
        var request = URLRequest(url: environment.baseURL.appendingPathComponent("items"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try ItemJSON.encoder.encode(Item(id: id, name: "item \(id)"))
        let (_, response) = try await URLSession.examples.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 201 else { throw ItemsAPIError.status(status) }
        return (1...id).map { Item(id: $0, name: "item \($0)") }
    }

    /// Makes every `GET /items` fail with `fault` (and the in-process API fail) until the returned
    /// closure is called.
    func inject(_ fault: Fault) -> @Sendable () -> Void {
        let rule = server.playback.inject(fault, when: .get("/items"))
        environment.api.isOffline = true
        let (server, api) = (server, environment.api)
        return {
            server.playback.removeFault(rule)
            api.isOffline = false
        }
    }

    /// Checks what one `items()` call yielded and how many `GET /items` it made (`orMore`: at least
    /// that many, for a failing remote, which URLSession may retry on a reset connection).
    func expect(_ load: Load, _ lists: [[Item]], requests: Int, _ count: Int, _ what: String, orMore: Bool = false) {
        if let error = load.error {
            fail("\(what) threw after yielding \(describe(load.lists))", expected: describe(lists), actual: "threw \(error)")
        } else if load.lists != lists {
            fail("\(what) yielded other lists", expected: describe(lists), actual: describe(load.lists))
        }
        if orMore ? requests < count : requests != count {
            fail("\(what) made \(requests) GET /items", expected: "\(orMore ? "at least " : "")\(count) request(s)", actual: "\(requests)")
        }
    }

    func expectThrows(_ load: Load, requests: Int, _ what: String) {
        if load.error == nil || !load.lists.isEmpty {
            fail("\(what) must throw without yielding: with nothing cached, only the remote can answer",
                 expected: "an error, nothing yielded",
                 actual: "yielded \(describe(load.lists))" + (load.error == nil ? ", finished normally" : ", then threw"))
        }
        if requests < 1 { fail("\(what) made no GET /items", expected: "at least 1 request", actual: "none") }
    }

    private func describe(_ lists: [[Item]]) -> String {
        "[" + lists.map { "[" + $0.map { String($0.id) }.joined(separator: ",") + "]" }.joined(separator: ", ") + "] (item ids)"
    }
}
