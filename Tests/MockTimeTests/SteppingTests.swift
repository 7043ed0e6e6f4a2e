import MockTime
import Testing

/// `advanceToNextDeadline()` and `runUntilIdle(maxSteps:)`: stepping from deadline to deadline, bounded
/// in virtual steps.
@Suite("Stepping: next deadline and run until idle", .timeLimit(.minutes(10)))
struct SteppingTests {
    @Test("advanceToNextDeadline wakes all the ties at the earliest deadline and returns it; nil when none is pending")
    func advanceToNextDeadline() async throws {
        let clock = MockClock()
        #expect(clock.advanceToNextDeadline() == nil)
        #expect(clock.now == .seconds(0))
        let sleepers = [3, 7, 3].map { second in Task { try await clock.sleep(until: .seconds(second)) } }
        await clock.waitForSleepers(count: 3)
        #expect(clock.nextDeadline == .seconds(3))
        #expect(clock.advanceToNextDeadline() == .seconds(3))
        #expect(clock.now == .seconds(3))
        #expect(clock.pendingSleeperCount == 1)
        #expect(clock.advanceToNextDeadline() == .seconds(7))
        #expect(clock.advanceToNextDeadline() == nil)
        #expect(clock.now == .seconds(7))
        for sleeper in sleepers { try await sleeper.value }
    }

    @Test("runUntilIdle stops after maxSteps deadlines and reports what is left")
    func stepLimit() async throws {
        let clock = MockClock()
        let sleepers = [1, 2, 2, 3, 4, 5].map { second in Task { try await clock.sleep(until: .seconds(second)) } }
        await clock.waitForSleepers(count: 6)

        let limited = clock.runUntilIdle(maxSteps: 3)
        #expect(limited == IdleRun(
            steps: 3, now: .seconds(3), pendingSleepers: 2, stop: .stepLimit, wokenOffExecutor: 4,
            notBack: [1, 2, 2, 3].map { WokenTask(deadline: .seconds($0)) }))
        #expect(limited.reachedStepLimit)

        // The woken tasks did not sleep again and the clock did not start them: nothing is pending, but
        // no run can vouch for them (they may have ended, or be on their way to another sleep), and each
        // names them, whichever advance woke them.
        let everyWoken = [1, 2, 2, 3, 4, 5].map { WokenTask(deadline: .seconds($0)) }
        let rest = clock.runUntilIdle()
        #expect(rest == IdleRun(
            steps: 2, now: .seconds(5), pendingSleepers: 0, stop: .unverified, wokenOffExecutor: 2, notBack: everyWoken))
        let again = clock.runUntilIdle()
        #expect(again == IdleRun(steps: 0, now: .seconds(5), pendingSleepers: 0, stop: .unverified, notBack: everyWoken))
        for sleeper in sleepers { try await sleeper.value }
    }

    @Test("taking exactly maxSteps steps to drain everything is not hitting the limit")
    func exactlyMaxSteps() async throws {
        let clock = MockClock()
        let sleepers = [1, 2].map { second in Task { try await clock.sleep(until: .seconds(second)) } }
        await clock.waitForSleepers(count: 2)
        let run = clock.runUntilIdle(maxSteps: 2)
        #expect(run == IdleRun(
            steps: 2, now: .seconds(2), pendingSleepers: 0, stop: .unverified, wokenOffExecutor: 2,
            notBack: [1, 2].map { WokenTask(deadline: .seconds($0)) }))
        for sleeper in sleepers { try await sleeper.value }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("an endless chain of sleepers, each registering the next, is bounded by maxSteps")
    func endlessChain() async throws {
        let clock = MockClock()
        let ticks = Recorder<MockClock.Instant>()
        // On the clock's executor: each woken link registers the next before the run looks again.
        let timer = Task(executorPreference: clock.executor) {
            while true {
                try await clock.sleep(for: .seconds(1))
                ticks.append(clock.now)
            }
        }
        let run = clock.runUntilIdle(maxSteps: 50)
        #expect(run == IdleRun(steps: 50, now: .seconds(50), pendingSleepers: 1, stop: .stepLimit))
        #expect(ticks.values == (1...50).map { .seconds($0) })
        timer.cancel()
        await #expect(throws: CancellationError.self) { try await timer.value }
        #expect(clock.pendingSleeperCount == 0)
    }

    @Test("a finite chain the clock started runs to the end within the limit: idle, because the clock saw it end")
    func finiteChain() async throws {
        let clock = MockClock()
        let chain = clock.startTask {
            for _ in 0..<10 { try? await clock.sleep(for: .seconds(2)) }
        }
        let run = clock.runUntilIdle()
        #expect(run == IdleRun(steps: 10, now: .seconds(20), pendingSleepers: 0, stop: .idle))
        await chain.value
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("the same chain in a task on the clock's executor it did not start: idle, the run saw it go as far as it can")
    func finiteChainNotStarted() async throws {
        let clock = MockClock()
        let chain = Task(executorPreference: clock.executor) {
            for _ in 0..<10 { try await clock.sleep(for: .seconds(2)) }
        }
        let run = clock.runUntilIdle()
        #expect(run == IdleRun(steps: 10, now: .seconds(20), pendingSleepers: 0, stop: .idle))
        try await chain.value
    }

    @Test("a chain on the shared pool steps deterministically with waitForSleepers as the handshake")
    func chainWithHandshake() async throws {
        let clock = MockClock()
        let chain = Task {
            for _ in 0..<5 { try await clock.sleep(for: .seconds(1)) }
        }
        for second in 1...5 {
            await clock.waitForSleepers(count: 1)
            let run = clock.runUntilIdle(maxSteps: 1)
            #expect(run.steps == 1)
            #expect(run.now == .seconds(second))
        }
        try await chain.value
        #expect(clock.pendingSleeperCount == 0)
    }
}
