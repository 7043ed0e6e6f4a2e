import RecordReplayMessages
import Foundation
import RecordReplay
import RepositoryContractsPrimitives
import Testing

@testable import StubServerTesting
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The trait's `Fixtures` folder in a running scope: searched when the test case starts (so both
/// factories fail there, naming what was tried, when there is none), and never recorded into when it is a
/// test bundle's copy, which still replays and checks drift.
@Suite("The .stubServer trait: the Fixtures folder of a scope")
struct StubServerTraitFixturesTests {
    /// A test file of a target `T` whose source tree is gone, as on a device or another machine.
    static let movedAway = SourceLocation(fileID: "T/TodoTests.swift", filePath: "/moved-away/Tests/T/TodoTests.swift", line: 1, column: 1)

    @Test("with no Fixtures folder, both factories fail when the scope starts, listing the steps tried")
    func noFolderFailsTheScope() async throws {
        let test = try #require(Test.current)
        let traits: [StubServerTrait] = [
            .stubServer(fixtures: "Todos", sourceLocation: Self.movedAway),
            .stubServer(fixture: "Todos/list.json", sourceLocation: Self.movedAway),
        ]
        for (trait, item) in zip(traits, ["Todos", "Todos/list.json"]) {
            let error = try await #require(throws: FixturesNotFoundError.self) {
                try await trait.provideScope(for: test, testCase: nil) {}
            }
            #expect(error.item == item)
            #expect(error.tried.last == "no source checkout to record into: /moved-away/Tests/T/TodoTests.swift does not exist")
        }
    }

    @Test("the environment is read when the test case starts, not when the trait is made")
    func environmentAtScopeStart() async throws {
        let root = try Self.copyOfExamples()
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = Protected<[String: String]>([:])
        var trait: StubServerTrait = .stubServer(fixture: "Examples/listsTodos.json", sourceLocation: Self.movedAway)
        trait.environment = { environment.withLock { $0 } }
        let test = try #require(Test.current)
        await #expect(throws: FixturesNotFoundError.self) { try await trait.provideScope(for: test, testCase: nil) {} }
        environment.withLock { $0 = ["REPOSITORY_CONTRACTS_FIXTURES": root.path] }
        try await trait.provideScope(for: test, testCase: nil) {
            _ = try await URLSession.patient.data(from: StubServer.current.baseURL.appendingPathComponent("todos"))
            #expect(StubServer.current.journal.first?.responder.description.hasPrefix(root.path) == true)
        }
    }

    @Test("fixture: reads its file from fixturesRoot: when given")
    func fileFromExplicitRoot() async throws {
        let root = try Self.copyOfExamples()
        defer { try? FileManager.default.removeItem(at: root) }
        let trait: StubServerTrait = .stubServer(fixture: "Examples/listsTodos.json", options: .init(fixturesRoot: root))
        try await trait.provideScope(for: try #require(Test.current), testCase: nil) {
            let (body, _) = try await URLSession.patient.data(from: StubServer.current.baseURL.appendingPathComponent("todos"))
            #expect(String(decoding: body, as: UTF8.self).contains("Buy milk"))
            #expect(StubServer.current.journal.first?.responder.description.hasPrefix(root.path) == true)
        }
    }

    @Test("a mode that records fails on a bundle's copy, naming the file; replay and drift run from it", arguments: RecordMode.allCases)
    func copyIsNeverRecordedInto(_ mode: RecordMode) throws {
        let root = try Self.copyOfExamples()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Examples")
        for (name, exists) in [("listsTodos", true), ("absent", false)] {
            var configuration = StubServer.Configuration(fixtureDirectory: folder, recording: Recording(mode: mode, upstream: URL(string: "http://127.0.0.1:9")))
            configuration.fixtureDirectoryIsCopy = true
            let plan = mode.plan(fixtureExists: exists)
            let file = folder.appendingPathComponent("\(name).json").path
            if plan.records {
                #expect(throws: StubServerError.recordingIntoCopy(fixture: file)) {
                    try StubServer(configuration).loadFixture(named: name)
                }
            } else if plan.lacksFixture {
                #expect {
                    try StubServer(configuration).loadFixture(named: name)
                } throws: { error in
                    guard let error = error as? StubServerError, error.fixture == name else { return false }
                    return error.searched.first == file
                }
            } else {
                try StubServer(configuration).loadFixture(named: name)
            }
            configuration.fixtureDirectoryIsCopy = false
            if !plan.lacksFixture { try StubServer(configuration).loadFixture(named: name) }
        }
    }

    @Test("the refusal says where to record instead")
    func refusalMessage() {
        #expect(StubServerError.recordingIntoCopy(fixture: "/build/pkg_T.resources/Fixtures/Todos/list.json").description == """
            /build/pkg_T.resources/Fixtures/Todos/list.json should be recorded, but that folder is a copy of the \
            fixtures in a test bundle, made by the build: a recording written there would never reach the source \
            tree. Record from the source checkout (swift test in the package, where the Fixtures folder is found \
            from the test's source file), or set REPOSITORY_CONTRACTS_FIXTURES (or fixturesRoot:) to the source \
            Fixtures folder
            """)
    }

    @Test("from a bundle found without the source tree: recording fails the scope; a drift check replays and compares")
    func bundleScope() async throws {
        let bundle = try Self.copyOfExamples()
        defer { try? FileManager.default.removeItem(at: bundle) }
        let test = try #require(Test.current)
        let file = bundle.appendingPathComponent("Fixtures/Todos/\(StubServerTrait.fixtureName(forTestNamed: test.name)).json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: bundle.appendingPathComponent("Examples/listsTodos.json"), to: file)
        let live = StubServer()
        live.playback.stub(
            .get("/todos"),
            with: StubResponse(headers: ["Content-Type": "application/json"], body: Data(#"[{"id":1,"title":"Buy milk","done":false}]"#.utf8)))
        try await live.start()

        func trait(_ mode: RecordMode) -> StubServerTrait {
            StubServerTrait(
                fixtures: .directory("Todos"),
                search: FixturesSearch(
                    explicitRoot: nil, bundleResources: bundle, sourceFilePath: Self.movedAway.filePath, targetName: "T"),
                configuration: StubServer.Configuration(recording: Recording(mode: mode, upstream: live.baseURL)), clock: nil,
                sourceLocation: Self.movedAway)
        }
        await #expect(throws: StubServerError.recordingIntoCopy(fixture: file.path)) {
            try await trait(.all).provideScope(for: test, testCase: nil) {}
        }
        try await trait(.drift).provideScope(for: test, testCase: nil) {
            let (body, _) = try await URLSession.patient.data(from: StubServer.current.baseURL.appendingPathComponent("todos"))
            #expect(String(decoding: body, as: UTF8.self).contains("Buy milk"))
            #expect(StubServer.current.configuration.fixtureDirectoryIsCopy)
            #expect(StubServer.current.report.driftCheckCount == 1)
        }
        await live.stop()
        #expect(live.journal.count == 1)
    }

    /// A temporary folder holding a copy of the repository's `Fixtures/Examples`.
    static func copyOfExamples() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(UUID())", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/Examples")
        try FileManager.default.copyItem(at: examples, to: root.appendingPathComponent("Examples"))
        return root
    }
}

