import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

/// The "Origins" section of the fixture format article: its example is a real fixture, and replays as
/// the section says.
@Suite("Documentation: fixture origins")
struct FixtureOriginExamples {
    private static func example() throws -> String {
        let blocks = ArticleText.blocks("json", in: try ArticleText.article("FixtureFileFormat"))
        return try #require(blocks.first { $0.contains(#""origin""#) })
    }

    private static func request(_ method: String, _ path: String, from origin: String?) -> StubRequest {
        StubRequest(method: method, path: path, origin: origin.flatMap { HTTPOrigin($0) })
    }

    @Test("the example decodes to three origins and writes back byte for byte")
    func exampleRoundTrips() throws {
        let text = try Self.example()
        let fixture = try Fixture(decoding: Data(text.utf8), format: .native, source: "FixtureFileFormat.md")
        #expect(fixture.interactions.map { $0.request.origin?.description } == [
            "https://auth.example.com", "https://api.example.com", "http://cdn.example.com:8080",
        ])
        #expect(fixture.interactions[2].response.body == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(String(decoding: fixture.encoded(as: .native), as: UTF8.self) == text + "\n")
    }

    @Test("the example replays each host to its own requests, a socket request to any, and no other origin")
    func exampleReplays() async throws {
        let fixture = try Fixture(decoding: Data(try Self.example().utf8), format: .native, source: "hosts.json")
        let status = { (playback: Playback, request: StubRequest) async -> Int? in
            await PlaybackTestSupport.response(of: playback.plan(for: request))?.status
        }
        let playback = Playback()
        playback.load(fixture, source: "hosts.json")
        #expect(await status(playback, Self.request("GET", "/me", from: "https://auth.example.com")) == 599)
        #expect(await status(playback, Self.request("GET", "/me", from: "HTTPS://API.example.com:443")) == 200)
        #expect(await status(playback, Self.request("GET", "/avatars/1.png", from: "http://cdn.example.com")) == 599)
        #expect(await status(playback, Self.request("GET", "/avatars/1.png", from: nil)) == 200)
        #expect(await status(playback, Self.request("POST", "/oauth/token", from: "https://auth.example.com")) == 200)
    }

    @Test("the origin spellings the article refuses are refused, with the JSON path")
    func refusedSpellings() {
        for spelling in ["https://api.example.com/", "https://api.example.com/v1", "https://api.example.com?a", "https://user@api.example.com", "api.example.com"] {
            let document = """
                {"format": "swift-repository-contracts/fixture", "version": 1, "interactions": [
                  {"request": {"origin": "\(spelling)", "method": "GET", "path": "/"}, "response": {"status": 200}}
                ]}
                """
            let failure = #expect(throws: FixtureError.self) {
                try Fixture(decoding: Data(document.utf8), format: .native, source: "hosts.json")
            }
            #expect(failure?.path == "$.interactions[0].request.origin", "\(spelling)")
        }
        let ipv6 = #"{"format": "swift-repository-contracts/fixture", "version": 1, "interactions": [{"request": {"origin": "http://[::1]:8080", "method": "GET", "path": "/"}, "response": {"status": 200}}]}"#
        #expect(throws: Never.self) { try Fixture(decoding: Data(ipv6.utf8), format: .native, source: "hosts.json") }
    }
}
