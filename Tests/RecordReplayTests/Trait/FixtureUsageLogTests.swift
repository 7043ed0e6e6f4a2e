import RecordReplayMessages
import RepositoryContractsPlatform
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
import RepositoryContractsPrimitives
import Testing

import StubServerTesting

/// Stub servers append the path of every fixture file they load to the configured usage log, which
/// `repo-contracts status` reads; the trait keeps it under the package's `.build`.
@Suite("Fixture usage log")
struct FixtureUsageLogTests {
    private static let root = PackageTree.root

    private static func lines(of log: URL) throws -> [String] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test("loadFixture(at:) and loadFixture(named:) log each file's absolute path once; no log without a configured file")
    func logsLoadedFixtures() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("usage-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixtures = folder.appendingPathComponent("Fixtures")
        let fixture = Fixture(interactions: [
            Interaction(request: StubRequest(method: "GET", path: "/a"), response: StubResponse(status: 200))
        ])
        try fixture.write(to: fixtures.appendingPathComponent("first.json"))
        try fixture.write(to: fixtures.appendingPathComponent("second.har"))
        let log = folder.appendingPathComponent("logs/usage.log")
        let server = StubServer(.init(fixtureDirectory: fixtures, fixtureUsageLog: log))
        try server.loadFixture(at: fixtures.appendingPathComponent("first.json"))
        try server.loadFixture(named: "second")
        try server.loadFixture(named: "first")
        #expect(try Self.lines(of: log) == [fixtures.appendingPathComponent("first.json").path, fixtures.appendingPathComponent("second.har").path])
        let unlogged = StubServer(.init(fixtureDirectory: fixtures))
        try unlogged.loadFixture(named: "first")
        #expect(try Self.lines(of: log).count == 2)
    }

    @Test("lines appended by many threads at once are whole, one per append")
    func concurrentAppends() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("usage-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let expected = (0..<400).map { "/fixtures/\(String(repeating: "x", count: $0 % 97))/\($0).json" }
        await withTaskGroup(of: Void.self) { group in
            for line in expected {
                group.addTask { #expect(FixtureFileSystem.appendLine(line, toFileAtPath: log.path) == nil) }
            }
        }
        #expect(try Self.lines(of: log).sorted() == expected.sorted())
    }

    @Test("the log's place: the environment variable, else <package root>/.build/repository-contracts/fixture-usage.log, else none")
    func location() throws {
        let fixture = Self.root.appendingPathComponent("Fixtures/Examples/listsTodos.json")
        #expect(
            FixtureUsageLog.location(near: fixture, environment: [:])
                == Self.root.appendingPathComponent(".build/repository-contracts/fixture-usage.log"))
        #expect(
            FixtureUsageLog.location(near: fixture, environment: [EnvironmentVariable.fixtureUsageLog: "/tmp/usage.log"])
                == URL(fileURLWithPath: "/tmp/usage.log"))
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("no-package-\(UUID())/Fixtures/a.json")
        try #require(!FileManager.default.fileExists(atPath: FileManager.default.temporaryDirectory.appendingPathComponent("Package.swift").path))
        #expect(FixtureUsageLog.location(near: outside, environment: [:]) == nil)
    }

    @Test(
        "a test using the trait finds its fixture in the trait's log",
        .stubServer(fixture: "Examples/listsTodos.json", options: .init(playback: PlaybackOptions(unusedInteractions: .ignore))))
    func traitLogsFixture() throws {
        let log = try #require(
            FixtureUsageLog.location(near: URL(fileURLWithPath: #filePath), environment: ProcessInfo.processInfo.environment))
        #expect(try Self.lines(of: log).contains(Self.root.appendingPathComponent("Fixtures/Examples/listsTodos.json").path))
    }
}
