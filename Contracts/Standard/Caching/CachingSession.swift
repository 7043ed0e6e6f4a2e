import ContractEngine
import Foundation
import MockTime
import StubServer

/// The task-local channels between a conformance declared with `Conformance.caching(…)` and the
/// caching clauses.
///
/// The engine makes a clause's subject before the clause runs, so the subject cannot be built on the
/// clause's server and clock directly. Instead the conformance's `makeSubject` returns a witness that
/// forwards every call to the repository of the caching session running in the calling task; the
/// clause asks the conformance for its declaration (TTL, policy, remote, factory) by calling
/// `makeSubject` once more with a probe bound, builds the session, and runs inside it.
enum CachingScope {
    /// Bound while a caching clause asks the conformance for its declaration.
    @TaskLocal static var probe: DeclarationProbe?
    /// The session of the caching clause running in this task (a `CachingSession<Entity>`).
    @TaskLocal static var session: (any Sendable)?

    /// Hands `declaration` to the caching clause asking for it, if one is.
    static func declare<Entity>(_ declaration: CachingDeclaration<Entity>) {
        probe?.deposit(declaration)
    }
}

/// Where a conformance leaves its caching declaration for the clause that asked.
final class DeclarationProbe: Sendable {
    private let found = Protected<(any Sendable)?>(nil)

    func deposit(_ declaration: any Sendable) {
        found.withLock { $0 = declaration }
    }

    var declaration: (any Sendable)? {
        found.withLock { $0 }
    }
}

/// A subject of a caching conformance used outside a caching clause.
struct CachingSubjectOutsideClause: Error, CustomStringConvertible {
    let conformance: String

    var description: String {
        "\(conformance) was declared with Conformance.caching(…), so its subject only works inside a clause of "
            + "Contract.caching(…), which builds it on the clause's stub server and clock; to run another "
            + "contract on the same repository, declare a plain Conformance over RemoteSource.serve(on:)"
    }
}

/// One caching clause's world: the declaration, the remote (records, stub server, journal), the clock,
/// and the repository built on them.
final class CachingSession<Entity: Identifiable & Equatable & Sendable>: Sendable where Entity.ID: Sendable {
    let context: ClauseContext<Entity>
    let declaration: CachingDeclaration<Entity>
    let server: StubServer
    let clock: MockClock
    /// The remote's state: seed it and change it behind the cache's back.
    let records: RemoteRecords<Entity>
    let repository: RepositoryWitness<Entity>

    private init(
        context: ClauseContext<Entity>, declaration: CachingDeclaration<Entity>, server: StubServer,
        clock: MockClock, records: RemoteRecords<Entity>, repository: RepositoryWitness<Entity>
    ) {
        self.context = context
        self.declaration = declaration
        self.server = server
        self.clock = clock
        self.records = records
        self.repository = repository
    }

    /// The witness a caching conformance's `makeSubject` returns: every call goes to the repository of
    /// the caching session running in the calling task.
    static func forwardingWitness(to conformance: String) -> RepositoryWitness<Entity> {
        @Sendable func repository() throws -> RepositoryWitness<Entity> {
            guard let session = CachingScope.session as? CachingSession<Entity> else {
                throw CachingSubjectOutsideClause(conformance: conformance)
            }
            return session.repository
        }
        return RepositoryWitness(
            create: { try await repository().create($0) },
            fetch: { try await repository().fetch($0) },
            fetchAll: { try await repository().fetchAll() },
            update: { try await repository().update($0) },
            delete: { try await repository().delete($0) })
    }

    /// Runs `body` in a fresh session for `context`: a stub server serving the declared remote, a mock
    /// clock at zero, and the repository the conformance builds on them. The server is stopped however
    /// the body ends, and what it reports (a remote whose `respond` threw) fails the clause.
    static func run(
        _ context: ClauseContext<Entity>, _ body: @Sendable (CachingSession<Entity>) async throws -> Void
    ) async throws {
        let conformance = context.conformance
        guard let declaration = try await declaration(of: conformance) else {
            return context.fail(
                "\(conformance.name) (declared at \(conformance.declaredAt)) was not declared with "
                    + "Conformance.caching(…): the caching contract needs its TTL, its upstream-failure policy and "
                    + "its remote source, and builds each subject on the clause's own stub server and mock clock")
        }
        let mistakes = declaration.mistakes()
        guard mistakes.isEmpty else {
            for mistake in mistakes { context.fail("conformance mistake in \(conformance.declaredAt): \(mistake)") }
            return
        }
        let clock = MockClock()
        let server = StubServer(StubServer.Configuration(clock: clock))
        let records = declaration.remote.serve(on: server)
        try await server.start()
        do {
            let environment = CachingEnvironment(baseURL: server.baseURL, clock: clock)
            let repository: RepositoryWitness<Entity>
            do {
                repository = try await withWatchdog(conformance.timeout, operation: "the caching subject(_:)") {
                    try await declaration.makeSubject(environment)
                }
            } catch let failure as OperationFailure {
                throw failure
            } catch {
                context.fail("the conformance's subject(_:) threw \(describe(error)), so the clause could not run")
                await finish(server, context)
                return
            }
            let session = CachingSession(
                context: context, declaration: declaration, server: server, clock: clock, records: records,
                repository: repository)
            try await CachingScope.$session.withValue(session) { try await body(session) }
        } catch {
            await finish(server, context)
            throw error
        }
        await finish(server, context)
    }

    /// The declaration the conformance's `makeSubject` hands over when asked, or `nil` when it was not
    /// declared with `Conformance.caching(…)`.
    private static func declaration(of conformance: Conformance<Entity>) async throws -> CachingDeclaration<Entity>? {
        let probe = DeclarationProbe()
        _ = try await CachingScope.$probe.withValue(probe) {
            try await withWatchdog(conformance.timeout, operation: "makeSubject()", conformance.makeSubject)
        }
        return probe.declaration as? CachingDeclaration<Entity>
    }

    private static func finish(_ server: StubServer, _ context: ClauseContext<Entity>) async {
        await server.stop()
        for failure in server.finish().stubFailures {
            context.fail(
                "the remote source's respond threw for \(failure.request.method) \(failure.request.path) "
                    + "(request #\(failure.sequenceNumber)): \(failure.error)")
        }
    }
}
