#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplayMessages
import Foundation
import RecordReplay
import Testing

@testable import RepoContractsCLI

/// `repo-contracts status`: each column (interactions, recorded, secret scan, use), the warnings and the
/// exit statuses, on a package folder made for each test.
@Suite("status: the fixtures' report")
struct StatusCommandTests {
    /// 2026-11-28T00:00:00Z: what ages are measured to.
    private static let now = Date(timeIntervalSince1970: 1_795_824_000)
    private static let token = StatusTestPackage.token
    private typealias Package = StatusTestPackage

    /// Runs `command`; its exit status and its table's rows (cells split on runs of two or more spaces) by
    /// fixture, and the whole output.
    private func run(_ command: StatusCommand) async throws -> (ExitCode, [String: [String]], String) {
        let capture = ConsoleCapture()
        let status = try await command.run(capture.console, now: Self.now)
        var rows: [String: [String]] = [:]
        for line in capture.out.split(separator: "\n") {
            let cells = line.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.count == 5 { rows[cells[0]] = Array(cells.dropFirst()) }
        }
        return (status, rows, capture.out)
    }

    @Test("without a usage log: interactions, age and its source, secret scan, use from the test sources")
    func columnsWithoutLog() async throws {
        let package = try Package()
        defer { try? FileManager.default.removeItem(at: package.root) }
        let (status, rows, out) = try await run(package.command())
        #expect(status == .success)
        #expect(rows["Todos/listsTodos.json"] == ["2", "27 days ago (fixture)", "clean", "referenced"])
        #expect(rows["Captures/session.har"] == ["1", "57 days ago (har)", "clean", "referenced"])
        #expect(rows["Todos/create.readYourWrites.json"] == ["1", "unknown", "clean", "folder referenced"])
        #expect(rows["Todos/forgotten.json"] == ["1", "unknown", "clean", "unused"])
        #expect(rows["Todos/leaky.json"] == ["1", "unknown", "1 secret", "referenced"])
        #expect(rows["Todos/broken.json"] == ["invalid", "unknown", "-", "referenced"])
        #expect(out.contains("no usage log (run the tests first"))
        #expect(out.contains("Todos/forgotten.json: named by no test source (no usage log"))
        #expect(out.contains("Todos/broken.json: invalid: \(package.fixture("Todos/broken.json")): $.interactions: missing required field"))
        #expect(out.contains("Todos/leaky.json: the secret scan finds 1 secret: run 'repo-contracts redact \(package.fixture("Todos/leaky.json"))'"))
        #expect(!out.contains(Self.token))
        #expect(out.contains("3 warnings:"))
    }

    @Test("with a usage log: loaded, referenced but not loaded, unused; the log named as the evidence")
    func columnsWithLog() async throws {
        let package = try Package()
        defer { try? FileManager.default.removeItem(at: package.root) }
        let log = try package.usageLog(loading: ["Todos/listsTodos.json", "Todos/create.readYourWrites.json", "Todos/leaky.json"])
        let (_, rows, out) = try await run(package.command(["--usage-log", log]))
        #expect(rows["Todos/listsTodos.json"]?.last == "loaded")
        #expect(rows["Todos/create.readYourWrites.json"]?.last == "loaded")
        #expect(rows["Captures/session.har"]?.last == "referenced, not loaded")
        #expect(rows["Todos/forgotten.json"]?.last == "unused")
        #expect(out.contains("the usage log \(log) (fixtures the last test run loaded)"))
        #expect(out.contains("Captures/session.har: loaded by no test in the last run (a test source names it)"))
        #expect(out.contains("Todos/forgotten.json: loaded by no test in the last run, and named by no test source"))
    }

    @Test("--max-age: older fixtures and those of unknown age are warnings; younger ones are not")
    func maximumAge() async throws {
        let package = try Package()
        defer { try? FileManager.default.removeItem(at: package.root) }
        let (_, _, out) = try await run(package.command(["--max-age", "30"]))
        #expect(out.contains("Captures/session.har: recorded 57 days ago, more than --max-age 30: record it again"))
        #expect(out.contains("Todos/create.readYourWrites.json: its recording date is unknown, so --max-age 30 cannot be checked"))
        #expect(!out.contains("Todos/listsTodos.json: recorded"))
    }

    @Test("exit status: 0 with warnings, 1 with --strict and a warning, 0 with --strict and none")
    func exitStatuses() async throws {
        let package = try Package()
        defer { try? FileManager.default.removeItem(at: package.root) }
        #expect(try await run(package.command()).0 == .success)
        #expect(try await run(package.command(["--strict"])).0 == .failure)
        for name in ["Todos/create.readYourWrites.json", "Todos/forgotten.json", "Todos/leaky.json", "Todos/broken.json", "Captures/session.har"] {
            try FileManager.default.removeItem(atPath: package.fixture(name))
        }
        let (status, _, out) = try await run(package.command(["--strict", "--max-age", "30"]))
        #expect(status == .success)
        #expect(out.contains("no warnings"))
        let log = try package.usageLog(loading: [])
        #expect(try await run(package.command(["--strict", "--usage-log", log])).0 == .failure)
    }

    @Test("each warning kind alone fails --strict", arguments: ["invalid", "secret", "old", "unused"])
    func eachWarningFailsStrict(_ kind: String) async throws {
        let package = try Package()
        defer { try? FileManager.default.removeItem(at: package.root) }
        let keep = ["invalid": "Todos/broken.json", "secret": "Todos/leaky.json", "old": "Captures/session.har", "unused": "Todos/forgotten.json"][kind]!
        for name in ["Todos/create.readYourWrites.json", "Todos/forgotten.json", "Todos/leaky.json", "Todos/broken.json", "Captures/session.har"]
        where name != keep {
            try FileManager.default.removeItem(atPath: package.fixture(name))
        }
        let (status, _, out) = try await run(package.command(["--strict"] + (kind == "old" ? ["--max-age", "30"] : [])))
        #expect(status == .failure)
        #expect(out.contains("1 warning:\n  \(keep): "))
    }

    @Test("usage errors exit 64: no fixtures folder, a usage log that does not exist, a bad --max-age, an operand")
    func usageErrors() async throws {
        let package = try Package()
        defer { try? FileManager.default.removeItem(at: package.root) }
        let cases: [([String], String)] = [
            (["status", "--fixtures", package.root.appendingPathComponent("Nope").path], "no fixtures folder at"),
            (["status", "--fixtures", package.fixtures, "--usage-log", package.root.appendingPathComponent("none.log").path], "no usage log at"),
            (["status", "--max-age", "soon"], "invalid value 'soon' for --max-age"),
            (["status", "Fixtures"], "unexpected argument 'Fixtures'"),
        ]
        for (arguments, message) in cases {
            let capture = ConsoleCapture()
            #expect(await Tool.main(arguments, console: capture.console) == .usage)
            #expect(capture.error.contains(message), "\(arguments): \(capture.error)")
        }
    }

    @Test("--format json: one object per fixture with every column, and the evidence")
    func json() async throws {
        let package = try Package()
        defer { try? FileManager.default.removeItem(at: package.root) }
        let (_, _, out) = try await run(package.command(["--format", "json", "--max-age", "30"]))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(document["fixturesFolder"] as? String == package.fixtures)
        #expect(document["usageLog"] is NSNull)
        #expect(document["testsFolder"] as? String == package.tests)
        let fixtures = try #require(document["fixtures"] as? [[String: Any]])
        #expect(fixtures.map { $0["path"] as? String } == [
            "Captures/session.har", "Todos/broken.json", "Todos/create.readYourWrites.json", "Todos/forgotten.json",
            "Todos/leaky.json", "Todos/listsTodos.json",
        ])
        let capture = fixtures[0]
        #expect(capture["format"] as? String == "har")
        #expect(capture["interactionCount"] as? Int == 1)
        #expect(capture["recorded"] as? String == "2026-10-01T08:00:00Z")
        #expect(capture["recordedSource"] as? String == "har")
        #expect(capture["ageDays"] as? Int == 57)
        #expect(capture["secretFindings"] as? [String] == [])
        #expect(capture["use"] as? String == "referenced")
        #expect(capture["warnings"] as? [String] == ["recorded 57 days ago, more than --max-age 30: record it again"])
        #expect(fixtures[1]["interactionCount"] is NSNull && fixtures[1]["error"] is String)
        #expect((fixtures[4]["secretFindings"] as? [String])?.count == 1)
        #expect(document["warningCount"] as? Int == 8)
    }

    @Test("a HAR read by the tool is dated by its earliest entry, and convert keeps the date in the native fixture")
    func convertKeepsHARDate() async throws {
        let package = try Package()
        defer { try? FileManager.default.removeItem(at: package.root) }
        let output = package.root.appendingPathComponent("converted.json")
        let capture = ConsoleCapture()
        let status = await Tool.main(["convert", package.fixture("Captures/session.har"), output.path], console: capture.console)
        #expect(status == .success, "\(capture.error)")
        #expect(try Fixture(contentsOf: output).recorded == Date(timeIntervalSince1970: 1_790_841_600))  // 2026-10-01T08:00:00Z
        #expect(String(decoding: try Data(contentsOf: output), as: UTF8.self).contains(#""recorded": "2026-10-01T08:00:00Z""#))
    }

    @Test("the date of a file's last commit, from one git log")
    func gitDates() {
        let dates = GitCommitDates(parsing: "\u{1}2026-11-20T10:00:00+00:00\n\nTodos/a.json\n\u{1}2026-11-01T10:00:00+01:00\n\nTodos/a.json\nTodos/b.json\n")
        #expect(dates.dates["Todos/a.json"] == Date(timeIntervalSince1970: 1_795_168_800))
        #expect(dates.dates["Todos/b.json"] == Date(timeIntervalSince1970: 1_793_523_600))
    }

    @Test("a fixture without a date of its own takes its last commit's date", .enabled(if: StatusTestPackage.gitIsAvailable()))
    func gitColumn() async throws {
        let package = try Package()
        defer { try? FileManager.default.removeItem(at: package.root) }
        try await package.commitAll()
        let (_, rows, _) = try await run(package.command())
        #expect(rows["Todos/forgotten.json"]?[1] == "8 days ago (git)")
        #expect(rows["Todos/listsTodos.json"]?[1] == "27 days ago (fixture)")
    }
}

/// A package folder: fixtures of every kind, and a test source naming some of them.
struct StatusTestPackage {
    static let token = ["ghp", "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Jh1Gf0EdCbA"].joined(separator: "_")
    let root: URL
    var fixtures: String { root.appendingPathComponent("Fixtures").path }
    var tests: String { root.appendingPathComponent("Tests").path }
    func fixture(_ relativePath: String) -> String { (fixtures as NSString).appendingPathComponent(relativePath) }

    init() throws {
        root = try makeTemporaryDirectory("status")
        let fixtures = root.appendingPathComponent("Fixtures")
        let get = Interaction(request: StubRequest(method: "GET", path: "/todos"), response: StubResponse(status: 200))
        try Fixture(interactions: [get, get], recorded: Date(timeIntervalSince1970: 1_793_491_200))  // 2026-11-01
            .write(to: fixtures.appendingPathComponent("Todos/listsTodos.json"))
        try Fixture(interactions: [get]).write(to: fixtures.appendingPathComponent("Todos/create.readYourWrites.json"))
        try Fixture(interactions: [get]).write(to: fixtures.appendingPathComponent("Todos/forgotten.json"))
        try Fixture(interactions: [
            Interaction(
                request: StubRequest(method: "GET", path: "/me", headers: ["Authorization": "Bearer \(StatusTestPackage.token)"]),
                response: StubResponse(status: 200))
        ]).write(to: fixtures.appendingPathComponent("Todos/leaky.json"))
        try Data(#"{"format": "swift-repository-contracts/fixture", "version": 1}"#.utf8)
            .write(to: fixtures.appendingPathComponent("Todos/broken.json"))
        try FileManager.default.createDirectory(at: fixtures.appendingPathComponent("Captures"), withIntermediateDirectories: true)
        try Data(
            #"""
            {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "1"}, "entries": [
              {"startedDateTime": "2026-10-01T10:00:00.250+02:00", "time": 3,
               "request": {"method": "GET", "url": "https://api.example.com/todos", "httpVersion": "HTTP/1.1", "headers": [], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
               "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "headers": [], "cookies": [], "content": {"size": 0, "mimeType": "text/plain"}, "redirectURL": "", "headersSize": -1, "bodySize": 0},
               "cache": {}, "timings": {"send": 0, "wait": 3, "receive": 0}}]}}
            """#.utf8
        ).write(to: fixtures.appendingPathComponent("Captures/session.har"))
        let tests = root.appendingPathComponent("Tests/AppTests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        try Data(
            """
            @Suite(.stubServer(fixtures: "Todos")) struct TodoTests {
                @Test func listsTodos() {}
                @Test func leaky() {}
                @Test func broken() {}
                @Test(.stubServer(fixture: "Captures/session.har")) func replaysCapture() {}
            }
            """.utf8
        ).write(to: tests.appendingPathComponent("TodoTests.swift"))
    }

    /// Writes a usage log naming `relativePaths` (absolute, as the trait writes them) and returns its path.
    func usageLog(loading relativePaths: [String], at path: String = ".build/usage.log") throws -> String {
        let log = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(relativePaths.map { fixture($0) + "\n" }.joined().utf8).write(to: log)
        return log.path
    }

    func command(_ arguments: [String] = []) throws -> StatusCommand {
        var command = try StatusCommand(parsing: ["--fixtures", fixtures, "--tests", tests] + arguments)
        command.defaultUsageLog = root.appendingPathComponent("no-such.log").path
        return command
    }

    /// Commits every file in a new git repository at the root, dated 2026-11-20T00:00:00Z.
    func commitAll() async throws {
        let environment = [
            "GIT_COMMITTER_DATE": "2026-11-20T00:00:00Z", "GIT_AUTHOR_DATE": "2026-11-20T00:00:00Z", "GIT_AUTHOR_NAME": "t",
            "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com", "HOME": root.path,
        ]
        for arguments in [["init", "-q"], ["add", "."], ["commit", "-q", "-m", "fixtures"]] {
            let outcome = try await ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"), arguments: ["git", "-C", root.path] + arguments, environment: environment)
            #expect(outcome.termination.isSuccess, "\(String(decoding: outcome.standardError, as: UTF8.self))")
        }
    }

    /// Whether `git` runs here.
    static func gitIsAvailable() -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "--version"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}

#endif
