#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RecordReplayMessages
import Foundation
import RecordReplay
import RepositoryContractsTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@testable import RepoContractsCLI

/// `repo-contracts record` records through the steps a `StubServer` (and so the `.stubServer` trait)
/// takes, from the one ``Recording`` value: the same traffic gives the same fixture.
@Suite("record: the same path as StubServer")
struct RecordSharedPathTests {
    @Test("the tool's arguments become a Recording, and the tool and StubServer write the same fixture from the same traffic")
    func sameFixture() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-shared-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A constant answer, sent from the live server's connection thread: a closure stub would wait for
        // the concurrency pool, which the rest of the run may keep busy beyond the tool's 30 s upstream
        // timeout (a wall-clock bound that would then answer 502).
        let live = StubServer()
        live.playback.stub(
            .any,
            with: StubResponse(
                headers: ["Content-Type": "application/json", "Date": "Mon, 01 Jan 2024 00:00:00 GMT"],
                body: Data(#"{"z":1,"id":"3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b","path":"/todos","a":[2,1]}"#.utf8)))
        try await live.start()
        defer { Task { await live.stop() } }

        let command = try RecordCommand(parsing: [
            "--upstream", live.baseURL.absoluteString, "--out", folder.appendingPathComponent("tool.json").path,
            "--json-members", "sorted", "--order", "arrival",
        ])
        #expect(command.recording.mode == .all && command.recording.upstream == live.baseURL)
        #expect(command.recording.order == .arrival && command.recording.jsonMemberOrder == .sorted)
        #expect(command.recording.upstreamTimeout == .seconds(30))
        let tool = try command.recordingServer()

        let server = StubServer(.init(fixtureDirectory: folder, recording: command.recording, redaction: command.redaction))
        try server.loadFixture(named: "server")

        for recorder in [tool, server] {
            try await recorder.start()
            for method in ["POST", "GET"] {
                var request = URLRequest(url: recorder.baseURL.appendingPathComponent("todos"))
                request.httpMethod = method
                if method == "POST" {
                    request.httpBody = Data(#"{"title":"Buy milk"}"#.utf8)
                    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                }
                let (_, response) = try await URLSession.patient.data(for: request)
                #expect((response as? HTTPURLResponse)?.statusCode == 200)
            }
            await recorder.stop()
        }
        let written = try [tool, server].map { try #require(try $0.finishRecording()) }
        #expect(written.map(\.recordedCount) == [2, 2])
        var fixtures = try written.map { try Fixture(contentsOf: $0.file) }
        for index in fixtures.indices { fixtures[index].recorded = nil }
        #expect(fixtures[0] == fixtures[1])
        let text = try String(contentsOf: written[0].file, encoding: .utf8)
        #expect(text.contains("00000000-0000-4000-8000-000000000001"), "identifiers written as placeholders")
        #expect(!text.contains("Mon, 01 Jan 2024"), "volatile headers left out")
        let first = try #require(text.range(of: #""a""#)), last = try #require(text.range(of: #""z""#))
        #expect(first.lowerBound < last.lowerBound, "JSON members sorted")
    }
}
#endif
