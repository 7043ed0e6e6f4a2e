import Foundation
import Testing

@_exported import StubServer

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
    let sourceLocation: SourceLocation

    /// Applies to every test of a suite it is attached to, one server per test case.
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        var configuration = configuration
        if case .directory(let directory) = fixtures {
            configuration.fixtureDirectory = directory
        }
        let server = StubServer(configuration)
        try await server.start()
        do {
            try prepareFixtures(of: server, for: test, testCase: testCase)
            try await StubServer.$currentIfAny.withValue(server) {
                try await function()
            }
        } catch {
            await server.stop()
            report(server.finish())
            throw error
        }
        await server.stop()
        report(server.finish())
    }

    private func prepareFixtures(of server: StubServer, for test: Test, testCase: Test.Case?) throws {
        switch fixtures {
        case .none:
            return
        case .file(let file):
            try server.loadFixture(at: file)
        case .directory:
            guard testCase?.isParameterized != true else { return }
            let name = Self.fixtureName(forTestNamed: test.name)
            guard let directory = server.configuration.fixtureDirectory else { return }
            let exists = ["json", "har"].contains {
                FileManager.default.fileExists(atPath: directory.appendingPathComponent("\(name).\($0)").path)
            }
            if exists {
                try server.loadFixture(named: name)
            }
        }
    }

    /// `listsTodos()` → `listsTodos`; `fetch(id:)` → `fetch`.
    static func fixtureName(forTestNamed name: String) -> String {
        String(name.prefix { $0 != "(" })
    }

    private func report(_ report: PlaybackReport) {
        for finding in report.findings {
            Issue.record(
                Comment(rawValue: finding.message),
                severity: finding.severity == .error ? .error : .warning,
                sourceLocation: sourceLocation)
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
    ///   - clock: The clock fault delays sleep on.
    ///   - fixturesRoot: The `Fixtures` folder, when it is not `<package root>/Fixtures`.
    public static func stubServer(
        fixtures: String? = nil, playback: PlaybackOptions = PlaybackOptions(),
        server: ServerOptions = ServerOptions(), clock: any Clock<Duration> = ContinuousClock(),
        fixturesRoot: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        let root = fixturesRoot ?? FixturesRoot.locate(from: sourceLocation.filePath)
        return StubServerTrait(
            fixtures: fixtures.map { .directory(root.appendingPathComponent($0, isDirectory: true)) } ?? .none,
            configuration: StubServer.Configuration(server: server, playback: playback, clock: clock),
            sourceLocation: sourceLocation)
    }

    /// Runs each test case with its own ``StubServer`` replaying one fixture file, given relative to
    /// the package's `Fixtures/` folder (`"Todos/list.json"`, `"Captures/session.har"`).
    public static func stubServer(
        fixture file: String, playback: PlaybackOptions = PlaybackOptions(),
        server: ServerOptions = ServerOptions(), clock: any Clock<Duration> = ContinuousClock(),
        fixturesRoot: URL? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        let root = fixturesRoot ?? FixturesRoot.locate(from: sourceLocation.filePath)
        return StubServerTrait(
            fixtures: .file(root.appendingPathComponent(file)),
            configuration: StubServer.Configuration(server: server, playback: playback, clock: clock),
            sourceLocation: sourceLocation)
    }
}
