import Foundation
import RecordReplay
import Testing

@testable import StubServerTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A test target whose fixtures are only resources of its own (`resources: [.copy("Fixtures")]` in
/// `Package.swift`, the folder beside this file): in the source checkout the trait replays the folder
/// itself; without the source tree it finds the copy the build made, by the target's name alone or through
/// `fixturesBundle: Bundle.module`. `.ci/consumer-resources` runs the same with the source folder moved away.
@Suite("Fixtures that are a test target's resources")
struct FixturesFromResourcesTests {
    /// This file's place if the source tree were gone.
    static let movedAway = SourceLocation(
        fileID: "FixturesFromResourcesTests/FixturesFromResourcesTests.swift",
        filePath: "/moved-away/Tests/FixturesFromResourcesTests/FixturesFromResourcesTests.swift", line: 1, column: 1)
    /// The copy of `Fixtures` the build put into this target's resource bundle.
    static var copy: URL { Bundle.module.resourceURL!.appendingPathComponent("Fixtures") }

    @Test(.stubServer(fixtures: "Todos"))
    func listsTodos() async throws {
        #expect(try await Self.titles() == ["Water the plants"])
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Todos")
        #expect(StubServer.current.configuration.fixtureDirectory?.standardizedFileURL.path == source.path)
        #expect(!StubServer.current.configuration.fixtureDirectoryIsCopy)
    }

    @Test("without the source tree, the build's copy is found by the target's name", arguments: [nil, Bundle.module])
    func buildCopy(given bundle: Bundle?) async throws {
        let trait: StubServerTrait = .stubServer(
            fixtures: "Todos", recording: .never, options: .init(fixturesBundle: bundle), sourceLocation: Self.movedAway)
        let test = try #require(Test.current)
        try await trait.provideScope(for: test, testCase: nil) {
            try StubServer.current.loadFixture(named: "listsTodos")
            #expect(try await Self.titles() == ["Water the plants"])
            let folder = try #require(StubServer.current.configuration.fixtureDirectory)
            #expect(folder.standardizedFileURL.path == Self.copy.appendingPathComponent("Todos").standardizedFileURL.path)
            #expect(folder.path.contains("_FixturesFromResourcesTests."))
            #expect(StubServer.current.configuration.fixtureDirectoryIsCopy)
        }
    }

    @Test("without the source tree, a mode that records fails naming the build's copy, and writes nothing")
    func recordingRefused() async throws {
        let trait: StubServerTrait = .stubServer(
            fixtures: "Todos", recording: Recording(mode: .all, upstream: URL(string: "http://127.0.0.1:9")), sourceLocation: Self.movedAway)
        let test = try #require(Test.current)
        let file = Self.copy.appendingPathComponent("Todos/recordingRefused.json")
        let error = try await #require(throws: StubServerError.self) {
            try await trait.provideScope(for: test, testCase: nil) {}
        }
        #expect(error == .recordingIntoCopy(fixture: file.path))
        #expect(error.description.hasPrefix("\(file.path) should be recorded, but that folder is a copy of the fixtures"))
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("fixturesBundle: names the bundle whose Fixtures the bundle step reads")
    func namedBundle() {
        let trait: StubServerTrait = .stubServer(fixtures: "Todos", options: .init(fixturesBundle: .module))
        #expect(trait.search.bundleResources == Bundle.module.resourceURL)
    }

    /// The titles `GET /todos` answers on the current stub server.
    static func titles() async throws -> [String] {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 24 * 60 * 60  // an answer is awaited, never timed
        let url = StubServer.current.baseURL.appendingPathComponent("todos")
        let (body, _) = try await URLSession(configuration: configuration).data(from: url)
        return (try JSONSerialization.jsonObject(with: body) as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }
}
