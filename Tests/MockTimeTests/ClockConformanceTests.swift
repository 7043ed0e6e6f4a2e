import MockTime
import Testing

/// `MockClock` is a plain `Clock<Duration>`: generic code, existentials and the standard library's own
/// sleeping functions work with it.
@Suite("Clock conformance", .timeLimit(.minutes(10)))
struct ClockConformanceTests {
    private func sleepOnce(on clock: some Clock<Duration>, for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }

    @Test("usable as some Clock<Duration>: sleep(for:) from the protocol extension")
    func genericClock() async throws {
        let clock = MockClock()
        let sleeper = Task { try await sleepOnce(on: clock, for: .seconds(2)) }
        await clock.waitForSleepers(count: 1)
        #expect(clock.nextDeadline == .seconds(2))
        #expect(clock.advance(by: .seconds(2)) == 1)
        try await sleeper.value
    }

    @Test("usable as any Clock<Duration>")
    func existentialClock() async throws {
        let clock = MockClock()
        let erased: any Clock<Duration> = clock
        let sleeper = Task { try await erased.sleep(for: .milliseconds(1500)) }
        await clock.waitForSleepers(count: 1)
        #expect(clock.nextDeadline == MockClock.Instant(offset: .milliseconds(1500)))
        #expect(clock.advance(by: .milliseconds(1500)) == 1)
        try await sleeper.value
    }

    @Test("Task.sleep(until:tolerance:clock:) and Task.sleep(for:clock:) sleep on it")
    func taskSleep() async throws {
        let clock = MockClock()
        let untilDeadline = Task { try await Task.sleep(until: .seconds(3), tolerance: .seconds(1), clock: clock) }
        let forDuration = Task { try await Task.sleep(for: .seconds(4), clock: clock) }
        await clock.waitForSleepers(count: 2)
        #expect(clock.pendingSleepers.map(\.deadline) == [.seconds(3), .seconds(4)])
        #expect(clock.pendingSleepers.first?.tolerance == .seconds(1))
        #expect(clock.advance(by: .seconds(3)) == 1)
        try await untilDeadline.value
        #expect(clock.advance(by: .seconds(1)) == 1)
        try await forDuration.value
    }

    @Test("measure reads the clock: only advancing makes time pass")
    func measure() {
        let clock = MockClock()
        #expect(clock.measure {} == .zero)
        #expect(clock.measure { clock.advance(by: .seconds(3)) } == .seconds(3))
    }

    @Test("starts at offset zero with zero resolution")
    func start() {
        let clock = MockClock()
        #expect(clock.now == MockClock.Instant(offset: .zero))
        #expect(clock.minimumResolution == .zero)
        #expect(clock.nextDeadline == nil)
        #expect(clock.pendingSleepers.isEmpty)
    }

    @Test("Instant arithmetic, order and description")
    func instant() {
        let start = MockClock.Instant(offset: .zero)
        let later = start.advanced(by: .milliseconds(1500))
        #expect(later.offset == .milliseconds(1500))
        #expect(start.duration(to: later) == .milliseconds(1500))
        #expect(later.duration(to: start) == .milliseconds(-1500))
        #expect(start < later)
        #expect(later.advanced(by: .milliseconds(-1500)) == start)
        #expect(later.description == "+1.5 s")
        #expect(start.description == "+0 s")
        #expect(MockClock.Instant(offset: .seconds(-2)).description == "-2 s")
        #expect(MockClock.Instant(offset: .microseconds(-250)).description == "-0.00025 s")
        #expect(MockClock.Instant(offset: .seconds(90)).description == "+90 s")
    }
}
