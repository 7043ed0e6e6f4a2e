import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

/// `HEAD` is `GET` without the body: a `HEAD` request nothing was recorded for is answered from the
/// recorded `GET` (the transport then sends the head only).
@Suite("Playback: HEAD")
struct PlaybackHeadTests {
    typealias Support = PlaybackTestSupport

    @Test("HEAD falls back to the recorded GET, and a recorded HEAD wins over it")
    func headFallsBackToGet() {
        let playback = Playback()
        playback.load(Support.fixture([(Support.request("GET", "/todos"), Support.response("all"))]), source: "get")
        #expect(Support.bodyText(of: playback.plan(for: Support.request("HEAD", "/todos"))) == "all")

        let recordedHead = Playback()
        recordedHead.load(
            Support.fixture([
                (Support.request("GET", "/todos"), Support.response("from GET")),
                (Support.request("HEAD", "/todos"), Support.response("from HEAD")),
            ]), source: "both")
        #expect(Support.bodyText(of: recordedHead.plan(for: Support.request("HEAD", "/todos"))) == "from HEAD")
    }

    @Test("a HEAD with no recorded GET or HEAD is unmatched, and other methods never fall back")
    func noFallbackElsewhere() {
        let playback = Playback()
        playback.load(Support.fixture([(Support.request("GET", "/todos"), Support.response("all"))]), source: "get")
        #expect(Support.immediateResponse(of: playback.plan(for: Support.request("HEAD", "/other")))?.status == 599)
        #expect(Support.immediateResponse(of: playback.plan(for: Support.request("OPTIONS", "/todos")))?.status == 599)
    }
}
