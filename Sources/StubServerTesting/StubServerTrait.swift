import RepositoryContractsPrimitives
public import Foundation
import MockTime
import MockTimeTesting
public import Testing

public import RecordReplay

/// A Swift Testing trait that gives each test case its own running ``StubServer``.
///
/// For the scope of every test case it applies to, the trait starts a server on a free loopback port,
/// makes it ``StubServer/current``, loads the case's fixture, runs the test, stops the server and
/// records an issue for every request no fixture or stub matched and (by default) every recorded
/// interaction that was never used. Parallel test cases each get their own server and port.
///
/// **Fixture naming.** With `.stubServer(fixtures: "Todos")`, fixtures live in
/// `<package root>/Fixtures/Todos/`:
/// - a contract clause verified inside the scope (`clause.verify { … }`) loads `<clause id>.json`
///   (for example `Fixtures/Todos/create.readYourWrites.json`);
/// - a test that is not parameterized loads `<test function name>.json` when that file exists
///   (`func listsTodos()` → `Fixtures/Todos/listsTodos.json`);
/// - any test may call `StubServer.current.loadFixture(named:)` itself.
///
/// `.json` files are in the native format, `.har` files HAR 1.2; when both exist, `.json` wins.
///
/// **Finding `Fixtures`.** When a test case starts, the trait takes, in order: `fixturesRoot:`;
/// `REPOSITORY_CONTRACTS_FIXTURES`; a `Fixtures` folder holding the fixtures asked for, found from the
/// test's source file up to the package root (the nearest folder above it that holds `Package.swift`);
/// the test bundle's resources (a SwiftPM `resources: [.copy("Fixtures")]`, `fixturesBundle:`, an Xcode
/// folder reference). A recording is written only into the source tree: from a bundle's copy (found
/// there, or given inside a bundle), a mode that records fails the test. With no folder found, the error lists each step and the paths it tried.
public struct StubServerTrait: TestTrait, SuiteTrait, TestScoping {
    /// Which fixtures the trait loads, relative to the `Fixtures` folder ``search`` finds.
    enum Fixtures: Sendable {
        /// None: stubs only (or fixtures loaded by the test itself).
        case none
        /// A folder of fixtures named by clause id or test name.
        case directory(String)
        /// One fixture file for every test case.
        case file(String)
    }

    let fixtures: Fixtures
    /// Where the `Fixtures` folder is: searched when a test case starts.
    let search: FixturesSearch
    /// The environment a test case starts in: the process's, read then (tests give their own).
    var environment: @Sendable () -> [String: String] = { ProcessInfo.processInfo.environment }
    /// The server's configuration as given in code: its ``StubServer/Configuration-swift.struct/recording``
    /// is resolved from the environment when a test case starts.
    let configuration: StubServer.Configuration
    /// The clock asked for in code; `nil` takes the scope's `MockClock`, if any.
    let clock: (any Clock<Duration>)?
    let sourceLocation: SourceLocation

    /// Whether `URLSession.shared` requests are answered by the scope's server (see
    /// ``URLSessionInterception``); such scopes run one at a time.
    var interceptsURLSession: Bool { configuration.interceptsURLSession }

    /// Applies to every test of a suite it is attached to, one server per test case.
    public var isRecursive: Bool { true }

    /// Runs one test case inside its own server: starts it on a free port, loads the case's fixture as
    /// the record mode says, makes it ``StubServer/current`` while `function` runs, then stops it, writes
    /// what it recorded and records the server's report (unmatched requests, unused interactions, drift)
    /// as issues of the test; a recording that cannot be written is an issue too. A test that failed (an
    /// issue recorded, an error thrown) writes no recording unless the trait was asked to: a warning
    /// names the file left as it was and why.
    ///
    /// - Throws: What `function` throws; ``FixturesNotFoundError`` when no `Fixtures` folder holds the
    ///   fixtures; ``RecordModeError`` or ``DriftWritesError`` when the environment names no mode;
    ///   ``ServerStartError`` when the server cannot listen; the error of
    ///   ``StubServer/loadFixture(named:)`` or ``StubServer/loadFixture(at:)`` when the fixture cannot be
    ///   loaded.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        var configuration = configuration
        configuration.clock = clock ?? MockClock.currentIfAny ?? ContinuousClock()
        configuration.test = RecordingCommand.TestIdentity(test)
        let environment = environment()
        if case .directory(let folder) = fixtures {
            let root = try search.resolve(folder, environment: environment, bundles: .current)
            configuration.fixtureDirectory = root.url.appendingPathComponent(folder, isDirectory: true)
            configuration.fixtureDirectoryIsCopy = root.isCopy
            configuration.recording = try configuration.recording.resolved(environment: environment)
        }
        configuration.fixtureUsageLog = configuration.fixtureUsageLog ?? fixtureUsageLog(for: configuration, environment: environment)
        let server = StubServer(configuration)
        try await server.start()
        let failures = TestFailureWatch()
        do {
            try prepareFixtures(of: server, for: test, testCase: testCase)
            try await failures.watching(test, testCase) {
                try await StubServer.$currentIfAny.withValue(server) {
                    // A cancelled test (a time limit fired) must not wait for an answer being decided,
                    // even through an unstructured Task: the server drops them all at once.
                    try await withTaskCancellationHandler {
                        if interceptsURLSession {
                            try await server.interceptingURLSession(onStart: reportTurnWait) { try await function() }
                        } else {
                            try await function()
                        }
                    } onCancel: {
                        server.cancelPendingAnswers()
                    }
                }
            }
        } catch {
            await finish(server, failure: failures.reason(thrown: error))
            throw error
        }
        await finish(server, failure: failures.reason(thrown: nil))
    }

    /// Stops the server, writes what it recorded (unless the test failed: `failure` says why), and reports.
    private func finish(_ server: StubServer, failure: String?) async {
        await server.stop()
        if let failure, !configuration.recording.writesWhenTestFails, let discarded = server.discardRecording() {
            let count = discarded.recordedCount
            recordIssue(
                "did not write the \(count) interaction\(count == 1 ? "" : "s") recorded for \(discarded.file.path): "
                    + "\(failure), and the recording of a failed run must not become the fixture (the file is left "
                    + "as it was). Fix the cause and record again, or pass recording: Recording(writesWhenTestFails: true) "
                    + "to the trait to keep such recordings",
                isWarning: true, at: sourceLocation)
        }
        do {
            if let outcome = try server.finishRecording() {
                Issue.record(
                    Comment(
                        rawValue: """
                            recorded \(outcome.recordedCount) interaction\(outcome.recordedCount == 1 ? "" : "s") into \
                            \(outcome.file.path) (\(outcome.redactions.count) field\(outcome.redactions.count == 1 ? "" : "s") \
                            redacted\(outcome.isUnchanged ? "; the file is unchanged: the live API answered as recorded" : "")): \
                            this run verified nothing; run the tests again without recording to check the replay
                            """),
                    sourceLocation: sourceLocation)
                if let notice = outcome.withheldBodiesNotice {
                    recordIssue(notice, isWarning: true, at: sourceLocation)
                }
            }
        } catch {
            Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
        }
        let report = server.report
        self.report(report)
        for attachment in Self.findingAttachments(of: server.playback, report: report) { attachment.record(at: sourceLocation) }
    }

    private func prepareFixtures(of server: StubServer, for test: Test, testCase: Test.Case?) throws {
        switch fixtures {
        case .none:
            return
        case .file(let file):
            let root = try search.resolve(file, environment: environment(), bundles: .current)
            try server.loadFixture(at: root.url.appendingPathComponent(file))
        case .directory:
            guard testCase?.isParameterized != true else { return }
            // A test without a fixture of its own (one that loads its own, or a clause's) is fine.
            try server.loadFixture(named: Self.fixtureName(forTestNamed: test.name), whenMissing: .skip)
        }
    }

    /// Where this scope's server logs the fixtures it loads (`FixtureUsageLog.location(near:environment:)`):
    /// beside the package of the `Fixtures` folder found, or of the test's source file when none was or
    /// it is a build's copy.
    func fixtureUsageLog(for configuration: StubServer.Configuration, environment: [String: String]) -> URL? {
        let fixtures = configuration.fixtureDirectoryIsCopy ? nil : configuration.fixtureDirectory
        return FixtureUsageLog.location(near: fixtures ?? URL(fileURLWithPath: sourceLocation.filePath), environment: environment)
    }

    /// `listsTodos()` → `listsTodos`; `fetch(id:)` → `fetch`.
    static func fixtureName(forTestNamed name: String) -> String {
        String(name.prefix { $0 != "(" })
    }

    /// Says how long the test waited for the process-wide interception turn, when it was long enough to
    /// notice: the time is the holder's, not this test's.
    private func reportTurnWait(of interception: URLSessionInterception) {
        guard let notice = interception.turnWaitNotice() else { return }
        recordIssue(notice, isWarning: true, at: sourceLocation)
    }

    private func report(_ report: PlaybackReport) {
        for finding in report.findings {
            recordIssue(finding.message, isWarning: finding.severity != .error, at: sourceLocation)
        }
    }
}

extension StubServerTrait {
    /// The trait's options that are not about fixtures, recording, redaction or interception: matching,
    /// the listener, the clock, and where the `Fixtures` folder is when given in code.
    public struct Options: Sendable {
        /// Matching and reporting options.
        public var playback: PlaybackOptions
        /// Listener options (address, limits, timeouts).
        public var server: ServerOptions
        /// The clock fault delays sleep on; `nil` (the default) takes the test's `MockClock` when a
        /// `.mockClock` trait is listed before this one, and `ContinuousClock` otherwise.
        public var clock: (any Clock<Duration>)?
        /// The `Fixtures` folder, chosen in code: before `REPOSITORY_CONTRACTS_FIXTURES` and the folders
        /// found from the test's source file or bundle (see ``StubServerTrait``); `nil` unless given.
        public var fixturesRoot: URL?
        /// A bundle whose resources hold a `Fixtures` folder (`Bundle.module` with
        /// `resources: [.copy("Fixtures")]`): read when the source tree has none, before the resource
        /// bundles the trait finds itself; `nil` unless given.
        public var fixturesBundle: Bundle?

        /// Creates options; every part has the default described on its property.
        public init(
            playback: PlaybackOptions = PlaybackOptions(), server: ServerOptions = ServerOptions(),
            clock: (any Clock<Duration>)? = nil, fixturesRoot: URL? = nil, fixturesBundle: Bundle? = nil
        ) {
            self.playback = playback
            self.server = server
            self.clock = clock
            self.fixturesRoot = fixturesRoot
            self.fixturesBundle = fixturesBundle
        }
    }

    /// A trait for `fixtures` whose server is configured by the rest.
    init(
        fixtures: Fixtures, recording: Recording, redaction: Redaction, interceptsURLSession: Bool,
        options: Options, sourceLocation: SourceLocation
    ) {
        if interceptsURLSession { URLSessionInterception.prepare() }
        var configuration = StubServer.Configuration(
            server: options.server, playback: options.playback, recording: recording, redaction: redaction)
        configuration.interceptsURLSession = interceptsURLSession
        self.init(
            fixtures: fixtures,
            search: FixturesSearch(root: options.fixturesRoot, bundle: options.fixturesBundle, sourceLocation: sourceLocation),
            configuration: configuration, clock: options.clock, sourceLocation: sourceLocation)
    }
}

extension Trait where Self == StubServerTrait {
    /// Runs each test case with its own ``StubServer``, replaying fixtures from
    /// `Fixtures/<fixtures>/` named by clause id or test name (see ``StubServerTrait``).
    ///
    /// - Parameters:
    ///   - fixtures: A folder under the `Fixtures` folder, or `nil` for stubs only.
    ///   - recording: What to record and how to write it (see ``Recording``):
    ///     ``Recording/fromEnvironment`` (the default) records what `REPOSITORY_CONTRACTS_RECORD` (or
    ///     `TEST_RUNNER_REPOSITORY_CONTRACTS_RECORD`) names, else nothing, from the live API
    ///     `REPOSITORY_CONTRACTS_UPSTREAM` names; `Recording(mode: .once, upstream: url)` chooses in code.
    ///     A failed test's recording is dropped, with a warning, unless ``Recording/writesWhenTestFails``.
    ///   - redaction: What a recording redacts before it is written, and what every diagnostic of the
    ///     scope redacts from the requests and responses it shows (unmatched requests and their closest
    ///     recorded requests, drift, a request that could not be recorded): the default ``Redaction``
    ///     unless given, for example `Redaction(allowedNames: ["X-Build-Token"])` or with extra names.
    ///   - interceptsURLSession: Answers the requests sent through `URLSession.shared` from the scope's
    ///     server, whatever host they name, so code that does not take ``StubServer/baseURL`` runs
    ///     against fixtures unchanged (see ``URLSessionInterception``). Such scopes run one at a time
    ///     across the process; others keep running beside them. `false` by default.
    ///   - options: Matching, the listener, the clock, and where the `Fixtures` folder is when given in
    ///     code (see ``StubServerTrait/Options``).
    ///   - sourceLocation: Where the issues the server reports point: the trait's use, unless given.
    public static func stubServer(
        fixtures: String? = nil, recording: Recording = .fromEnvironment, redaction: Redaction = Redaction(),
        interceptsURLSession: Bool = false, options: StubServerTrait.Options = StubServerTrait.Options(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        StubServerTrait(
            fixtures: fixtures.map { .directory($0) } ?? .none, recording: recording,
            redaction: redaction, interceptsURLSession: interceptsURLSession, options: options,
            sourceLocation: sourceLocation)
    }

    /// Runs each test case with its own ``StubServer`` replaying one fixture file, given relative to
    /// the `Fixtures` folder (`"Todos/list.json"`, `"Captures/session.har"`), found as ``StubServerTrait``
    /// says (`redaction:`, `interceptsURLSession:` and `options:` as for
    /// `.stubServer(fixtures:)`; the scope records nothing, so `redaction:` says what its diagnostics and
    /// the secret scan of the fixture it loads redact).
    public static func stubServer(
        fixture file: String, redaction: Redaction = Redaction(),
        interceptsURLSession: Bool = false, options: StubServerTrait.Options = StubServerTrait.Options(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        StubServerTrait(
            fixtures: .file(file), recording: .fromEnvironment, redaction: redaction,
            interceptsURLSession: interceptsURLSession, options: options, sourceLocation: sourceLocation)
    }
}
