public import ContractEngine
public import Foundation
public import StubServer

/// A contract over a repository that is not CRUD (the engine's `Contract` is generic over an entity
/// repository): named clauses, each run on a fresh subject with its own stub server, each recording
/// failures instead of throwing. Results are the engine's ``ClauseResult`` and ``ConformerReport``, so
/// every rendering of the engine's reports applies. The session (001) and recipes (002) contracts use it.
public struct SeedContract<Subject: Sendable>: Sendable {
    /// The name failures are prefixed with: `[Session › session.signOutDeletes]`.
    public let name: String
    /// The clauses, in the order they run.
    public let clauses: [SeedClause<Subject>]

    /// A contract from its clauses.
    public init(_ name: String, clauses: [SeedClause<Subject>]) {
        self.name = name
        self.clauses = clauses
    }

    /// One case per clause: the arguments of a parameterized Swift Testing test.
    public func cases(for conformance: SeedConformance<Subject>) -> [SeedCase<Subject>] {
        clauses.map { SeedCase(contractName: name, conformance: conformance, clause: $0) }
    }

    /// Runs every clause on `conformance`, one after another.
    public func report(on conformance: SeedConformance<Subject>) async -> ConformerReport {
        var results: [ClauseResult] = []
        for check in cases(for: conformance) { results.append(await check.run()) }
        return ConformerReport(name: conformance.name, capabilities: "", clauses: results)
    }
}

/// One law of a ``SeedContract``: a stable dotted id, a summary, and a body checking a fresh subject.
public struct SeedClause<Subject: Sendable>: Sendable {
    public let id: String
    public let summary: String
    let body: @Sendable (SeedCheck<Subject>) async throws -> Void

    public init(_ id: String, _ summary: String, body: @escaping @Sendable (SeedCheck<Subject>) async throws -> Void) {
        self.id = id
        self.summary = summary
        self.body = body
    }
}

/// What a conformer's subject is built on in one clause: the clause's id and its stub server (the
/// remote API: stubs, fixtures or a recording proxy, and the journal of every request).
public struct SeedEnvironment: Sendable {
    public let clauseID: String
    public let server: StubServer
    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { server.baseURL }
}

/// One conformer: a name and how to make a fresh subject for a clause.
public struct SeedConformance<Subject: Sendable>: Sendable {
    public let name: String
    let makeSubject: @Sendable (SeedEnvironment) async throws -> Subject

    public init(_ name: String, subject: @escaping @Sendable (SeedEnvironment) async throws -> Subject) {
        self.name = name
        self.makeSubject = subject
    }
}

/// What a clause body works with: the subject, the clause's server, and a place to record failures.
public final class SeedCheck<Subject: Sendable>: Sendable {
    public let subject: Subject
    public let environment: SeedEnvironment
    private let recorded = Protected<[ContractFailure]>([])

    init(subject: Subject, environment: SeedEnvironment) {
        self.subject = subject
        self.environment = environment
    }

    /// The stub server's journal: every request the subject sent in this clause.
    public var journal: Journal { environment.server.journal }

    public var failures: [ContractFailure] { recorded.withLock { $0 } }

    /// Records a failure and goes on.
    public func fail(_ message: String, expected: String? = nil, actual: String? = nil) {
        recorded.withLock { $0.append(ContractFailure(message: message, expected: expected, actual: actual)) }
    }

    /// Records a failure unless `condition` holds.
    public func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    /// Records a failure unless `actual == expected`.
    public func expectEqual<Value: Equatable>(_ actual: Value, _ expected: Value, _ what: String) {
        if actual != expected { fail(what, expected: "\(expected)", actual: "\(actual)") }
    }

    /// The error `call` threw, or `nil` (recording a failure) when it returned.
    public func expectThrows<Value>(_ what: String, _ call: () async throws -> Value) async -> (any Error)? {
        do {
            let value = try await call()
            fail("\(what) succeeded", expected: "an error", actual: "\(value)")
            return nil
        } catch {
            return error
        }
    }
}

/// One clause bound to one conformer: the argument of one parameterized test case.
public struct SeedCase<Subject: Sendable>: Sendable, Identifiable, CustomStringConvertible {
    public let contractName: String
    public let conformance: SeedConformance<Subject>
    public let clause: SeedClause<Subject>

    public var clauseID: String { clause.id }
    /// "session-fake/session.signOutDeletes".
    public var id: String { "\(conformance.name)/\(clause.id)" }
    /// `[Session › session.signOutDeletes]`.
    public var label: String { "[\(contractName) › \(clause.id)]" }
    public var description: String { "\(conformance.name): \(clause.summary)" }

    /// Runs the clause on a fresh subject. The server is the scope's ``StubServer/currentIfAny`` (a
    /// replaying or recording server set up by a test), else a fresh one started for this clause.
    public func run() async -> ClauseResult {
        let scoped = StubServer.currentIfAny
        let server = scoped ?? StubServer()
        var failures: [ContractFailure] = []
        do {
            if scoped == nil { try await server.start() }
            let environment = SeedEnvironment(clauseID: clause.id, server: server)
            let check = SeedCheck(subject: try await conformance.makeSubject(environment), environment: environment)
            do {
                try await clause.body(check)
            } catch {
                check.fail("the clause stopped on an error: \(error)")
            }
            failures = check.failures
        } catch {
            failures = [ContractFailure(message: "the subject could not be made: \(error)")]
        }
        if scoped == nil { await server.stop() }
        return ClauseResult(
            id: clause.id, summary: clause.summary, status: failures.isEmpty ? .passed : .failed, failures: failures)
    }
}
