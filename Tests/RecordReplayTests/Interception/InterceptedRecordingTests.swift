import Foundation
import RepositoryContractsPrimitives
import Testing
@testable import RecordReplay
@_spi(Benchmarks) import RecordReplayWire

/// Recording through interception: each request goes to its own origin, the fixture keeps the origins
/// (an API host, an auth host and a CDN recorded and replayed together), redaction applies; and while
/// interception is on, nothing reaches the network unless a record mode sends it.
@Suite struct InterceptedRecordingTests {
    init() {
        URLSessionInterception.prepare()
    }

    /// Three live hosts on loopback (plain listeners, not stub servers, so interception takes their
    /// requests as it would a production host's), each counting what it answered.
    struct LiveHosts: Sendable {
        let api: (port: UInt16, count: Protected<Int>)
        let auth: (port: UInt16, count: Protected<Int>)
        let cdn: (port: UInt16, count: Protected<Int>)

        var total: Int { api.count.withLock { $0 } + auth.count.withLock { $0 } + cdn.count.withLock { $0 } }

        func url(_ host: KeyPath<LiveHosts, (port: UInt16, count: Protected<Int>)>, _ path: String) -> String {
            "http://127.0.0.1:\(self[keyPath: host].port)\(path)"
        }
    }

    static func withLiveHosts(_ body: (LiveHosts) async throws -> Void) async throws {
        let counts = (Protected(0), Protected(0), Protected(0))
        func answering(_ name: String, _ count: Protected<Int>) -> @Sendable (StubRequest) -> ResponsePlan {
            { request in
                count.withLock { $0 += 1 }
                return .respond(
                    StubResponse(
                        status: 200, headers: ["Content-Type": "application/json"],
                        body: Data(#"{"host":"\#(name)","path":"\#(request.path)"}"#.utf8)))
            }
        }
        try await withListener(handler: answering("api", counts.0)) { _, api in
            try await withListener(handler: answering("auth", counts.1)) { _, auth in
                try await withListener(handler: answering("cdn", counts.2)) { _, cdn in
                    try await body(LiveHosts(api: (api, counts.0), auth: (auth, counts.1), cdn: (cdn, counts.2)))
                }
            }
        }
    }

    static func server(recording mode: RecordMode, in folder: URL) -> StubServer {
        var configuration = StubServer.Configuration(fixtureDirectory: folder, recordMode: mode)
        configuration.interceptsURLSession = true
        return StubServer(configuration)
    }

    /// The same three requests, one to each host; the API call carries a bearer token.
    static func exercise(_ hosts: LiveHosts) async -> [String] {
        [
            await SharedSessionAnswer.get(
                hosts.url(\.api, "/me"), headers: ["Authorization": "Bearer sk_live_51HqLyjWDarjtT1zdp7dcXYZ"]
            ).text,
            await SharedSessionAnswer.get(hosts.url(\.auth, "/me")).text,
            await SharedSessionAnswer.get(hosts.url(\.cdn, "/me")).text,
        ]
    }

    @Test func threeHostsRecordedAndReplayedTogether() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interception-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Self.withLiveHosts { hosts in
            let recorder = Self.server(recording: .once, in: folder)
            try recorder.loadFixture(named: "multiHost")
            let live = try await recorder.interceptingURLSession { await Self.exercise(hosts) }
            #expect(live == [#"{"host":"api","path":"/me"}"#, #"{"host":"auth","path":"/me"}"#, #"{"host":"cdn","path":"/me"}"#])
            #expect(hosts.total == 3)
            let outcome = try #require(try recorder.finishRecording())
            #expect(outcome.recordedCount == 3)

            let fixture = try Fixture(contentsOf: outcome.file)
            #expect(fixture.interactions.map { $0.request.origin?.port } == [hosts.api.port, hosts.auth.port, hosts.cdn.port].map { Int($0) })
            let text = try String(contentsOf: outcome.file, encoding: .utf8)
            #expect(!text.contains("sk_live_51HqLyjWDarjtT1zdp7dcXYZ"))

            let replayer = Self.server(recording: .never, in: folder)
            try replayer.loadFixture(named: "multiHost")
            let replayed = try await replayer.interceptingURLSession { await Self.exercise(hosts) }
            #expect(replayed == live)
            #expect(hosts.total == 3, "replay reached a live host")
            #expect(replayer.report.findings.isEmpty)
        }
    }

    @Test func noRequestReachesTheNetworkWithoutARecordMode() async throws {
        try await Self.withLiveHosts { hosts in
            let server = interceptionServer()
            let answer = try await server.interceptingURLSession { await SharedSessionAnswer.get(hosts.url(\.api, "/users")) }
            #expect(hosts.total == 0)
            #expect(answer.status == 599)
            let unmatched = try #require(server.report.unmatchedRequests.first)
            #expect(unmatched.request.origin?.port == Int(hosts.api.port))
            #expect(unmatched.request.path == "/users")
        }
    }
}
