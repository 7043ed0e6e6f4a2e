import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire
import Testing

/// A limited journal keeps the latest requests only, so a long-running server's memory stays flat.
@Suite("Playback: journal limit")
struct PlaybackJournalLimitTests {
    @Test("the journal keeps the latest requests; sequence numbers keep counting every request")
    func keepsLatest() {
        var options = PlaybackOptions(journalLimit: 10)
        options.unusedInteractions = .ignore
        let playback = Playback(options: options)
        playback.stub(.any, with: StubResponse(status: 204))
        for number in 1...1_000 {
            _ = playback.plan(for: StubRequest(method: "GET", path: "/items/\(number)"))
            // Before the journal is full, as it fills, and at every place the oldest entry can be.
            if number <= 25 || number % 97 == 0 {
                let kept = max(1, number - 9)...number
                #expect(playback.journal.map(\.sequenceNumber) == Array(kept), "after \(number) requests")
                #expect(playback.journal.map(\.path) == kept.map { "/items/\($0)" }, "after \(number) requests")
            }
        }
        let journal = playback.journal
        #expect(journal.count == 10)
        #expect(journal.map(\.sequenceNumber) == Array(991...1_000))
        #expect(journal.last?.path == "/items/1000")
    }

    @Test("a journal limit of one keeps the latest request; zero or less keeps none")
    func smallLimits() {
        for limit in [1, 0, -3] {
            var options = PlaybackOptions(journalLimit: limit)
            options.unusedInteractions = .ignore
            let playback = Playback(options: options)
            playback.stub(.any, with: StubResponse(status: 204))
            for number in 1...5 {
                _ = playback.plan(for: StubRequest(method: "GET", path: "/items/\(number)"))
                #expect(playback.journal.map(\.sequenceNumber) == (limit > 0 ? [number] : []), "limit \(limit)")
            }
        }
    }

    @Test("without a limit every request stays in the journal")
    func unlimitedByDefault() {
        let playback = Playback()
        playback.stub(.any, with: StubResponse(status: 204))
        for number in 1...100 {
            _ = playback.plan(for: StubRequest(method: "GET", path: "/items/\(number)"))
        }
        #expect(playback.journal.count == 100)
    }
}
