import Foundation
import MockTime
import Testing

/// `ImmediateClock`: sleeps return at once and move time forward, never backwards.
@Suite("ImmediateClock", .timeLimit(.minutes(10)))
struct ImmediateClockTests {
    @Test("a sleep returns at once and moves now forward by the slept time")
    func sleepMovesTime() async throws {
        let clock = ImmediateClock()
        #expect(clock.now == .seconds(0))
        try await clock.sleep(for: .seconds(5))
        #expect(clock.now == .seconds(5))
        try await clock.sleep(for: .milliseconds(2500))
        #expect(clock.now == MockClock.Instant(offset: .milliseconds(7500)))
        #expect(clock.minimumResolution == .zero)
    }

    @Test("time is monotonic: sleeping until an earlier instant leaves now where it is")
    func monotonic() async throws {
        let clock = ImmediateClock()
        try await clock.sleep(until: .seconds(10))
        try await clock.sleep(until: .seconds(3))
        #expect(clock.now == .seconds(10))
    }

    @Test("a cancelled task throws CancellationError and time stays put")
    func cancellation() async {
        let clock = ImmediateClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(5))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.now == .seconds(0))
    }

    @Test("concurrent sleeps leave now at the latest deadline; copies share the timeline")
    func concurrentSleeps() async throws {
        let clock = ImmediateClock()
        let copy = clock
        try await withThrowingTaskGroup(of: Void.self) { group in
            for second in (1...200).shuffled() {
                group.addTask { try await copy.sleep(until: .seconds(second)) }
            }
            try await group.waitForAll()
        }
        #expect(clock.now == .seconds(200))
    }

    @Test("usable as any Clock<Duration>; the date view follows now")
    func existentialAndDate() async throws {
        let start = Date(timeIntervalSince1970: 1_000_000)
        let clock = ImmediateClock(startDate: start)
        let erased: any Clock<Duration> = clock
        try await erased.sleep(for: .seconds(30))
        #expect(clock.date == start.addingTimeInterval(30))
        #expect(ImmediateClock().date == MockClock.defaultStartDate)
    }
}
