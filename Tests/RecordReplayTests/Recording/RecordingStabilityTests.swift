@testable import RecordReplayMessages
import Foundation
@testable import RecordReplay
@testable import RecordReplayFixtures
@testable import RecordReplayRedaction
@testable import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What makes a recording the same bytes every time, and the fixture faithful: compressed bodies,
/// request field order, the upstream's name, concurrent clients.
@Suite("Recording: stable and faithful output")
struct RecordingStabilityTests {
    private static let json = Data(#"{"id":1,"title":"compressed on the wire"}"#.utf8)
    /// `json`, gzip-compressed (Python's `gzip.compress(…, mtime=0)`).
    private static let gzipped = Data(base64Encoded: "H4sIAAAAAAACA6tWykxRsjLUUSrJLMlJVbJSSs7PLShKLS5OTVHIz1MoyUhVKM8sSlWqBQBIHnp4KQAAAA==")!
    /// `json`, zlib-wrapped deflate (`zlib.compress`).
    private static let deflated = Data(base64Encoded: "eJyrVspMUbIy1FEqySzJSVWyUkrOzy0oSi0uTk1RyM9TKMlIVSjPLEpVqgUAF8EN7w==")!

    /// Sends `path` through a recording server in front of an upstream answering `response`, and
    /// returns what was recorded.
    private func recordOne(
        _ response: StubResponse, path: String = "/todos/1", client: ForwardingClient = .own,
        prepare: @Sendable (inout URLRequest) -> Void = { _ in }
    ) async throws -> Interaction {
        let upstream = StubServer()
        upstream.playback.stub(.any, with: response)
        try await upstream.start()
        let server = StubServer()
        server.playback.recordUnmatched(through: UpstreamForwarder.patient(upstream.baseURL, client: client))
        try await server.start()
        var request = URLRequest(url: server.url(path))
        prepare(&request)
        _ = try await URLSession(configuration: .patient).data(for: request)
        await server.stop()
        await upstream.stop()
        return try #require(server.playback.recordedInteractions.first)
    }

    @Test("a gzip or deflate body sent although identity was asked for is stored decoded, without Content-Encoding",
          arguments: ForwardingClient.allCases, [("gzip", gzipped), ("deflate", deflated)])
    func compressedStoredDecoded(client: ForwardingClient, compressed: (coding: String, body: Data)) async throws {
        let (coding, body) = compressed
        let recorded = try await recordOne(
            StubResponse(headers: ["Content-Type": "application/json", "Content-Encoding": coding], body: body), client: client)
        #expect(recorded.response.body == Self.json)
        #expect(recorded.response.headers["Content-Encoding"] == nil)
        #expect(recorded.response.headers["Content-Type"] == "application/json")
    }

    @Test("a body in a coding the client cannot decode is never stored as if it were decoded", arguments: ForwardingClient.allCases)
    func undecodedCodingKept(client: ForwardingClient) async throws {
        let compressed = Data([0x1F, 0x9D, 0x90, 0x7B, 0x7D])
        let upstream = StubServer()
        upstream.playback.stub(
            .any, with: StubResponse(headers: ["Content-Type": "application/json", "Content-Encoding": "compress"], body: compressed))
        try await upstream.start()
        let server = StubServer()
        server.playback.recordUnmatched(through: UpstreamForwarder.patient(upstream.baseURL, client: client))
        try await server.start()
        // The test's own URLSession may refuse the coding of what the recording passes on (libcurl does).
        _ = try? await URLSession(configuration: .patient).data(from: server.url("/archive"))
        await server.stop()
        await upstream.stop()
        if let recorded = server.playback.recordedInteractions.first {
            // The own client, and Darwin's URLSession, hand over what they cannot decode as it came: kept
            // with its header.
            #expect(recorded.response.body == compressed)
            #expect(recorded.response.headers["Content-Encoding"] == "compress")
        } else {
            // libcurl refuses the coding: the request is reported as not recorded, naming the URL.
            let findings = server.report.findings.map(\.message)
            #expect(findings.count == 1)
            #expect(findings.first?.contains("could not be recorded: upstream \(upstream.baseURL.absoluteString)/archive") == true)
        }
    }

    @Test("request fields are written in name order (repeated names keep theirs), whatever order the client sent")
    func requestFieldsSorted() async throws {
        let interaction = Interaction(
            request: StubRequest(
                method: "GET", path: "/",
                headers: HTTPHeaders([
                    ("X-Trace", "2"), ("Accept", "application/json"), ("x-trace", "1"), ("Content-Type", "text/plain"),
                ])),
            response: StubResponse(status: 200))
        let names = interaction.withRequestFieldsSorted.request.headers.map { "\($0.name)=\($0.value)" }
        #expect(names == ["Accept=application/json", "Content-Type=text/plain", "X-Trace=2", "x-trace=1"])
    }

    @Test("the fixture names a remote upstream but not a loopback one, whose port is chance",
          arguments: [
              ("https://api.example.com/v1", "https://api.example.com/v1"), ("http://127.0.0.1:49152", nil),
              ("http://localhost:8080", nil), ("http://[::1]:8080", nil),
          ] as [(String, String?)])
    func upstreamNamed(upstream: String, stored: String?) throws {
        #expect(StubServer.storedUpstream(try #require(URL(string: upstream))) == stored)
    }

    @Test("byRequest sorts by method, path, query and body; identical requests keep their arrival order")
    func byRequestOrder() {
        func exchange(_ method: String, _ path: String, body: String = "", status: Int = 200) -> Interaction {
            Interaction(
                request: StubRequest(method: method, path: path, body: Data(body.utf8)),
                response: StubResponse(status: status))
        }
        let arrival = [
            exchange("POST", "/todos", body: #"{"id":2}"#), exchange("GET", "/todos", status: 200),
            exchange("POST", "/todos", body: #"{"id":1}"#), exchange("GET", "/todos", status: 201),
        ]
        #expect(RecordedOrder.arrival.arranged(arrival) == arrival)
        #expect(RecordedOrder.byRequest.arranged(arrival) == [arrival[1], arrival[3], arrival[2], arrival[0]])
    }

    @Test("a concurrent client recorded byRequest writes the same bytes every time")
    func concurrentClientStable() async throws {
        var files: [Data] = []
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("concurrent-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        for run in 1...3 {
            let upstream = StubServer()
            upstream.playback.stub(.any) { StubResponse(status: 201, body: $0.body) }
            try await upstream.start()
            let server = StubServer(.init(recording: Recording(mode: .never, order: .byRequest)))
            server.playback.recordUnmatched(through: UpstreamForwarder.patient(upstream.baseURL))
            try await server.start()
            let session = URLSession(configuration: .patient)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<24 {
                    group.addTask {
                        var request = URLRequest(url: server.url("/todos"))
                        request.httpMethod = "POST"
                        request.httpBody = Data(#"{"id":\#(index)}"#.utf8)
                        _ = try await session.data(for: request)
                    }
                }
                try await group.waitForAll()
            }
            await server.stop()
            await upstream.stop()
            // Recorded again into the same file: unchanged traffic leaves it untouched, recorded date included.
            let outcome = try server.saveRecording(to: file)
            #expect(outcome?.isUnchanged == (run > 1))
            files.append(try Data(contentsOf: file))
        }
        #expect(files[0] == files[1] && files[1] == files[2])
    }
}
