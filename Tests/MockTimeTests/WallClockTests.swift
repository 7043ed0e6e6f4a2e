import Foundation
import MockTime
import Testing

/// The `Date` view of a mock clock: a fixed start plus the timeline's offset plus skew.
@Suite("Wall-clock view", .timeLimit(.minutes(10)))
struct WallClockTests {
    private func timestamp(from clock: some WallClock) -> Date { clock.date }

    @Test("starts at 2000-01-01T00:00:00Z by default")
    func defaultStart() {
        let clock = MockClock()
        #expect(ISO8601DateFormatter().string(from: MockClock.defaultStartDate) == "2000-01-01T00:00:00Z")
        #expect(clock.startDate == MockClock.defaultStartDate)
        #expect(clock.date == MockClock.defaultStartDate)
    }

    @Test("moves with every advance, fractions of a second included")
    func movesWithAdvance() {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let clock = MockClock(startDate: start)
        #expect(timestamp(from: clock) == start)
        clock.advance(by: .seconds(90))
        #expect(clock.date == start.addingTimeInterval(90))
        clock.advance(by: .milliseconds(1500))
        #expect(clock.date == start.addingTimeInterval(91.5))
    }

    @Test("skew moves the date but neither now nor any sleeper")
    func skew() async throws {
        let clock = MockClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        await clock.waitForSleepers(count: 1)
        clock.skewWallClock(by: .seconds(120))
        #expect(clock.date == MockClock.defaultStartDate.addingTimeInterval(120))
        #expect(clock.now == .seconds(0))
        #expect(clock.pendingSleeperCount == 1)
        clock.skewWallClock(by: .seconds(-150))
        #expect(clock.wallClockSkew == .seconds(-30))
        #expect(clock.date == MockClock.defaultStartDate.addingTimeInterval(-30))
        #expect(clock.advance(by: .seconds(60)) == 1)
        #expect(clock.date == MockClock.defaultStartDate.addingTimeInterval(30))
        try await sleeper.value
    }

    @Test("works through the WallClock existential; the system wall clock reads Date()")
    func wallClockProtocol() {
        let clocks: [any WallClock] = [MockClock(), SystemWallClock()]
        #expect(clocks[0].date == MockClock.defaultStartDate)
        let before = Date()
        let now = clocks[1].date
        let after = Date()
        #expect(before <= now && now <= after)
    }
}
