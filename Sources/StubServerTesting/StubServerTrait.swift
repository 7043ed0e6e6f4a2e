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
/// `.json` files are in the native format, `.har` files HAR 1.2; when both exist, `.json` wins. The
/// package root is the nearest folder above the test file that holds `Package.swift`.
public struct StubServerTrait: TestTrait, SuiteTrait, TestScoping {
    /// Which fixtures the trait loads.
    enum Fixtures: Sendable {
        /// None: stubs only (or fixtures loaded by the test itself).
        case none
        /// A folder of fixtures named by clause id or test name.
        case directory(URL)
        /// One fixture file for every test case.
        case file(URL)
    }

    let fixtures: Fixtures
    let configuration: StubServer.Configuration
    /// The clock asked for in code; `nil` takes the scope's `MockClock`, if any.
    let clock: (any Clock<Duration>)?
    /// The record mode asked for: in code, or ``RecordMode/fromEnvironment``.
    let recordMode: RecordMode
    let sourceLocation: SourceLocation

    /// Applies to every test of a suite it is attached to, one server per test case.
    public var isRecursive: Bool { true }

    /// Runs one test case inside its own server: starts it on a free port, loads the case's fixture as
    /// the record mode says, makes it ``StubServer/current`` while `function` runs, then stops it, writes
    /// what it recorded and records the server's report (unmatched requests, unused interactions, drift)
    /// as issues of the test; a recording that cannot be written is an issue too.
    ///
    /// - Throws: What `function` throws; ``RecordModeError`` or ``DriftWritesError`` when the environment
    ///   names no mode; ``ServerStartError`` when the server cannot listen; the error of
    ///   ``StubServer/loadFixture(named:)`` or ``StubServer/loadFixture(at:)`` when the fixture cannot be
    ///   loaded.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        var configuration = configuration
        configuration.clock = clock ?? MockClock.currentIfAny ?? ContinuousClock()
        configuration.fixtureUsageLog = configuration.fixtureUsageLog ?? fixtureUsageLog()
        if case .directory(let directory) = fixtures {
            configuration.fixtureDirectory = directory
            let environment = ProcessInfo.processInfo.environment
            configuration.recordMode = try recordMode.resolved(environment: environment)
            if configuration.upstream == nil, let text = environment[EnvironmentVariable.upstream], !text.isEmpty {
                configuration.upstream = URL(string: text)
            }
            configuration.driftCheck = try configuration.driftCheck.resolved(environment: environment)
        }
        let server = StubServer(configuration)
        try await server.start()
        do {
            try prepareFixtures(of: server, for: test, testCase: testCase)
            try await StubServer.$currentIfAny.withValue(server) {
                try await function()
            }
        } catch {
            await finish(server)
            throw error
        }
        await finish(server)
    }

    /// Stops the server, writes what it recorded, and reports.
    private func finish(_ server: StubServer) async {
        await server.stop()
        do {
            if let outcome = try server.finishRecording() {
                Issue.record(
                    Comment(
                        rawValue: """
                            recorded \(outcome.recordedCount) interaction\(outcome.recordedCount == 1 ? "" : "s") into \
                            \(outcome.file.path) (\(outcome.redactions.count) field\(outcome.redactions.count == 1 ? "" : "s") \
                            redacted): this run verified nothing; run the tests again without recording to check the replay
                            """),
                    sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record(Comment(rawValue: "\(error)"), sourceLocation: sourceLocation)
        }
        report(server.report)
    }

    private func prepareFixtures(of server: StubServer, for test: Test, testCase: Test.Case?) throws {
        switch fixtures {
        case .none:
            return
        case .file(let file):
            try server.loadFixture(at: file)
        case .directory:
            guard testCase?.isParameterized != true else { return }
            // A test without a fixture of its own (one that loads its own, or a clause's) is fine.
            try server.loadFixture(named: Self.fixtureName(forTestNamed: test.name), whenMissing: .skip)
        }
    }

    /// Where this scope's server logs the fixtures it loads: see `FixtureUsageLog.location(near:environment:)`,
    /// from the fixtures, else from the test's source file.
    func fixtureUsageLog() -> URL? {
        let near: URL
        switch fixtures {
        case .directory(let folder): near = folder.appendingPathComponent("_")
        case .file(let file): near = file
        case .none: near = URL(fileURLWithPath: sourceLocation.filePath)
        }
        return FixtureUsageLog.location(near: near, environment: ProcessInfo.processInfo.environment)
    }

    /// `listsTodos()` → `listsTodos`; `fetch(id:)` → `fetch`.
    static func fixtureName(forTestNamed name: String) -> String {
        String(name.prefix { $0 != "(" })
    }

    private func report(_ report: PlaybackReport) {
        for finding in report.findings {
            recordIssue(finding.message, isWarning: finding.severity != .error, at: sourceLocation)
        }
    }
}

extension Trait where Self == StubServerTrait {
    /// Runs each test case with its own ``StubServer``, replaying fixtures from
    /// `Fixtures/<fixtures>/` named by clause id or test name (see ``StubServerTrait``).
    ///
    /// - Parameters:
    ///   - fixtures: A folder under the package's `Fixtures/`, or `nil` for stubs only.
    ///   - playback: Matching and reporting options.
    ///   - server: Listener options (address, limits, timeouts).
    ///   - clock: The clock fault delays sleep on; `nil` (the default) takes the test's `MockClock` when a
    ///     `.mockClock` trait is listed before this one, and `ContinuousClock` otherwise.
    ///   - fixturesRoot: The `Fixtures` folder, when it is not `<package root>/Fixtures`.
    ///   - record: What to record: `.fromEnvironment` (the default) reads `REPOSITORY_CONTRACTS_RECORD`,
    ///     else `never` when `CI` is set and `once` otherwise; `.never`, `.once`, `.newEpisodes`, `.all`
    ///     or `.drift` choose in code (see ``RecordMode``).
    ///   - upstream: The live API recording and the drift check forward to; `nil` reads
    ///     `REPOSITORY_CONTRACTS_UPSTREAM`.
    ///   - recordedOrder: The order a recording writes interactions in: `.byRequest` when the code under
    ///     test sends requests concurrently, so re-recording gives the same bytes (see ``RecordedOrder``).
    ///   - driftCheck: What the `drift` record mode compares with the live API (headers, ignored JSON
    ///     paths, severity); see ``DriftCheckOptions``.
    ///   - redaction: What a recording redacts before it is written: the default ``Redaction`` unless
    ///     given, for example `Redaction(allowedNames: ["X-Build-Token"])` or with extra names.
    ///   - sourceLocation: Where the issues the server reports point: the trait's use, unless given.
    public static func stubServer(
        fixtures: String? = nil, playback: PlaybackOptions = PlaybackOptions(),
        server: ServerOptions = ServerOptions(), clock: (any Clock<Duration>)? = nil,
        fixturesRoot: URL? = nil, record: RecordMode = .fromEnvironment, upstream: URL? = nil,
        recordedOrder: RecordedOrder = .arrival, driftCheck: DriftCheckOptions = DriftCheckOptions(),
        redaction: Redaction = Redaction(), sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        let root = fixturesRoot ?? FixturesRoot.locate(from: sourceLocation.filePath)
        return StubServerTrait(
            fixtures: fixtures.map { .directory(root.appendingPathComponent($0, isDirectory: true)) } ?? .none,
            configuration: StubServer.Configuration(
                server: server, playback: playback, upstream: upstream, recordedOrder: recordedOrder,
                driftCheck: driftCheck, redaction: redaction),
            clock: clock,
            recordMode: record, sourceLocation: sourceLocation)
    }

    /// Runs each test case with its own ``StubServer`` replaying one fixture file, given relative to
    /// the package's `Fixtures/` folder (`"Todos/list.json"`, `"Captures/session.har"`).
    public static func stubServer(
        fixture file: String, playback: PlaybackOptions = PlaybackOptions(),
        server: ServerOptions = ServerOptions(), clock: (any Clock<Duration>)? = nil,
        fixturesRoot: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        let root = fixturesRoot ?? FixturesRoot.locate(from: sourceLocation.filePath)
        return StubServerTrait(
            fixtures: .file(root.appendingPathComponent(file)),
            configuration: StubServer.Configuration(server: server, playback: playback), clock: clock,
            recordMode: .fromEnvironment, sourceLocation: sourceLocation)
    }
}
