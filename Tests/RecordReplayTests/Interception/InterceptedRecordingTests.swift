import RecordReplayMessages
import Foundation
import RepositoryContractsPrimitives
import Testing
@testable import RecordReplay
@_spi(Benchmarks) import RecordReplayWire
import RepositoryContractsTestSupport

/// Recording through interception: each request goes to its own origin, the fixture keeps the origins
/// (an API host, an auth host and a CDN recorded and replayed together), redaction applies; and while
/// interception is on, nothing reaches the network unless a record mode sends it.
@Suite struct InterceptedRecordingTests {
    init() {
        URLSessionInterception.prepare()
    }

    /// Three live hosts, `https://{api,auth,cdn}.example.test`, served by listeners on loopback (the
    /// server's origin routes send each forward to its own), each counting what it answered.
    struct LiveHosts: Sendable {
        enum Host: String, CaseIterable { case api, auth, cdn }

        let ports: [UInt16]
        let counts: [Protected<Int>]

        var total: Int { counts.reduce(0) { $0 + $1.withLock { $0 } } }

        func url(_ host: Host, _ path: String) -> String {
            "https://\(host.rawValue).example.test\(path)"
        }

        /// Each origin to its listener.
        var routes: [HTTPOrigin: URL] {
            Dictionary(
                uniqueKeysWithValues: zip(Host.allCases, ports).map { host, port in
                    (HTTPOrigin(url: URL(string: url(host, "/"))!)!, URL(string: "http://127.0.0.1:\(port)")!)
                })
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
                    try await body(LiveHosts(ports: [api, auth, cdn], counts: [counts.0, counts.1, counts.2]))
                }
            }
        }
    }

    static func server(recording mode: RecordMode, in folder: URL, hosts: LiveHosts) -> StubServer {
        var configuration = StubServer.Configuration(fixtureDirectory: folder, recording: Recording(mode: mode))
        configuration.interceptsURLSession = true
        configuration.originRoutes = hosts.routes
        return StubServer(configuration)
    }

    /// The same three requests, one to each host; the API call carries a bearer token.
    static func exercise(_ hosts: LiveHosts) async -> [String] {
        [
            await SharedSessionAnswer.get(
                hosts.url(.api, "/me"), headers: ["Authorization": "Bearer sk_live_51HqLyjWDarjtT1zdp7dcXYZ"]
            ).text,
            await SharedSessionAnswer.get(hosts.url(.auth, "/me")).text,
            await SharedSessionAnswer.get(hosts.url(.cdn, "/me")).text,
        ]
    }

    @Test func threeHostsRecordedAndReplayedTogether() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interception-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Self.withLiveHosts { hosts in
            let recorder = Self.server(recording: .once, in: folder, hosts: hosts)
            try recorder.loadFixture(named: "multiHost")
            let live = try await recorder.interceptingURLSession { await Self.exercise(hosts) }
            #expect(live == [#"{"host":"api","path":"/me"}"#, #"{"host":"auth","path":"/me"}"#, #"{"host":"cdn","path":"/me"}"#])
            #expect(hosts.total == 3)
            let outcome = try #require(try recorder.finishRecording())
            #expect(outcome.recordedCount == 3)

            let fixture = try Fixture(contentsOf: outcome.file)
            #expect(
                fixture.interactions.map { $0.request.origin?.description }
                    == ["https://api.example.test", "https://auth.example.test", "https://cdn.example.test"])
            let text = try String(contentsOf: outcome.file, encoding: .utf8)
            #expect(!text.contains("sk_live_51HqLyjWDarjtT1zdp7dcXYZ"))

            let replayer = Self.server(recording: .never, in: folder, hosts: hosts)
            try replayer.loadFixture(named: "multiHost")
            let replayed = try await replayer.interceptingURLSession { await Self.exercise(hosts) }
            #expect(replayed == live)
            #expect(hosts.total == 3, "replay reached a live host")
            #expect(replayer.report.findings.isEmpty)
        }
    }

    @Test func noRequestReachesTheNetworkWithoutARecordMode() async throws {
        try await Self.withLiveHosts { hosts in
            let server = Self.server(recording: .never, in: FileManager.default.temporaryDirectory, hosts: hosts)
            let answer = try await server.interceptingURLSession { await SharedSessionAnswer.get(hosts.url(.api, "/users")) }
            #expect(hosts.total == 0)
            #expect(answer.status == 599)
            let unmatched = try #require(server.report.unmatchedRequests.first)
            #expect(unmatched.request.origin?.description == "https://api.example.test")
            #expect(unmatched.request.path == "/users")
        }
    }

    @Test func driftCheckSendsEachRequestToItsOrigin() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("interception-drift-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorded = Interaction(
            request: StubRequest(method: "GET", path: "/me"),
            response: StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"host":"api","path":"/old"}"#.utf8)))
        try Fixture(interactions: [recorded, recorded]).write(to: folder.appendingPathComponent("drift.json"))
        try await Self.withLiveHosts { hosts in
            let server = Self.server(recording: .drift, in: folder, hosts: hosts)
            try server.loadFixture(named: "drift")
            let answers = try await server.interceptingURLSession {
                [await SharedSessionAnswer.get(hosts.url(.api, "/me")).text, await SharedSessionAnswer.get(hosts.url(.cdn, "/me")).text]
            }
            #expect(answers == [#"{"host":"api","path":"/old"}"#, #"{"host":"api","path":"/old"}"#])
            #expect(hosts.counts.map { $0.withLock { $0 } } == [1, 0, 1])
            #expect(server.report.drifts.count == 2)
        }
    }

    @Test func missingFixtureCommandNeedsNoUpstreamForInterceptedRequests() throws {
        var configuration = StubServer.Configuration(fixtureDirectory: FileManager.default.temporaryDirectory)
        configuration.interceptsURLSession = true
        let error = try #require(throws: StubServerError.self) {
            try StubServer(configuration).loadFixture(named: "absent-\(UUID())")
        }
        #expect(!error.searched.isEmpty, "expected a missing fixture, got \(error)")
        let text = try #require(error.command)
        #expect(text.contains("REPOSITORY_CONTRACTS_RECORD=once"))
        #expect(!text.contains("REPOSITORY_CONTRACTS_UPSTREAM"))
    }
}
