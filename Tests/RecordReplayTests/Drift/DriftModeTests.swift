import RecordReplayMessages
import Foundation
import RecordReplay
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `RecordMode.drift` through ``StubServer/loadFixture(named:)``: the fixture is replayed and checked
/// against the live API (a stub server on loopback), and never written.
@Suite("Recording: drift mode")
struct DriftModeTests {
    /// A fresh fixtures folder holding `todos.json`, which answers `GET /todos/1`.
    static func fixtureDirectory() throws -> (directory: URL, file: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "drift-\(UUID())", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("todos.json")
        try Fixture(
            interactions: [
                Interaction(
                    request: StubRequest(method: "GET", path: "/todos/1", headers: ["Authorization": "Bearer REDACTED"]),
                    response: StubResponse(
                        headers: ["Content-Type": "application/json"], body: Data(#"{"id":1,"title":"Buy milk"}"#.utf8)))
            ], upstream: "https://api.example.com"
        ).write(to: file)
        return (directory, file)
    }

    @Test("the fixture is replayed, drift is reported, unmatched requests fail as usual, and the file is not written")
    func replaysChecksAndWritesNothing() async throws {
        let (directory, file) = try Self.fixtureDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = try Data(contentsOf: file)
        let upstream = StubServer()
        upstream.playback.stub(
            .get("/todos/1"),
            with: StubResponse(
                headers: ["Content-Type": "application/json"], body: Data(#"{"id":1,"title":"Buy oat milk"}"#.utf8)))
        try await upstream.start()
        let server = StubServer(
            StubServer.Configuration(fixtureDirectory: directory, recording: Recording(mode: .drift, upstream: upstream.baseURL)))
        try server.loadFixture(named: "todos")
        try await server.start()

        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + "/todos/1")!)
        request.setValue("Bearer client-token-1234", forHTTPHeaderField: "Authorization")
        let (body, _) = try await URLSession.patient.data(for: request)
        let (_, unmatched) = try await URLSession.patient.data(
            from: URL(string: server.baseURL.absoluteString + "/todos/2")!)
        await server.stop()
        await upstream.stop()

        #expect(String(decoding: body, as: UTF8.self) == #"{"id":1,"title":"Buy milk"}"#)
        #expect((unmatched as? HTTPURLResponse)?.statusCode == 599)
        #expect(upstream.journal.map(\.path) == ["/todos/1"])
        #expect(upstream.journal.first?.headers["Authorization"] == "Bearer client-token-1234")
        let report = server.report
        #expect(report.unmatchedRequests.count == 1)
        #expect(report.drifts.map(\.source) == [file.path])
        #expect(report.findings.contains { $0.message.contains(#"$.title: recorded "Buy milk", live "Buy oat milk""#) })
        #expect(try server.finishRecording() == nil)
        #expect(try Data(contentsOf: file) == before)
        #expect(server.playback.recordedInteractions.isEmpty)
    }

    @Test("drift without an upstream fails naming the fixture and the variable")
    func needsUpstream() throws {
        let (directory, file) = try Self.fixtureDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = StubServer(StubServer.Configuration(fixtureDirectory: directory, recording: Recording(mode: .drift)))
        #expect(throws: StubServerError.noUpstream(fixture: file.path)) {
            try server.loadFixture(named: "todos")
        }
        #expect(String(describing: StubServerError.noUpstream(fixture: file.path)).contains("REPOSITORY_CONTRACTS_UPSTREAM"))
    }

    @Test("a missing fixture fails as in mode none: there is nothing to check")
    func missingFixture() throws {
        let (directory, _) = try Self.fixtureDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = StubServer(
            StubServer.Configuration(
                fixtureDirectory: directory, recording: Recording(mode: .drift, upstream: UpstreamForwarderTests.unreachable)))
        #expect {
            try server.loadFixture(named: "absent")
        } throws: { error in
            guard let error = error as? StubServerError else { return false }
            return error == .missingFixture(name: "absent", searched: error.searched, command: error.command) && error.fixture == "absent"
        }
    }
}
