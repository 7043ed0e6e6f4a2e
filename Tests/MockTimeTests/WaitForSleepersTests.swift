import RepositoryContractsPrimitives
@testable import MockTime
import Testing

/// `waitForSleepers(count:)`: the deterministic handshake before advancing.
@Suite("waitForSleepers", .timeLimit(.minutes(10)))
struct WaitForSleepersTests {
    @Test("returns at once when enough sleepers are already pending")
    func alreadySatisfied() async throws {
        let clock = MockClock()
        await clock.waitForSleepers(count: 0)
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(count: 1)
        await clock.waitForSleepers(count: 1)
        #expect(clock.pendingSleeperCount == 1)
        clock.advance(by: .seconds(1))
        try await sleeper.value
    }

    @Test("waits for sleepers that other tasks register later")
    func sleepersRegisteringLater() async throws {
        let clock = MockClock()
        let waiter = Task { await clock.waitForSleepers(count: 3) }
        let sleepers = (1...3).map { second in Task { try await clock.sleep(for: .seconds(second)) } }
        await waiter.value
        #expect(clock.pendingSleeperCount == 3)
        #expect(clock.advance(by: .seconds(3)) == 3)
        for sleeper in sleepers { try await sleeper.value }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("is resumed by the registration that reaches its count, not before, and outside the lock")
    func resumedByTheRegistrationReachingTheCount() async throws {
        let clock = MockClock()
        let executor = InlineTaskExecutor()
        let seen = Recorder<Int>()
        // Inline: the waiter's code after the wait runs inside the registration that resumes it, and
        // reads the clock (which would deadlock if it were resumed under the clock's lock).
        let waiter = Task(executorPreference: executor) {
            await clock.waitForSleepers(count: 2)
            seen.append(clock.pendingSleeperCount)
        }
        let first = Task(executorPreference: executor) { try await clock.sleep(for: .seconds(1)) }
        #expect(seen.values.isEmpty)
        let second = Task(executorPreference: executor) { try await clock.sleep(for: .seconds(2)) }
        #expect(seen.values == [2])
        await waiter.value
        clock.advance(by: .seconds(2))
        try await first.value
        try await second.value
    }

    @Test("a cancelled waiter returns and is dropped from the clock")
    func cancelledWaiter() async {
        let clock = MockClock()
        let waiter = Task { await clock.waitForSleepers(count: 5) }
        let probe = Task { await clock.waitForSleepers(count: 6) }
        waiter.cancel()
        await waiter.value
        probe.cancel()
        await probe.value
        #expect(clock.state.withLock { $0.countWaiters.isEmpty })
    }

    @Test("several waiters with different counts are each resumed when their count is reached")
    func severalWaiters() async throws {
        let clock = MockClock()
        let two = Task { await clock.waitForSleepers(count: 2) }
        let four = Task { await clock.waitForSleepers(count: 4) }
        let sleepers = (1...4).map { second in Task { try await clock.sleep(for: .seconds(second)) } }
        await two.value
        await four.value
        #expect(clock.pendingSleeperCount == 4)
        #expect(clock.state.withLock { $0.countWaiters.isEmpty })
        clock.advance(by: .seconds(4))
        for sleeper in sleepers { try await sleeper.value }
    }
}

/// The race probe, in a suite of its own with no time limit: beside two CPU burners and the rest of the
/// suite, its 2,000 rounds of task hops took 700 s once, and a wall-clock limit must not decide a test.
@Suite("waitForSleepers: the race probe")
struct WaitForSleepersRaceProbe {
    @Test("the race probe: Task { sleep(1 s) }; waitForSleepers(1); advance(1 s) wakes it, 2,000 times out of 2,000")
    func raceProbe() async throws {
        var misses = 0
        for _ in 0..<2_000 {
            let clock = MockClock()
            let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
            await clock.waitForSleepers(count: 1)
            // Cancelled (the run was stopped), the wait returns early: end without leaving a sleeper to
            // wait for, so the run can end.
            if Task.isCancelled {
                sleeper.cancel()
                _ = await sleeper.result
                return
            }
            if clock.advance(by: .seconds(1)) != 1 { misses += 1 }
            try await sleeper.value
        }
        #expect(misses == 0)
    }
}
