import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Recording end to end: a client goes through the recording server to a live API (a second stub
/// server on loopback); what is written is redacted, scanned and stable.
@Suite("Recording: saving what was recorded")
struct SaveRecordingTests {
    /// A recording server in front of an upstream answering `respond`, after `exchange` ran through it.
    private func record(
        respond: @escaping @Sendable (StubRequest) -> StubResponse,
        _ exchange: @Sendable (StubServer) async throws -> Void
    ) async throws -> StubServer {
        let upstream = StubServer()
        upstream.playback.stub(.any) { respond($0) }
        try await upstream.start()
        let server = StubServer()
        server.playback.recordUnmatched(through: UpstreamForwarder.patient(upstream.baseURL))
        try await server.start()
        try await exchange(server)
        await server.stop()
        await upstream.stop()
        return server
    }

    private static func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("recording-\(UUID()).json")
    }

    private static let token = ["ghp", "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Jh1Gf0EdCbA"].joined(separator: "_")

    @Test("credentials are redacted in requests and responses, the scan passes, and recording twice writes the same bytes")
    func redactedAndStable() async throws {
        var files: [Data] = []
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        for run in 1...2 {
            let server = try await record(respond: { request in
                StubResponse(
                    headers: ["Content-Type": "application/json", "Set-Cookie": "session=\(Self.token); Path=/"],
                    body: Data(#"{"id":1,"echo":"\#(request.headers["Authorization"] ?? "")"}"#.utf8))
            }) { server in
                var request = URLRequest(url: server.url("/me?api_key=\(Self.token)"))
                request.setValue("Bearer \(Self.token)", forHTTPHeaderField: "Authorization")
                // A fresh session each time: the shared one would send back the cookie of the first run.
                _ = try await URLSession(configuration: .patient).data(for: request)
            }
            let outcome = try #require(try server.saveRecording(to: file, using: Recording(upstream: URL(string: "https://api.example.com"))))
            #expect(outcome.recordedCount == 1)
            #expect(outcome.isUnchanged == (run == 2))
            #expect(!outcome.redactions.isEmpty)
            let written = try Data(contentsOf: file)
            let text = String(decoding: written, as: UTF8.self)
            #expect(!text.contains(Self.token))
            #expect(text.contains("Bearer REDACTED"))
            #expect(SecretScan().findings(in: try Fixture(contentsOf: file)).isEmpty)
            files.append(written)
        }
        #expect(files[0] == files[1])
    }

    @Test("a token under a name that says nothing is redacted in place by its shape")
    func shapeRedactedInPlace() async throws {
        let server = try await record(respond: { _ in
            StubResponse(headers: ["Content-Type": "application/json"], body: Data(#"{"note":"\#(Self.token)"}"#.utf8))
        }) { server in
            _ = try await URLSession.patient.data(from: server.url("/notes/1"))
        }
        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try #require(try server.saveRecording(to: file))
        #expect(outcome.redactions.contains(RedactedField(interaction: 0, field: "response.body $.note", reason: .knownShape)))
        let written = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(!written.contains(Self.token))
        #expect(written.contains("REDACTED"))
    }

    @Test("a secret the redaction cannot remove (inside a binary body) is refused, naming the field, and nothing is written")
    func secretRefused() async throws {
        let server = try await record(respond: { _ in
            StubResponse(
                headers: ["Content-Type": "application/octet-stream"],
                body: Data([0xFF, 0xFE, 0x00]) + Data(" \(Self.token) ".utf8) + Data([0x00, 0xFF]))
        }) { server in
            _ = try await URLSession.patient.data(from: server.url("/notes/1"))
        }
        let file = Self.temporaryFile()
        #expect {
            try server.saveRecording(to: file)
        } throws: { error in
            let text = String(describing: error)
            return text.contains(file.path) && text.contains("response.body") && !text.contains(Self.token)
        }
        #expect(!FileManager.default.fileExists(atPath: file.path))
        let allowed = try server.saveRecording(to: file, using: Recording(allowsSecrets: true))
        #expect(allowed?.interactionCount == 1)
        try? FileManager.default.removeItem(at: file)
    }

    @Test("nothing recorded writes nothing")
    func nothingRecorded() throws {
        let file = Self.temporaryFile()
        #expect(try StubServer().saveRecording(to: file) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
