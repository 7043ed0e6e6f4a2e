import Foundation
import RecordReplay
import Testing

/// Two scopes of one test run never record into the same fixture; different fixtures never conflict.
@Suite("Recording: one fixture, one recording scope")
struct RecordingClaimsTests {
    private static func recordingServer(in folder: URL) -> StubServer {
        StubServer(
            .init(fixtureDirectory: folder, recording: Recording(mode: .all, upstream: URL(string: "https://api.example.com"))))
    }

    private static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("claims-\(UUID())", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a second scope recording the same fixture is refused, naming the file, until the first has written it")
    func secondScopeRefused() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = Self.recordingServer(in: folder)
        let second = Self.recordingServer(in: folder)
        try first.loadFixture(named: "create.readYourWrites")
        let file = folder.appendingPathComponent("create.readYourWrites.json").path
        #expect(throws: StubServerError.fixtureAlreadyRecording(fixture: file)) {
            try second.loadFixture(named: "create.readYourWrites")
        }
        #expect("\(StubServerError.fixtureAlreadyRecording(fixture: file))".contains(file))
        try first.loadFixture(named: "create.readYourWrites")  // the same scope again is fine
        try second.loadFixture(named: "delete.removesFromFetch")  // another fixture is fine

        _ = try first.finishRecording()
        try second.loadFixture(named: "create.readYourWrites")
    }

    @Test("the same file spelled another way is the same fixture")
    func sameFileOtherSpelling() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = Self.recordingServer(in: folder)
        let second = Self.recordingServer(in: folder.appendingPathComponent("sub/..", isDirectory: true))
        try first.loadFixture(named: "list")
        #expect(throws: StubServerError.self) { try second.loadFixture(named: "list") }
    }

    @Test("a scope whose server goes away without writing releases its fixture")
    func releasedWhenServerGoesAway() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let abandoned = Self.recordingServer(in: folder)
            try abandoned.loadFixture(named: "list")
        }
        try Self.recordingServer(in: folder).loadFixture(named: "list")
    }

    @Test("replaying a fixture another scope is recording is allowed (the write is atomic)")
    func replayWhileRecording() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixture(interactions: []).write(to: folder.appendingPathComponent("list.json"))
        let recorder = Self.recordingServer(in: folder)
        try recorder.loadFixture(named: "list")
        let replayer = StubServer(.init(fixtureDirectory: folder))
        try replayer.loadFixture(named: "list")
        _ = recorder
    }
}
