import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplay
import Testing
import RepositoryContractsTestSupport

/// The origin mismatch the "Troubleshooting" article quotes, produced by the code that reports it.
@Suite("Documentation: troubleshooting an origin mismatch")
struct TroubleshootingOriginExamples {
    @Test("a request sent to another host than the one recorded names both origins")
    func originMismatch() throws {
        let playback = Playback()
        playback.load(
            Fixture(interactions: [
                Interaction(
                    request: StubRequest(method: "GET", path: "/me", origin: HTTPOrigin("https://auth.example.com")),
                    response: StubResponse(headers: ["Content-Type": "application/json"], body: Data(#"{"id":1}"#.utf8)))
            ]), source: "Fixtures/Session/me.json")
        let request = StubRequest(
            method: "GET", path: "/me", headers: ["Accept": "application/json"],
            origin: HTTPOrigin("https://api.example.com"))
        let response = try #require(PlaybackTestSupport.immediateResponse(of: playback.plan(for: request)))
        #expect(response.status == 599)
        let message = String(decoding: response.body, as: UTF8.self).trimmingCharacters(in: .newlines)
        let quoted = ArticleText.blocks("text", in: try ArticleText.article("Troubleshooting")).contains { $0.contains(message) }
        #expect(quoted, "the article does not quote this message:\n\(message)")
    }
}
