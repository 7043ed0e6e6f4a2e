import Foundation
import RecordReplay
import Testing

@testable import StubServerTesting

/// The code of the "Recording and replaying" article, run: what each block shows is asserted here.
@Suite("Documentation: recording and replaying")
struct RecordingAndReplayingExamples {
    @Test(.stubServer(fixtures: "Examples"))
    func listsTodos() async throws {
        let titles = try await TodoClient(baseURL: StubServer.current.baseURL).titles()
        #expect(titles == ["Buy milk"])
    }

    @Test("a scope that must never record names its mode in code")
    func modeInCode() throws {
        let trait: StubServerTrait = .stubServer(fixtures: "Examples", recording: .never)
        #expect(trait.configuration.recording.mode == .never)
        #expect(StubServer.Configuration().recording.mode == .never)
        #expect(try RecordMode.fromEnvironment.resolved(environment: ["CI": "true"]) == .never)
        #expect(try RecordMode.fromEnvironment.resolved(environment: [:]) == .never)
        #expect(try RecordMode.fromEnvironment.resolved(environment: ["TEST_RUNNER_REPOSITORY_CONTRACTS_RECORD": "once"]) == .once)
        #expect(try RecordMode.fromEnvironment.resolved(environment: ["REPOSITORY_CONTRACTS_RECORD": "drift"]) == .drift)
    }

    @Test("a failed test's recording is kept only when asked for")
    func keepsFailedRecordings() {
        let keepsFailedRecordings: StubServerTrait = .stubServer(
            fixtures: "Todos", recording: Recording(mode: .once, writesWhenTestFails: true))
        #expect(keepsFailedRecordings.configuration.recording.writesWhenTestFails)
        #expect(!Recording(mode: .once).writesWhenTestFails)
    }

    @Test("a recording is written redacted, and replays offline")
    func recordsThenReplays() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docs-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let live = try await StubServer.liveTodosAPI()

        let recorder = StubServer(StubServer.Configuration(
            fixtureDirectory: folder, recording: Recording(mode: .once, upstream: live.baseURL)))
        try recorder.loadFixture(named: "listsTodos")  // missing, so `once` records it
        try await recorder.start()
        let titles = try await TodoClient(baseURL: recorder.baseURL).titles()
        await recorder.stop()
        let outcome = try recorder.finishRecording()  // writes listsTodos.json, redacted
        await live.stop()

        #expect(titles == ["Buy milk"])
        #expect(outcome?.recordedCount == 1)
        #expect(outcome?.redactions.count == 1)
        let written = try String(contentsOf: folder.appendingPathComponent("listsTodos.json"), encoding: .utf8)
        #expect(written.contains(#""sessionToken": "REDACTED""#))
        #expect(!written.contains("c2Vzc2lvbi0xMjM0NTY3ODkw"))

        let replay = StubServer(StubServer.Configuration(fixtureDirectory: folder, recording: .never))
        try replay.loadFixture(named: "listsTodos")
        try await replay.start()
        let replayed = try await TodoClient(baseURL: replay.baseURL).titles()
        await replay.stop()
        #expect(replayed == ["Buy milk"])
        #expect(replay.report.findings.isEmpty)
    }

    @Test("a fixture folder can keep a name readable, and declare server-owned values for the drift check")
    func perFolderOptions() {
        let trait: StubServerTrait = .stubServer(
            fixtures: "Todos",
            recording: Recording(driftCheck: DriftCheckOptions(ignoredJSONPaths: ["$.updatedAt", "$[*].updatedAt"])),
            redaction: Redaction(allowedNames: ["X-Build-Token"]))
        #expect(trait.configuration.recording.driftCheck.ignoredJSONPaths == ["$.updatedAt", "$[*].updatedAt"])
        #expect(trait.configuration.redaction.allowedNames == ["X-Build-Token"])
    }

    @Test("re-records are reviewable: placeholders and the canonical order by default, members sorted on request, all three can be turned off")
    func reviewableRerecords() {
        let trait: StubServerTrait = .stubServer(fixtures: "Lists", recording: Recording(jsonMemberOrder: .sorted))
        #expect(trait.configuration.recording.jsonMemberOrder == .sorted)
        #expect(trait.configuration.recording.identifiers == .placeholders)
        #expect(trait.configuration.recording.order == .canonical)
        #expect(StubServer.Configuration().recording.identifiers == .placeholders)
        #expect(StubServer.Configuration().recording.order == .canonical)
        #expect(StubServer.Configuration().recording.jsonMemberOrder == .asReceived)

        let verbatim: StubServerTrait = .stubServer(
            fixtures: "Lists", recording: Recording(order: .arrival, identifiers: .asReceived))
        #expect(verbatim.configuration.recording.order == .arrival)
        #expect(verbatim.configuration.recording.identifiers == .asReceived)
        #expect(verbatim.configuration.recording.jsonMemberOrder == .asReceived)
    }
}
