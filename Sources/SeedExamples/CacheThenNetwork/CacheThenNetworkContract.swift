public import ContractEngine
public import Foundation
public import MockTime
import StubServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a cache-then-network conformer is built on in one clause: the remote's base URL, the clause's
/// mock clock (only the clause moves it), and the remote's state in process (for the fake conformer).
public struct CacheThenNetworkEnvironment: Sendable {
    public let baseURL: URL
    public let clock: MockClock
    public let api: ItemsAPIFake
}

/// A conformer: its name (it contains "cache-then-network"), its TTL, and how to build it.
public struct CacheThenNetworkConformance: Sendable {
    public var name: String
    public var ttl: Duration
    public var subject: @Sendable (CacheThenNetworkEnvironment) -> any CacheThenNetworkRepository

    public init(
        _ name: String, ttl: Duration,
        subject: @escaping @Sendable (CacheThenNetworkEnvironment) -> any CacheThenNetworkRepository
    ) {
        self.name = name
        self.ttl = ttl
        self.subject = subject
    }
}

/// Where a clause's stub server gets its answers.
public enum CacheThenNetworkRemote: Sendable {
    /// A stub responder over an ``ItemsAPIFake``: the stateful API in code, for every clause.
    case statefulFake
    /// Replays `<folder>/<clause id>.json`; clauses that inject faults use ``statefulFake``.
    case fixtures(URL)
    /// Forwards to the live API at `upstream` and writes `<folder>/<clause id>.json`; clauses that
    /// inject faults use ``statefulFake`` and record nothing.
    case recording(into: URL, upstream: URL)
}

/// One law of the contract. The clause runs in a ``CacheThenNetworkSession``: a fresh stub server, a
/// fresh `MockClock`, and a subject built on them.
public struct CacheThenNetworkClause: Sendable, Identifiable {
    public let id: String
    public let summary: String
    /// Whether the clause injects faults (`503`, a reset connection): a recorded fixture cannot hold a
    /// fault, so such a clause always runs on the stateful stub responder.
    public let injectsFaults: Bool
    let body: @Sendable (CacheThenNetworkSession) async throws -> Void
}

/// One clause bound to one conformer and one remote: the argument of one test case.
public struct CacheThenNetworkCase: Sendable, Identifiable, CustomStringConvertible {
    public let conformance: CacheThenNetworkConformance
    public let clause: CacheThenNetworkClause
    public let remote: CacheThenNetworkRemote

    public var id: String { "\(conformance.name)/\(clause.id)" }
    public var clauseID: String { clause.id }
    public var description: String { clause.summary }

    public init(conformance: CacheThenNetworkConformance, clause: CacheThenNetworkClause, remote: CacheThenNetworkRemote) {
        self.conformance = conformance
        self.clause = clause
        self.remote = remote
    }

    /// Runs the clause on a fresh server, clock and subject; never throws.
    public func run() async -> ClauseResult {
        let clock = MockClock()
        let api = ItemsAPIFake()
        let server: StubServer
        var remote = remote
        if clause.injectsFaults { remote = .statefulFake }
        switch remote {
        case .statefulFake:
            server = StubServer()
            server.playback.stub(.any) { api.respond(to: $0) }
        case .fixtures(let folder):
            server = StubServer(.init(fixtureDirectory: folder))
        case .recording(let folder, let upstream):
            server = StubServer(.init(fixtureDirectory: folder, recordMode: .all, upstream: upstream))
        }
        var loadsFixture = true
        if case .statefulFake = remote { loadsFixture = false }
        return await server.runSeedClause(id: clause.id, summary: clause.summary, loadsFixture: loadsFixture) {
            let environment = CacheThenNetworkEnvironment(baseURL: server.baseURL, clock: clock, api: api)
            let session = CacheThenNetworkSession(
                server: server, environment: environment, ttl: conformance.ttl,
                subject: conformance.subject(environment))
            do {
                try await clause.body(session)
            } catch {
                session.fail("the clause stopped on an error: \(error)")
            }
            return session.failures
        }
    }
}

/// The cache-then-network contract (seed 003): its clauses, conformers and report.
///
/// Not a `Contract<Entity>`: the engine's contracts drive a CRUD `RepositoryWitness`, and this
/// system's only operation is a stream. It keeps the engine's shape (named clauses with dotted ids,
/// one case per clause, `ClauseResult` / `ConformerReport` rows) in a small type of its own, as the
/// caching contract keeps its own session.
///
/// `firstLoadFromNetwork`, `cachedThenFresh` and `cacheExpiresAtTTL` replay
/// `Fixtures/Seeds/CacheThenNetwork/<clause id>.json` (the TTL lives in the client, on the clause's
/// `MockClock`); `offlineKeepsCached` and `offlineWithNothingCachedThrows` inject `503` and a reset
/// connection, which a recorded fixture cannot hold, so they always run on the stateful stub responder.
public enum CacheThenNetworkContract {
    public static let name = "Cache then network"
    static func clause(
        _ id: String, _ summary: String, faults: Bool = false,
        _ body: @escaping @Sendable (CacheThenNetworkSession) async throws -> Void
    ) -> CacheThenNetworkClause {
        CacheThenNetworkClause(id: id, summary: summary, injectsFaults: faults, body: body)
    }

    public static let clauses: [CacheThenNetworkClause] = [
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
               "offline (503, reset connection) items() yields the cached list and finishes normally; the cache survives the failure", faults: true) { session in
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
               "offline with nothing cached, items() throws without yielding (never an empty list); the failure is not cached", faults: true) { session in
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

    /// One case per clause, for a parameterized test.
    public static func cases(for conformance: CacheThenNetworkConformance, remote: CacheThenNetworkRemote = .statefulFake)
        -> [CacheThenNetworkCase]
    {
        clauses.map { CacheThenNetworkCase(conformance: conformance, clause: $0, remote: remote) }
    }

    /// Runs every clause on `conformance` and reports them all.
    public static func report(on conformance: CacheThenNetworkConformance, remote: CacheThenNetworkRemote = .statefulFake)
        async -> ConformerReport
    {
        var results: [ClauseResult] = []
        for check in cases(for: conformance, remote: remote) { results.append(await check.run()) }
        return ConformerReport(name: conformance.name, capabilities: "items() stream, ttl \(conformance.ttl)", clauses: results)
    }

    public static let ttl: Duration = .seconds(60)

    /// The real conformer: URLSession to the clause's stub server.
    public static let http = CacheThenNetworkConformance("HTTP cache-then-network", ttl: ttl) { env in
        CachedItemsRepository.http(baseURL: env.baseURL, ttl: ttl, clock: env.clock)
    }

    /// The fake conformer: the same repository layer over the API in process (no HTTP).
    public static let fake = CacheThenNetworkConformance("in-memory cache-then-network", ttl: ttl) { env in
        CachedItemsRepository(ttl: ttl, clock: env.clock, fetch: { try env.api.list() })
    }

    /// A deliberately broken conformer.
    public static func broken(_ flaw: BrokenCacheThenNetworkRepository<MockClock>.Flaw) -> CacheThenNetworkConformance {
        CacheThenNetworkConformance("broken cache-then-network (\(flaw.rawValue))", ttl: ttl) { env in
            BrokenCacheThenNetworkRepository(flaw, baseURL: env.baseURL, ttl: ttl, clock: env.clock)
        }
    }

    /// The rows `repo-contracts demo --all` would print: the HTTP and fake conformers and every broken
    /// variant, each on the stateful API in code (no fixtures needed).
    public static func demoReports() async -> [ConformerReport] {
        var reports: [ConformerReport] = []
        for conformance in [http, fake] + BrokenCacheThenNetworkRepository<MockClock>.Flaw.allCases.map(broken) {
            reports.append(await report(on: conformance))
        }
        return reports
    }
}

/// One clause's world: the stub server (and its journal), the clock, the API fake, the subject.
public final class CacheThenNetworkSession: Sendable {
    let server: StubServer
    let environment: CacheThenNetworkEnvironment
    let ttl: Duration
    let subject: any CacheThenNetworkRepository
    private let found = Protected<[ContractFailure]>([])
    private let nextID = Protected(0)

    init(server: StubServer, environment: CacheThenNetworkEnvironment, ttl: Duration, subject: any CacheThenNetworkRepository) {
        self.server = server
        self.environment = environment
        self.ttl = ttl
        self.subject = subject
    }

    var failures: [ContractFailure] { found.withLock { $0 } }
    var time: String { "t = \(environment.clock.now.offset)" }

    func fail(_ message: String, expected: String? = nil, actual: String? = nil) {
        found.withLock { $0.append(ContractFailure(message: message, expected: expected, actual: actual)) }
    }

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
        let id = nextID.withLock { $0 += 1; return $0 }
        var request = URLRequest(url: environment.baseURL.appendingPathComponent("items"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try ItemJSON.encoder.encode(Item(id: id, name: "item \(id)"))
        let (_, response) = try await URLSession.shared.data(for: request)
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
