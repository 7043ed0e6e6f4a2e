public import ContractEngine
public import RecordReplay

/// Terms for a subject that talks HTTP to a remote: every clause gets its own loopback stub server
/// (``ClauseServer``), handed to the conformance's `makeSubject` before the subject is made, and finished
/// after the clause, so that a request nothing answered fails the clause.
///
/// ```swift
/// let search = Contract("Search", terms: StubServerTerms<any SearchRepository>(), clauses: [ … ])
/// let http = Conformance<StubServerTerms<any SearchRepository>>("http") { server in
///     HTTPSearchRepository(baseURL: server.baseURL)
/// }
/// ```
public struct StubServerTerms<Subject: Sendable>: ContractTerms {
    public typealias Environment = ClauseServer

    /// Where each clause's server gets its answers; `nil` (the default) uses the test's `.stubServer`
    /// scope when there is one, else a fresh server the conformance programs.
    public var remote: ClauseRemote?

    /// Terms whose clauses use `remote`.
    public init(remote: ClauseRemote? = nil) {
        self.remote = remote
    }

    /// Starts (or finds) the clause's server.
    public func makeEnvironment(for clause: ClauseSetting<Self>) async throws -> ClauseServer {
        if let remote {
            return try await ClauseServer.start(remote, clauseID: clause.clauseID)
        }
        return try await ClauseServer.scopedOrFresh()
    }

    /// Finishes the clause's server (writing no recording when the clause failed), failing the clause
    /// for what it found.
    public func tearDown(_ server: ClauseServer, after clause: ClauseSetting<Self>) async -> [ContractFailure] {
        await server.finish(clauseFailed: !clause.failures.isEmpty)
    }
}

extension ClauseContext where Terms.Environment == ClauseServer {
    /// Every request the subject sent to the clause's server so far.
    public var journal: Journal { environment.journal }
}
