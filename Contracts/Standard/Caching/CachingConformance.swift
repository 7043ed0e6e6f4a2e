public import ContractEngine
public import Foundation
public import MockTime

/// What a caching repository does when an entry has expired and the remote source fails to answer
/// the refresh (a `503`, a reset connection).
public enum UpstreamFailurePolicy: Sendable, Hashable, CustomStringConvertible {
    /// Serve the stale entry (after trying the remote): HTTP's `stale-if-error`. With nothing cached,
    /// the read throws.
    case serveStale
    /// Throw. With a kind, the error must classify as that kind (see ``Conformance/classifyError``),
    /// typically ``RepositoryError/Kind/unavailable``.
    case throwError(RepositoryError.Kind? = nil)

    public var description: String {
        switch self {
        case .serveStale: "serve the stale entry"
        case .throwError(nil): "throw"
        case .throwError(let kind?): "throw \(kind.rawValue)"
        }
    }
}

/// What a caching repository is built on in one clause of the caching contract: the remote source's
/// base URL (a fresh loopback stub server) and the clause's mock clock.
public struct CachingEnvironment: Sendable {
    /// The remote source: `http://127.0.0.1:<port>`, serving the conformance's ``RemoteSource``.
    public let baseURL: URL
    /// The clause's clock, at offset zero; only the contract moves it. Give it to the repository as its
    /// `any Clock<Duration>` (and, if it keeps timestamps, as its wall clock: `clock.date` moves with it).
    public let clock: MockClock

    /// An environment; the contract makes one per clause.
    public init(baseURL: URL, clock: MockClock) {
        self.baseURL = baseURL
        self.clock = clock
    }
}

/// What `Conformance.caching(…)` declared: what the caching clauses check a subject against.
struct CachingDeclaration<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    let ttl: Duration
    let whenUpstreamFails: UpstreamFailurePolicy
    let remote: RemoteSource<Entity>
    let makeSubject: @Sendable (CachingEnvironment) async throws -> RepositoryWitness<Entity>

    /// Problems in the declaration itself; empty when it is consistent.
    func mistakes() -> [String] {
        ttl > .zero ? [] : ["ttl is \(ttl.formattedSeconds): a time to live must be positive"]
    }
}

extension Conformance {
    /// Declares a repository that reads through a cache with a time to live to a remote source: the
    /// subject of ``Contract/caching(factory:)``.
    ///
    /// Each clause starts a fresh stub server serving `remote` and a fresh `MockClock`, and calls
    /// `subject` with both; the clause then seeds and changes the remote's records, moves the clock and
    /// counts requests. Nothing sleeps: the repository must read time from the clock it is given.
    ///
    /// ```swift
    /// let cached = Conformance<Todo>.caching(
    ///     "CachingTodoRepository", ttl: .seconds(60), whenUpstreamFails: .serveStale,
    ///     remote: .rest(at: "/todos", encoder: TodoJSON.encoder, decoder: TodoJSON.decoder)
    /// ) { env in
    ///     CachingTodoRepository(baseURL: env.baseURL, ttl: .seconds(60), clock: env.clock)
    /// }
    /// ```
    ///
    /// The subject only works inside a caching clause (it throws elsewhere): to run another contract,
    /// such as CRUD, on the same repository, declare a plain conformance over
    /// ``RemoteSource/serve(on:)``.
    ///
    /// - Parameters:
    ///   - ttl: How long an entry stays fresh. An entry is fresh while its age is *less* than `ttl`
    ///     and stale from age `ttl` on, as HTTP counts freshness (RFC 9111 §4.2).
    ///   - whenUpstreamFails: What a read of an expired entry does when the remote fails.
    ///   - remote: The HTTP API the repository talks to, which the contract hosts.
    ///   - capabilities: The writes the repository supports (the invalidation clauses need them).
    public static func caching(
        _ name: String,
        ttl: Duration,
        whenUpstreamFails: UpstreamFailurePolicy,
        remote: RemoteSource<Entity>,
        capabilities: Capabilities = .crud,
        equivalence: Equivalence<Entity> = .equal,
        timeout: Duration = .seconds(5),
        classifyError: @escaping @Sendable (any Error) -> RepositoryError.Kind? = { ($0 as? RepositoryError)?.kind },
        fileID: StaticString = #fileID,
        line: UInt = #line,
        subject makeSubject: @escaping @Sendable (CachingEnvironment) async throws -> RepositoryWitness<Entity>
    ) -> Self {
        let declaration = CachingDeclaration(
            ttl: ttl, whenUpstreamFails: whenUpstreamFails, remote: remote, makeSubject: makeSubject)
        return Conformance(
            name, capabilities: capabilities, equivalence: equivalence, timeout: timeout,
            classifyError: classifyError, fileID: fileID, line: line
        ) {
            CachingScope.declare(declaration)
            return CachingSession<Entity>.forwardingWitness(to: name)
        }
    }

    /// Declares a caching repository whose type conforms to ``RepositoryProtocol`` with
    /// `Draft == Entity`; see the witness-returning overload.
    public static func caching<Repository: RepositoryProtocol>(
        _ name: String,
        ttl: Duration,
        whenUpstreamFails: UpstreamFailurePolicy,
        remote: RemoteSource<Entity>,
        capabilities: Capabilities = .crud,
        equivalence: Equivalence<Entity> = .equal,
        timeout: Duration = .seconds(5),
        classifyError: @escaping @Sendable (any Error) -> RepositoryError.Kind? = { ($0 as? RepositoryError)?.kind },
        fileID: StaticString = #fileID,
        line: UInt = #line,
        subject makeSubject: @escaping @Sendable (CachingEnvironment) async throws -> Repository
    ) -> Self where Repository.Entity == Entity, Repository.Draft == Entity {
        caching(
            name, ttl: ttl, whenUpstreamFails: whenUpstreamFails, remote: remote, capabilities: capabilities,
            equivalence: equivalence, timeout: timeout, classifyError: classifyError, fileID: fileID, line: line,
            subject: { RepositoryWitness(try await makeSubject($0)) })
    }
}
