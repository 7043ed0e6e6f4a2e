import RecordReplayMessages
public import Foundation
import RepositoryContractsPrimitives

/// A loopback HTTP/1.1 server that answers from recorded fixtures and programmable stubs, so the real
/// HTTP-backed repository runs offline and deterministically in tests, with any HTTP client.
///
/// ```swift
/// let server = StubServer()
/// try server.loadFixture(at: URL(filePath: "Fixtures/Todos/list.json"))
/// try await server.start()
/// let repository = HTTPTodoRepository(baseURL: server.baseURL)
/// // … exercise the repository …
/// await server.stop()
/// let report = server.report   // unmatched requests, unused interactions
/// ```
///
/// Inside a Swift Testing test, the `.stubServer(…)` trait (module `StubServerTesting`, re-exported by
/// `RepositoryContracts`) starts one server per test case, exposes it as ``current`` and turns the
/// report into test failures.
///
/// Every request goes to the ``playback`` engine: stubs first, then fixtures, then faults; each one is
/// kept in the ``journal``. A request nothing matches gets a diagnostic answer (see
/// ``PlaybackOptions``) and appears in ``report``, so it fails the owning test even when the
/// client swallows the answer.
public final class StubServer: Sendable {
    /// How the server listens and how it plays back.
    public struct Configuration: Sendable {
        /// Address, port, limits and timeouts of the listener.
        public var server: ServerOptions
        /// Matching, repeated requests and what is reported at the end.
        public var playback: PlaybackOptions
        /// The clock fault delays sleep on: `ContinuousClock` by default; a mock clock makes delays
        /// instant and deterministic.
        public var clock: any Clock<Duration>
        /// The folder ``StubServer/loadFixture(named:)`` looks in, if any.
        public var fixtureDirectory: URL?
        /// Whether ``StubServer/loadFixture(named:)`` records from the live API, from where, and how it
        /// writes the recording (see ``Recording``): ``Recording/never``, the default here, only replays.
        /// The `.stubServer` trait resolves its ``Recording/fromEnvironment`` from
        /// `REPOSITORY_CONTRACTS_RECORD` and `REPOSITORY_CONTRACTS_UPSTREAM`; here a
        /// ``RecordMode/fromEnvironment`` mode is read from the environment when the fixture is loaded.
        /// `Recording(…)` given no `mode:` has that mode: pass `mode: .never` to set how it writes and
        /// still only replay.
        public var recording: Recording
        /// What ``StubServer/finishRecording()`` redacts before it writes, and what its secret scan
        /// checks: the default ``Redaction`` unless given (extend its lists or ``Redaction/allowedNames``
        /// for one fixture folder). Every diagnostic of the server redacts with it too: the answer to an
        /// unmatched request and the recorded requests it is compared with, the ``StubServer/report``'s
        /// findings, a request that could not be recorded, and the drift check (unless
        /// ``DriftCheckOptions/redaction`` is given).
        public var redaction: Redaction
        /// A file to which every fixture file this server loads appends its absolute path, one a line
        /// (safe across threads and processes): what `repo-contracts status` reads to tell the fixtures
        /// a test run used. `nil` (the default here) keeps no log; the `.stubServer` trait keeps it in
        /// `<package root>/.build/repository-contracts/fixture-usage.log`, or where
        /// `REPOSITORY_CONTRACTS_FIXTURE_USAGE_LOG` says.
        public var fixtureUsageLog: URL?
        /// Whether ``fixtureDirectory`` is a copy the build made (a test bundle's resources) rather than
        /// the source tree: ``StubServer/loadFixture(named:)`` then replays and checks drift from it, but
        /// refuses a mode that would record into it, since the recording would never reach the source
        /// tree. `false` unless set; the `.stubServer` trait sets it for fixtures found in a bundle.
        package var fixtureDirectoryIsCopy = false
        /// The test this server serves, when a test scope says: the command a missing fixture's message
        /// gives then runs that test alone.
        package var test: RecordingCommand.TestIdentity?
        /// Whether the scope's requests come in through ``URLSessionInterception`` (the trait's
        /// `interceptsURLSession:` sets it): each then names its own origin, so recording and the drift
        /// check need no ``Recording/upstream`` (a request received on the socket still does). `false` unless set.
        public var interceptsURLSession: Bool
        /// Where a forward to a live origin really goes (tests: `https://api.example.test` to a listener on
        /// loopback); empty by default, each origin going to itself.
        package var originRoutes: [HTTPOrigin: URL] = [:]

        /// Creates a configuration; every part has a default.
        public init(
            server: ServerOptions = ServerOptions(), playback: PlaybackOptions = PlaybackOptions(),
            clock: any Clock<Duration> = ContinuousClock(), fixtureDirectory: URL? = nil,
            recording: Recording = .never, redaction: Redaction = Redaction(), fixtureUsageLog: URL? = nil
        ) {
            self.server = server
            self.playback = playback
            self.clock = clock
            self.fixtureDirectory = fixtureDirectory
            self.recording = recording
            self.redaction = redaction
            self.fixtureUsageLog = fixtureUsageLog
            self.interceptsURLSession = false
        }
    }

    /// The configuration the server was created with.
    public let configuration: Configuration
    /// The engine that answers requests: load fixtures, add stubs and faults, read the journal.
    public let playback: Playback
    private let listener: HTTPListener
    /// The fixture this scope records into, once ``loadFixture(named:)`` chose one.
    let recordingTarget = Protected<RecordingTarget?>(nil)
    /// The drift check ``loadFixture(named:)`` plugged into the ``playback``, if any: the server keeps it
    /// to tell it when a reset was withheld (``noteResetWithheld()``).
    let driftCheck = Protected<DriftCheck?>(nil)

    deinit {
        if let target = recordingTarget.withLock({ $0 }) {
            RecordingClaims.release(target.file, for: ObjectIdentifier(self))
        }
        // Its listener stops as it goes; a client still talking to it cannot connect any more, and would
        // not know why.
        if listener.isRunning {
            Self.droppedWhileRunning.withLock { $0 }(Self.droppedWhileRunningMessage(baseURL))
        }
    }

    /// Creates a stopped server; ``start()`` binds it.
    public init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let playback = Playback(
            options: configuration.playback, clock: configuration.clock, redaction: configuration.redaction)
        self.playback = playback
        self.listener = HTTPListener(
            options: configuration.server, onRefusal: { [weak playback] in playback?.noteRefusal($0) },
            memoizingHandler: { request, memo in playback.plan(for: request, memo: &memo) })
    }

    /// Binds the listening socket (port 0 picks a free one) and starts answering.
    ///
    /// - Throws: ``ServerStartError`` naming the address and the reason when binding fails (the port is in
    ///   use, the address is not this machine's, …), or when the server was started before.
    public func start() async throws {
        _ = try listener.start()
    }

    /// Stops listening, closes idle connections, lets exchanges in flight finish, cancels pending delays
    /// and stubs, and returns when every connection is closed.
    public func stop() async {
        await listener.stop()
    }

    /// Cancels every answer still being decided, on the socket and through an interception of this
    /// server (a delay, a stub closure, a never-answered request, a recording forward): the clients see
    /// the connection close or the load fail at once. The `.stubServer` trait calls it when the test is
    /// cancelled (a time limit fired), so a test awaiting such an answer, even through an unstructured
    /// `Task`, ends. The server goes on serving new requests.
    package func cancelPendingAnswers() {
        listener.cancelPendingAnswers()
        InterceptionRouter.shared.cancelLoads(of: playback)
    }

    /// The bound port (0 before ``start()``).
    public var port: UInt16 { listener.port }

    /// `http://127.0.0.1:<port>` (or the configured address): what the repository under test talks to.
    public var baseURL: URL {
        URL(string: "http://\(Self.connectableHost(for: configuration.server.bindAddress)):\(port)")!
    }

    /// The host a client on this machine uses to reach a server bound to `address`.
    private static func connectableHost(for address: ServerOptions.BindAddress) -> String {
        switch address.kind {
        case .loopback: return "127.0.0.1"
        case .address("0.0.0.0"): return "127.0.0.1"
        case .address("::"): return "[::1]"
        case .address(let numeric) where numeric.contains(":"): return "[\(numeric)]"
        case .address(let numeric): return numeric
        }
    }

    /// Every request received so far, with what answered it.
    public var journal: Journal { playback.journal }

    /// Adds a fixture's interactions to those the server replays. `source` names it in diagnostics.
    public func load(_ fixture: Fixture, source: String) {
        playback.load(fixture, source: source)
    }

    /// Reads a fixture file (`.json`: native format, `.har`: HAR 1.2) and adds its interactions.
    ///
    /// A fixture that still holds a credential (the secret scan of recording finds one) is loaded, and
    /// ``report``s it as an error naming each finding and the command that redacts the file. The file's
    /// path is appended to ``Configuration/fixtureUsageLog`` when there is one.
    ///
    /// - Throws: ``FixtureError`` naming the file, the JSON path and the reason.
    public func loadFixture(at url: URL) throws {
        loadScanned(try Fixture(contentsOf: url), from: url)
    }

    /// Loads a fixture read from `url`, noting the secrets it still holds for ``report``.
    func loadScanned(_ fixture: Fixture, from url: URL) {
        load(fixture, source: url.path)
        if let log = configuration.fixtureUsageLog { FixtureUsageLog.note(url, in: log) }
        let findings = LoadedFixtureScan.findings(in: fixture, redaction: configuration.redaction)
        if !findings.isEmpty {
            playback.noteLeakingFixture(
                LoadedFixtureScan.message(file: url.path, findings: findings, redaction: configuration.redaction))
        }
    }

    /// Loads `<fixtureDirectory>/<name>.json` (or `.har` when only that exists): the naming convention
    /// the `.stubServer(fixtures:)` trait and the contracts use (`name` is a clause id or a test name).
    ///
    /// When the configuration's ``Configuration-swift.struct/recording`` records (its ``Recording/mode``:
    /// a missing fixture with `once`, always with `newEpisodes` and `all`), requests nothing answers go
    /// to its ``Recording/upstream`` and ``finishRecording()`` writes them to `<name>.json`; `all`
    /// replays nothing. With `drift`, the fixture is replayed and every request it answers is also
    /// checked against the upstream as ``Recording/driftCheck`` says (see ``DriftCheckOptions``);
    /// nothing is written. ``RecordMode/fromEnvironment`` reads the mode from the process's environment
    /// here. `repo-contracts record` records through the same steps.
    ///
    /// - Throws: ``StubServerError/missingFixture(name:searched:command:)`` when the file does not exist (or no
    ///   ``Configuration/fixtureDirectory`` is configured) and the mode does not record it,
    ///   ``StubServerError/noUpstream(fixture:)`` when it should record or check drift but no upstream
    ///   is configured, ``StubServerError/fixtureAlreadyRecording(fixture:)`` when another scope of this
    ///   process is recording into the same file, ``StubServerError/recordingIntoCopy(fixture:)`` when
    ///   it should record into a folder the build copied (the trait says so); ``FixtureError`` when
    ///   the file is not a valid fixture; ``RecordModeError`` when `REPOSITORY_CONTRACTS_RECORD` names no record mode.
    public func loadFixture(named name: String) throws {
        try loadFixture(named: name, whenMissing: .fail)
    }

    /// What ``loadFixture(named:whenMissing:)`` does when there is neither a fixture to replay nor one to
    /// record.
    package enum MissingFixture: Sendable {
        /// Throws ``StubServerError/missingFixture(name:searched:command:)``.
        case fail
        /// Loads nothing (the trait, for a test that may have no fixture).
        case skip
    }

    /// ``loadFixture(named:)``, with the choice of what a missing fixture means. The record mode's
    /// ``RecordMode/plan(fixtureExists:)`` decides everything else.
    package func loadFixture(named name: String, whenMissing: MissingFixture) throws {
        guard let directory = configuration.fixtureDirectory else {
            if whenMissing == .skip { return }
            throw StubServerError.missingFixture(name: name, searched: [])
        }
        let candidates = ["json", "har"].map { directory.appendingPathComponent("\(name).\($0)") }
        let existing = candidates.first { FileManager.default.fileExists(atPath: $0.path) }
        let mode = try configuration.recording.mode.resolved(environment: ProcessInfo.processInfo.environment)
        let plan = mode.plan(fixtureExists: existing != nil)
        if plan.lacksFixture {
            let command = recordingCommand.text
            if whenMissing == .skip {
                playback.noteMissingFixture(at: candidates[0].path, recordedBy: command)
                return
            }
            throw StubServerError.missingFixture(name: name, searched: candidates.map(\.path), command: command)
        }
        try prepareRecording(into: existing ?? candidates[0], plan: plan)
    }

    /// The command that records this server's missing fixtures, for its test when it has one.
    package var recordingCommand: RecordingCommand {
        recordingCommand(for: configuration.test)
    }

    /// The command that records this server's missing fixtures by running `test`.
    package func recordingCommand(for test: RecordingCommand.TestIdentity?) -> RecordingCommand {
        RecordingCommand(
            test: test, upstreamConfigured: configuration.recording.upstream != nil || configuration.interceptsURLSession, environment: ProcessInfo.processInfo.environment)
    }

    /// What happened in this scope so far: unmatched requests (with the closest recorded request and a
    /// diff), unused interactions, stubs that threw. Read it after the client's work is done.
    public var report: PlaybackReport {
        playback.report
    }

    /// The server of the current `.stubServer` test scope, if any.
    @TaskLocal public static var currentIfAny: StubServer?

    /// The server of the current `.stubServer` test scope.
    ///
    /// Stops the process with an explanation when used outside such a scope: use ``currentIfAny`` to
    /// check first.
    public static var current: StubServer {
        guard let server = currentIfAny else {
            fatalError(
                "StubServer.current was read outside a stub-server scope: add the .stubServer(…) trait to the test, or run the code inside StubServer.$currentIfAny.withValue(server) { … }")
        }
        return server
    }
}

/// A stub-server failure that is not about a fixture's contents.
///
/// A struct over private storage rather than an enum, so that a new reason is not a breaking change for
/// code that switches over the ones it knows: compare with `==`, or read ``fixture``, ``searched`` and
/// ``command``.
public struct StubServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reasons, for the package's own exhaustive switches.
    package enum Kind: Sendable, Hashable {
        case missingFixture(name: String, searched: [String], command: String?)
        case noUpstream(fixture: String)
        case fixtureAlreadyRecording(fixture: String)
        case recordingIntoCopy(fixture: String)
    }

    /// Which reason this is.
    package let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// No fixture file for `name`; `searched` lists the paths tried (empty when no fixture directory is
    /// configured); `command` is the command line that records it, when the server knows its test.
    public static func missingFixture(name: String, searched: [String], command: String? = nil) -> Self {
        Self(.missingFixture(name: name, searched: searched, command: command))
    }

    /// The record mode asks to record `fixture` or check it for drift, but no upstream base URL is
    /// configured.
    public static func noUpstream(fixture: String) -> Self { Self(.noUpstream(fixture: fixture)) }

    /// Another scope of this process is already recording into `fixture`.
    public static func fixtureAlreadyRecording(fixture: String) -> Self { Self(.fixtureAlreadyRecording(fixture: fixture)) }

    /// The record mode asks to record `fixture`, but its folder is a copy the build made (a test
    /// bundle's resources, as the `.stubServer` trait found it), not the source tree.
    public static func recordingIntoCopy(fixture: String) -> Self { Self(.recordingIntoCopy(fixture: fixture)) }

    /// The fixture concerned: the name asked for when it is missing, else its file's path.
    public var fixture: String {
        switch kind {
        case .missingFixture(let name, _, _): name
        case .noUpstream(let fixture), .fixtureAlreadyRecording(let fixture), .recordingIntoCopy(let fixture): fixture
        }
    }

    /// The paths tried for a missing fixture (empty when no fixture directory is configured, or for
    /// another reason).
    public var searched: [String] {
        if case .missingFixture(_, let searched, _) = kind { searched } else { [] }
    }

    /// The command line that records a missing fixture, when the server knows its test.
    public var command: String? {
        if case .missingFixture(_, _, let command) = kind { command } else { nil }
    }

    /// What went wrong and what to do about it, as one message.
    public var description: String {
        switch kind {
        case .missingFixture(let name, let searched, _) where searched.isEmpty:
            return "no fixture directory is configured, so fixture '\(name)' cannot be found"
        case .missingFixture(let name, let searched, let command):
            let command = command ?? RecordingCommand(test: nil, upstreamConfigured: false, environment: [:]).text
            return "no fixture named '\(name)': looked for \(searched.joined(separator: " and ")); record it with: \(command)"

        case .fixtureAlreadyRecording(let fixture):
            return """
                \(fixture) is already being recorded by another scope of this test run, and two recordings \
                would overwrite each other: give each scope its own fixture (for contract clauses, its own \
                fixtures folder per conformer)
                """
        case .recordingIntoCopy(let fixture):
            return """
                \(fixture) should be recorded, but that folder is a copy of the fixtures in a test bundle, made \
                by the build: a recording written there would never reach the source tree. Record from the \
                source checkout (swift test in the package, where the Fixtures folder is found from the test's \
                source file), or set \(EnvironmentVariable.fixtures) (or fixturesRoot:) to the source Fixtures \
                folder
                """
        case .noUpstream(let fixture):
            return """
                \(fixture) should be recorded or checked for drift, but no upstream is configured: set \
                \(EnvironmentVariable.upstream)=<base URL of the live API> (or pass recording: Recording(upstream: …) to the trait)
                """
        }
    }
}
