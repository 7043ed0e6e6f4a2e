import RepositoryContractsPrimitives
public import ContractEngine
public import Foundation
public import MockTime
import RecordReplay

/// What a caching repository does when an entry has expired and the remote source fails to answer
/// the refresh (a `503`, a reset connection).
///
/// A struct over private storage rather than an enum, so that a new policy is not a breaking change for
/// code that switches over the ones it knows (compare with `==`).
public struct UpstreamFailurePolicy: Sendable, Hashable, CustomStringConvertible {
    /// The policies, for the package's own exhaustive switches.
    package enum Kind: Sendable, Hashable {
        case serveStale
        case throwError(RepositoryError.Kind?)
    }

    /// Which policy this is.
    package let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// Serve the stale entry (after trying the remote): HTTP's `stale-if-error`. With nothing cached,
    /// the read throws.
    public static let serveStale = UpstreamFailurePolicy(.serveStale)

    /// Throw. With a kind, the error must classify as that kind (see ``RepositoryPromises/classifyError``),
    /// typically ``RepositoryError/Kind/unavailable``.
    public static func throwError(_ kind: RepositoryError.Kind? = nil) -> UpstreamFailurePolicy {
        UpstreamFailurePolicy(.throwError(kind))
    }

    /// The kind the error must classify as, for ``throwError(_:)`` with a kind.
    public var declaredErrorKind: RepositoryError.Kind? {
        if case .throwError(let kind?) = kind { kind } else { nil }
    }

    /// The policy as reports show it.
    public var description: String {
        switch kind {
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
    public var baseURL: URL { server.baseURL }
    /// The clause's clock, at offset zero; only the contract moves it. Give it to the repository as its
    /// `any Clock<Duration>` (and, if it keeps timestamps, as its wall clock: `clock.date` moves with it).
    public let clock: MockClock
    /// The clause's stub server, serving the remote.
    let server: StubServer
    /// The remote's state, typed as the clause's entity (a `RemoteRecords<Entity>`).
    let records: any Sendable
}

/// What a caching conformer promises: its repository promises, its time to live, what it does when the
/// remote fails, and the remote's HTTP API, which the contract hosts.
public struct CachingPromises<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    /// Capabilities, equivalence and error mapping, as for CRUD.
    public var repository: RepositoryPromises<Entity>
    /// How long an entry stays fresh.
    public var ttl: Duration
    /// What a read of an expired entry does when the remote fails.
    public var whenUpstreamFails: UpstreamFailurePolicy
    /// The HTTP API the repository talks to.
    public var remote: RemoteSource<Entity>
}

/// The terms of the caching contract (`Contract.caching(…)`): every clause gets its own loopback stub
/// server serving the conformer's ``RemoteSource`` and its own `MockClock`, set up before the subject is
/// made and handed to it in a ``CachingEnvironment``; the server is stopped after the clause, and a
/// remote whose `respond` threw fails the clause.
public struct Caching<Entity: Identifiable & Equatable & Sendable>: RepositoryTerms where Entity.ID: Sendable {
    public typealias Subject = MonitoredRepository<Entity>
    public typealias Environment = CachingEnvironment
    public typealias Promises = CachingPromises<Entity>

    /// How the contract makes entities.
    public var factory: EntityFactory<Entity>

    /// Terms over entities made by `factory`.
    public init(factory: EntityFactory<Entity>) {
        self.factory = factory
    }

    public func repositoryPromises(in promises: Promises) -> RepositoryPromises<Entity> {
        promises.repository
    }

    /// Starts a stub server serving the declared remote, on a fresh mock clock at zero.
    public func makeEnvironment(for clause: ClauseSetting<Self>) async throws -> CachingEnvironment {
        let clock = MockClock()
        let server = StubServer(StubServer.Configuration(clock: clock))
        let records = clause.conformance.promises.remote.serve(on: server)
        try await server.start()
        return CachingEnvironment(clock: clock, server: server, records: records)
    }

    /// Stops the server; a remote whose `respond` threw fails the clause, and so does work the subject
    /// left sleeping on the clause's clock (a refresh loop nobody stops), which is then cancelled so
    /// that no task sleeps forever.
    public func tearDown(_ environment: CachingEnvironment, after clause: ClauseSetting<Self>) async -> [ContractFailure] {
        await environment.server.stop()
        let failures = environment.server.report.stubFailures.map { failure in
            ContractFailure(message:
                "the remote source's respond threw for \(failure.request.method) \(failure.request.path) "
                    + "(request #\(failure.sequenceNumber)): \(failure.error)")
        }
        return failures + environment.clock.leakedSleeperFailures()
    }

    /// A positive TTL, and consistent capabilities.
    public func mistakes(in promises: Promises) -> [String] {
        promises.repository.mistakes
            + (promises.ttl > .zero ? [] : ["ttl is \(promises.ttl.secondsText): a time to live must be positive"])
    }

    /// The repository promises, the TTL and the upstream-failure policy.
    public func assumptions(of promises: Promises) -> String? {
        "\(promises.repository); ttl \(promises.ttl.secondsText); when the remote fails: \(promises.whenUpstreamFails)"
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
    /// let cached = Conformance.caching(
    ///     "CachingTodoRepository", ttl: .seconds(60), whenUpstreamFails: .serveStale,
    ///     remote: .rest(at: "/todos", encoder: TodoJSON.encoder, decoder: TodoJSON.decoder)
    /// ) { env in
    ///     CachingTodoRepository(baseURL: env.baseURL, ttl: .seconds(60), clock: env.clock)
    /// }
    /// ```
    ///
    /// To run another contract, such as CRUD, on the same repository, declare a CRUD conformance over
    /// ``RemoteSource/serve(on:)``.
    ///
    /// - Parameters:
    ///   - ttl: How long an entry stays fresh. An entry is fresh while its age is *less* than `ttl`
    ///     and stale from age `ttl` on, as HTTP counts freshness (RFC 9111 §4.2).
    ///   - whenUpstreamFails: What a read of an expired entry does when the remote fails.
    ///   - remote: The HTTP API the repository talks to, which the contract hosts.
    ///   - capabilities: The writes the repository supports (the invalidation clauses need them).
    public static func caching<Entity>(
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
    ) -> Self where Terms == Caching<Entity> {
        let promises = CachingPromises(
            repository: RepositoryPromises(capabilities: capabilities, equivalence: equivalence, classifyError: classifyError),
            ttl: ttl, whenUpstreamFails: whenUpstreamFails, remote: remote)
        return Conformance(name, promises: promises, timeout: timeout, fileID: fileID, line: line) { environment in
            MonitoredRepository(witness: try await makeSubject(environment), timeout: timeout)
        }
    }

    /// Declares a caching repository whose type conforms to ``RepositoryProtocol`` with
    /// `Draft == Entity`; see the witness-returning overload.
    public static func caching<Repository: RepositoryProtocol>(
        _ name: String,
        ttl: Duration,
        whenUpstreamFails: UpstreamFailurePolicy,
        remote: RemoteSource<Repository.Entity>,
        capabilities: Capabilities = .crud,
        equivalence: Equivalence<Repository.Entity> = .equal,
        timeout: Duration = .seconds(5),
        classifyError: @escaping @Sendable (any Error) -> RepositoryError.Kind? = { ($0 as? RepositoryError)?.kind },
        fileID: StaticString = #fileID,
        line: UInt = #line,
        subject makeSubject: @escaping @Sendable (CachingEnvironment) async throws -> Repository
    ) -> Self where Terms == Caching<Repository.Entity>, Repository.Draft == Repository.Entity {
        caching(
            name, ttl: ttl, whenUpstreamFails: whenUpstreamFails, remote: remote, capabilities: capabilities,
            equivalence: equivalence, timeout: timeout, classifyError: classifyError, fileID: fileID, line: line,
            subject: { RepositoryWitness(try await makeSubject($0)) })
    }
}
