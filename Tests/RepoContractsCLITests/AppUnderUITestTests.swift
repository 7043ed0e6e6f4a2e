#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
import RecordReplay
import StubServerTesting
import Testing
import TodoExample

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@testable import RepoContractsCLI

/// The cross-process part of UI testing (the "UI tests" article of the record/replay catalogue), with
/// `repo-contracts-todo-app` standing for the app: the stub server runs in the test process, the app in its
/// own, and the server's base URL is all the app is given, through its environment as a UI test's
/// `launchEnvironment` gives it.
///
/// The app reads the variable only in a debug build (as the article advises), so a release build of the
/// tests would send it to production: these tests run only in a debug build.
@Suite("UI testing: the app in another process", .timeLimit(.minutes(10)), .enabled(if: AppUnderTest.readsLaunchEnvironment))
struct AppUnderUITestTests {
    @Test("the app lists the todos the test's stub server replays, from the base URL its environment gives", .stubServer(fixtures: "UITesting"))
    func appListsTodos() async throws {
        let server = StubServer.current
        let run = try await AppUnderTest.launch(baseURL: server.baseURL)

        #expect(run.termination == .exited(0), "\(run.stderr)")
        #expect(run.lines == ["API \(server.baseURL.absoluteString)", "2 todos", "[ ] #1 Buy milk", "[x] #2 Bake bread"])
        #expect(server.journal.map { "\($0.method) \($0.path)" } == ["GET /todos"])
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
    }

    @Test("the app's writes reach the test's server: the journal holds the todo it sent", .stubServer(fixtures: "UITesting"))
    func appAddsTodo() async throws {
        let server = StubServer.current
        let run = try await AppUnderTest.launch(["--add", "Walk the dog"], baseURL: server.baseURL)

        #expect(run.termination == .exited(0), "\(run.stderr)")
        #expect(run.lines.dropFirst() == ["added #3 Walk the dog", "3 todos", "[ ] #1 Buy milk", "[x] #2 Bake bread", "[ ] #3 Walk the dog"])
        #expect(server.journal.map { "\($0.method) \($0.path)" } == ["GET /todos", "POST /todos", "GET /todos"])
        let sent = try #require(server.journal.entries(matching: .post("/todos")).first)
        #expect(try TodoJSON.decoder.decode(Todo.self, from: sent.body) == Todo(id: 3, title: "Walk the dog"))
    }

    @Test("an API failure the fixture replays ends the app with status 1 and a message naming the call", .stubServer(fixtures: "UITesting"))
    func appShowsServerError() async throws {
        let run = try await AppUnderTest.launch(baseURL: StubServer.current.baseURL)

        #expect(run.termination == .exited(1))
        #expect(run.stderr.contains("repo-contracts-todo-app: the todo list could not load:"))
        #expect(run.stderr.contains("GET /todos answered 503"))
        #expect(!run.stdout.contains("todos\n"))
    }

    @Test("a request no fixture answers ends the app with an error, and the server's report names the request")
    func unansweredRequest() async throws {
        // A plain server, not the trait: its report is read here instead of failing this test.
        let server = StubServer()
        try server.loadFixture(at: AppUnderTest.fixtures.appendingPathComponent("appListsTodos.json"))
        try await server.start()
        let run = try await AppUnderTest.launch(["--add", "Walk the dog"], baseURL: server.baseURL)
        await server.stop()

        #expect(run.termination == .exited(1))
        #expect(run.stderr.contains("POST /todos answered 599"))
        #expect(server.report.unmatchedRequests.map { "\($0.request.method) \($0.request.path)" } == ["POST /todos"])
        #expect(server.report.hasErrors)
        #expect(server.report.description.contains("POST /todos"))
    }

    @Test("two apps run side by side, each against its own server on its own port, and each journal holds only its app's requests")
    func parallelApps() async throws {
        let lists = StubServer()
        let adds = StubServer()
        try lists.loadFixture(at: AppUnderTest.fixtures.appendingPathComponent("appListsTodos.json"))
        try adds.loadFixture(at: AppUnderTest.fixtures.appendingPathComponent("appAddsTodo.json"))
        try await lists.start()
        try await adds.start()
        async let listing = AppUnderTest.launch(baseURL: lists.baseURL)
        async let adding = AppUnderTest.launch(["--add", "Walk the dog"], baseURL: adds.baseURL)
        let (listed, added) = try await (listing, adding)
        await lists.stop()
        await adds.stop()

        #expect(lists.port != adds.port)
        #expect(listed.termination == .exited(0) && added.termination == .exited(0), "\(listed.stderr)\(added.stderr)")
        #expect(listed.lines.last == "[x] #2 Bake bread")
        #expect(added.lines.last == "[ ] #3 Walk the dog")
        #expect(lists.journal.map { "\($0.method) \($0.path)" } == ["GET /todos"])
        #expect(adds.journal.map { "\($0.method) \($0.path)" } == ["GET /todos", "POST /todos", "GET /todos"])
        #expect(!lists.report.hasErrors && !adds.report.hasErrors, "\(lists.report)\n\(adds.report)")
    }

    @Test(
        "with URLSession interception on in the test process, the app's requests still arrive by socket, beside the test's own intercepted ones",
        .stubServer(fixtures: "UITesting", interceptsURLSession: true))
    func appBesideInterception() async throws {
        let server = StubServer.current
        // The test's own request to the production host is answered in process (first interaction) …
        var request = URLRequest(url: URL(string: "https://api.todos.example/todos")!)
        request.timeoutInterval = 86_400  // answered at once; never judged by wall-clock time
        let (body, _) = try await URLSession.shared.data(for: request)
        #expect(try TodoJSON.decoder.decode([Todo].self, from: body).map(\.title) == ["Buy milk"])
        // … and the app, another process that the interception cannot reach, uses the base URL (second).
        let run = try await AppUnderTest.launch(baseURL: server.baseURL)

        #expect(run.termination == .exited(0), "\(run.stderr)")
        #expect(run.lines.last == "[x] #2 Bake bread")
        #expect(server.journal.map { $0.request.origin?.description ?? "socket" } == ["https://api.todos.example", "socket"])
    }

    @Test("bound to every interface, the base URL still names 127.0.0.1: a device needs the Mac's address put in by hand")
    func everyInterfaceBaseURL() {
        // Never started: the address is only read, nothing is exposed to the network.
        let server = StubServer(StubServer.Configuration(server: ServerOptions(bindAddress: .address("0.0.0.0"))))
        #expect(server.baseURL.host == "127.0.0.1")
        #expect(StubServer().baseURL.host == "127.0.0.1")
    }

    @Test("a server cannot be bound to the name localhost: the bind address is numeric")
    func localhostIsNotABindAddress() async throws {
        let server = StubServer(StubServer.Configuration(server: ServerOptions(bindAddress: .address("localhost"))))
        await #expect(throws: ServerStartError.invalidAddress("localhost")) { try await server.start() }
        await server.stop()
    }

    @Test("a base URL that is not an http URL is refused before any request, naming the variable")
    func invalidBaseURL() async throws {
        let run = try await AppUnderTest.launch(environment: [APIEnvironmentName.variable: "localhost:8080"])

        #expect(run.termination == .exited(64))
        #expect(run.stderr == "repo-contracts-todo-app: TODO_API_BASE_URL is not an http or https URL: \"localhost:8080\"\n")
        #expect(run.stdout.isEmpty)
    }
}

/// The name of the variable the example app reads (its own target is an executable, which tests do not
/// import).
enum APIEnvironmentName {
    static let variable = "TODO_API_BASE_URL"
}

/// The built `repo-contracts-todo-app`, started as a UI test starts an app.
enum AppUnderTest {
    /// Whether this build's app reads its launch environment: a debug build, like this test's own.
    static var readsLaunchEnvironment: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    /// The fixtures of these tests.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/UITesting")

    /// Starts the app with `arguments` and the base URL `baseURL` in its environment, and waits for it to
    /// end.
    static func launch(_ arguments: [String] = [], baseURL: URL) async throws -> RepoContractsBinary.Run {
        try await launch(arguments, environment: [APIEnvironmentName.variable: baseURL.absoluteString])
    }

    /// Starts the app with `arguments` and exactly `environment` (nothing inherited, so the app never
    /// falls back to its production URL), and waits for it to end.
    static func launch(_ arguments: [String] = [], environment: [String: String]) async throws -> RepoContractsBinary.Run {
        #expect(environment[APIEnvironmentName.variable] != nil, "the app would talk to production")
        let outcome = try await ChildProcess.run(
            try RepoContractsBinary.url(of: "repo-contracts-todo-app"), arguments: arguments, environment: environment)
        return RepoContractsBinary.Run(
            stdout: String(decoding: outcome.standardOutput, as: UTF8.self),
            stderr: String(decoding: outcome.standardError, as: UTF8.self),
            termination: outcome.termination)
    }
}

extension RepoContractsBinary.Run {
    /// The lines of standard output.
    var lines: [String] { stdout.split(separator: "\n").map(String.init) }
}
#endif
