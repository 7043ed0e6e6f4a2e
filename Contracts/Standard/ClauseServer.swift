public import ContractEngine
public import Foundation
public import RecordReplay

/// Where the stub server of a contract's clause gets its answers.
///
/// A struct over private storage rather than an enum, so that a new kind of remote is not a breaking
/// change for code that switches over the ones it knows (compare with `==`).
public struct ClauseRemote: Sendable, Hashable {
    /// The remotes, for the package's own exhaustive switches.
    package enum Kind: Sendable, Hashable {
        case programmed
        case fixtures(URL)
        case recording(into: URL, upstream: URL)
    }

    /// Which remote this is.
    package let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// A fresh server with nothing loaded: the contract or the conformance programs it (stubs over an
    /// API fake in process).
    public static let programmed = ClauseRemote(.programmed)

    /// A fresh server replaying `<folder>/<clause id>.json`.
    public static func fixtures(_ folder: URL) -> ClauseRemote { ClauseRemote(.fixtures(folder)) }

    /// A fresh server forwarding to the live API at `upstream` and writing `<folder>/<clause id>.json`.
    public static func recording(into folder: URL, upstream: URL) -> ClauseRemote {
        ClauseRemote(.recording(into: folder, upstream: upstream))
    }
}

/// The loopback stub server of one clause: what a contract's ``ContractTerms/makeEnvironment(for:)`` starts
/// and its ``ContractTerms/tearDown(_:after:)`` finishes, so that a clause's subject talks to a remote the
/// clause controls and every request it sends is journaled.
///
/// ```swift
/// func makeEnvironment(for clause: ClauseSetting<Self>) async throws -> ClauseServer {
///     try await ClauseServer.start(remote, clauseID: clause.clauseID)
/// }
/// func tearDown(_ server: ClauseServer, after clause: ClauseSetting<Self>) async -> [ContractFailure] {
///     await server.finish()
/// }
/// ```
public struct ClauseServer: Sendable {
    /// The server.
    public let server: StubServer
    /// Whether this clause started the server (else a test's `.stubServer` scope owns it).
    private let isOwned: Bool

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { server.baseURL }

    /// The requests the clause's subject sent so far.
    public var journal: Journal { server.journal }

    /// Starts a fresh server for the clause `clauseID`: replaying or recording its fixture per `remote`,
    /// answering delays on `clock` when given. A fixture it loads is logged for `repo-contracts status`
    /// as the `.stubServer` trait logs one (`StubServer.Configuration.fixtureUsageLog`).
    public static func start(
        _ remote: ClauseRemote, clauseID: String, clock: (any Clock<Duration>)? = nil
    ) async throws -> ClauseServer {
        var configuration = StubServer.Configuration()
        if let clock { configuration.clock = clock }
        switch remote.kind {
        case .programmed:
            break
        case .fixtures(let folder):
            configuration.fixtureDirectory = folder
        case .recording(let folder, let upstream):
            configuration.fixtureDirectory = folder
            configuration.recording = Recording(mode: .all, upstream: upstream)
        }
        if let folder = configuration.fixtureDirectory {
            configuration.fixtureUsageLog = FixtureUsageLog.location(
                near: folder.appendingPathComponent(clauseID), environment: ProcessInfo.processInfo.environment)
        }
        let server = StubServer(configuration)
        if remote != .programmed { try server.loadFixture(named: clauseID) }
        try await server.start()
        return ClauseServer(server: server, isOwned: true)
    }

    /// The server of the test's `.stubServer` scope, if the clause runs in one (the scope loads the
    /// clause's fixture, records, and reports what the server found); otherwise a fresh ``ClauseRemote/programmed``
    /// server.
    public static func scopedOrFresh() async throws -> ClauseServer {
        if let scoped = StubServer.currentIfAny {
            return ClauseServer(server: scoped, isOwned: false)
        }
        return try await start(.programmed, clauseID: "")
    }

    /// Stops a server the clause started, writes what it recorded (unless `clauseFailed`: the recording
    /// of a failed clause must not become its fixture), and returns what it found wrong (a request nothing
    /// answered, an unused recorded interaction, a recording not written) as failures. A scoped server is
    /// left to its scope, which reports the same findings and keeps the same rule.
    public func finish(clauseFailed: Bool = false) async -> [ContractFailure] {
        guard isOwned else { return [] }
        await server.stop()
        var failures: [ContractFailure] = []
        if clauseFailed, let discarded = server.discardRecording() {
            failures.append(
                ContractFailure(
                    message: "the \(discarded.recordedCount) interactions recorded for \(discarded.file.path) were not "
                        + "written because the clause failed; the file is left as it was"))
        }
        do {
            try server.finishRecording()
        } catch {
            failures.append(ContractFailure(message: "the recording could not be written: \(error)"))
        }
        for finding in server.report.findings where finding.severity == .error {
            failures.append(ContractFailure(message: "stub server: \(finding.message)"))
        }
        return failures
    }
}
