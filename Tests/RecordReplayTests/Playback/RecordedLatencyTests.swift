import Foundation
import MockTime
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

private typealias Support = PlaybackTestSupport

/// Recorded latencies: read from HAR `time` and native `latencyMilliseconds`, written back, and replayed
/// on the playback's clock only when asked.
@Suite("Playback: recorded latency")
struct RecordedLatencyTests {
    private static let har = """
        {"log": {"version": "1.2", "entries": [
          {"startedDateTime": "2026-01-01T00:00:00Z", "time": 250.4,
           "request": {"method": "GET", "url": "https://api.example.com/todos", "headers": []},
           "response": {"status": 200, "headers": [], "content": {"text": "slow"}}},
          {"startedDateTime": "2026-01-01T00:00:01Z", "time": -1,
           "request": {"method": "GET", "url": "https://api.example.com/fast", "headers": []},
           "response": {"status": 200, "headers": [], "content": {"text": "fast"}}}
        ]}}
        """

    @Test("HAR time becomes the latency (fractional ms kept, -1 is none); native and HAR write it back")
    func readAndWritten() throws {
        let fixture = try Fixture(decoding: Data(Self.har.utf8), format: .har, source: "capture.har")
        #expect(fixture.interactions.map(\.latency) == [.microseconds(250_400), nil])
        for format in [FixtureFormat.native, .har] {
            let again = try Fixture(decoding: fixture.encoded(as: format), format: format, source: "again")
            #expect(again.interactions.map(\.latency) == [.milliseconds(250), nil], "\(format)")
        }
        let native = String(decoding: fixture.encoded(as: .native), as: UTF8.self)
        #expect(native.components(separatedBy: "\"latencyMilliseconds\": 250").count == 2)
    }

    @Test("a negative or fractional latencyMilliseconds is refused, naming the field")
    func invalidNativeLatency() {
        let text = """
            {"format": "swift-repository-contracts/fixture", "version": 1, "interactions": [
              {"request": {"method": "GET", "path": "/", "headers": []}, "response": {"status": 200, "headers": []},
               "latencyMilliseconds": -5}]}
            """
        #expect {
            try Fixture(decoding: Data(text.utf8), format: .native, source: "bad.json")
        } throws: { error in
            "\(error)".contains("$.interactions[0].latencyMilliseconds")
        }
    }

    @Test("replaysRecordedLatency waits the recorded time on the clock; by default replay answers at once")
    func replayedOnTheClock() async throws {
        let fixture = try Fixture(decoding: Data(Self.har.utf8), format: .har, source: "capture.har")
        let immediate = Playback(options: PlaybackOptions())
        immediate.load(fixture, source: "capture.har")
        #expect(Support.bodyText(of: immediate.plan(for: Support.request("GET", "/todos"))) == "slow")

        let clock = MockClock()
        let playback = Playback(options: PlaybackOptions(replaysRecordedLatency: true), clock: clock)
        playback.load(fixture, source: "capture.har")
        let plan = playback.plan(for: Support.request("GET", "/todos"))
        #expect(Support.bodyText(of: plan) == nil)  // deferred: it sleeps first
        let answer = Task { await Support.response(of: plan) }
        await clock.waitForSleepers(count: 1)
        // Had the wait given up, the advance would miss the sleeper and the answer never come: stop here.
        try #require(clock.pendingSleeperCount == 1)
        #expect(clock.nextDeadline == MockClock.Instant(offset: .microseconds(250_400)))
        clock.advance(by: .microseconds(250_400))
        #expect(await answer.value.map { String(decoding: $0.body, as: UTF8.self) } == "slow")
        #expect(Support.bodyText(of: playback.plan(for: Support.request("GET", "/fast"))) == "fast")
    }
}
