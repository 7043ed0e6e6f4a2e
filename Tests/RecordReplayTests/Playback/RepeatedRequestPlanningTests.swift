import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

private typealias Support = PlaybackTestSupport

/// A keep-alive client sending the very same request again: the server reuses how it looked the request
/// up the last time on that connection. That must never show: each repeat claims the next recorded
/// interaction, and what changed in between (a fixture loaded, a stub, a fault) applies to it.
@Suite("Playback: a request repeated on one connection")
struct RepeatedRequestPlanningTests {
    private static let secret = "sk_live_" + "R7q2Lw9xN3vB6mK1tZ8yC4dF"

    /// A started server with `fixture` loaded, and one keep-alive connection to it.
    private static func server(_ fixture: [(String, String)]) async throws -> (StubServer, RawHTTPClient) {
        let server = StubServer()
        if !fixture.isEmpty {
            server.load(Support.fixture(fixture.map { (Support.request("GET", $0.0), Support.response($0.1)) }), source: "first.json")
        }
        try await server.start()
        let port = server.port
        return (server, try await blocking { try RawHTTPClient(port: port) })
    }

    /// Sends each `GET` target on `client`, in turn; each answer's body, or `unmatched` for the
    /// server's unmatched-request diagnostic.
    private static func get(_ targets: [String], on client: RawHTTPClient) async throws -> [String] {
        try await blocking {
            try targets.map { target in
                let response = try client.exchange("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
                return response.header(Playback.unmatchedHeaderName) == nil ? response.text : "unmatched"
            }
        }
    }

    @Test("each repeat claims the next recorded interaction, then finds them used up; other requests between are their own")
    func claimsInOrder() async throws {
        let (server, client) = try await Self.server([("/a", "a1"), ("/b", "b1"), ("/a", "a2"), ("/a", "a3")])
        let answers = try await Self.get(["/a", "/a", "/b", "/a", "/b", "/a"], on: client)
        client.close()
        await server.stop()
        #expect(answers == ["a1", "a2", "b1", "a3", "unmatched", "unmatched"])
    }

    @Test("two connections repeating the same request share one recorded order")
    func connectionsShareTheOrder() async throws {
        let (server, first) = try await Self.server([("/n", "1"), ("/n", "2"), ("/n", "3"), ("/n", "4"), ("/n", "5")])
        let port = server.port
        let second = try await blocking { try RawHTTPClient(port: port) }
        var answers: [String] = []
        for client in [first, second, first, second, second] {
            answers += try await Self.get(["/n"], on: client)
        }
        first.close()
        second.close()
        await server.stop()
        #expect(answers == ["1", "2", "3", "4", "5"])
    }

    @Test("a fixture loaded between two repeats answers the second: under a new key, and under a key already recorded")
    func fixtureLoadedBetween() async throws {
        let (server, late) = try await Self.server([("/known", "known 1")])
        let port = server.port
        let known = try await blocking { try RawHTTPClient(port: port) }
        var answers = try await Self.get(["/late"], on: late)
        answers += try await Self.get(["/known", "/known"], on: known)
        server.load(
            Support.fixture([
                (Support.request("GET", "/late"), Support.response("late")),
                (Support.request("GET", "/known"), Support.response("known 2")),
            ]), source: "second.json")
        answers += try await Self.get(["/late", "/late"], on: late)
        answers += try await Self.get(["/known", "/known"], on: known)
        late.close()
        known.close()
        await server.stop()
        #expect(answers == ["unmatched", "known 1", "unmatched", "late", "unmatched", "known 2", "unmatched"])
    }

    @Test("a redacted recording loaded between two repeats matches the real credential")
    func redactedFixtureLoadedBetween() async throws {
        let (server, client) = try await Self.server([("/other", "other")])
        let target = "/t?page=1&api_key=\(Self.secret)"
        var answers = try await Self.get([target, target], on: client)
        server.load(
            Support.fixture([(Support.request("GET", "/t?api_key=REDACTED&page=1"), Support.response("hit"))]),
            source: "redacted.json")
        answers += try await Self.get([target, target], on: client)
        client.close()
        await server.stop()
        #expect(answers == ["unmatched", "unmatched", "hit", "unmatched"])
    }

    @Test("a stub and a fault added between two repeats apply to the second, and end with them")
    func stubAndFaultBetween() async throws {
        let (server, client) = try await Self.server([("/s", "recorded 1"), ("/s", "recorded 2")])
        var answers = try await Self.get(["/s"], on: client)
        let stub = server.playback.stub(.get("/s"), with: Support.response("stubbed"))
        answers += try await Self.get(["/s"], on: client)
        server.playback.removeStub(stub)
        let fault = server.playback.inject(.status(503, body: Data("faulted".utf8)), when: .get("/s"))
        answers += try await Self.get(["/s"], on: client)
        server.playback.removeFault(fault)
        answers += try await Self.get(["/s"], on: client)
        client.close()
        await server.stop()
        // The fault replaced the answer of the interaction it claimed.
        #expect(answers == ["recorded 1", "stubbed", "faulted", "unmatched"])
    }
}
