import MockTime
import Testing

/// `runUntilIdle` and `run(timeout:)` drive re-sleeping loops and timers, stop at a step limit or a
/// real-time bound, and say which; "idle" only when nothing woken can sleep again.
@Suite("Run to idle, honestly", .timeLimit(.minutes(10)))
struct RunToIdleTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("an endless timer on the executor is driven to the step limit, not called idle")
    func endlessTimerHitsTheStepLimit() async throws {
        try await withMockClock { clock in
            let ticks = Counter()
            let timer = Task(executorPreference: clock.executor) {
                for try await _ in Ticks(clock: clock, interval: .seconds(1)) { ticks.increment() }
            }
            let run = clock.runUntilIdle(maxSteps: 25)
            #expect(run == IdleRun(steps: 25, now: .seconds(25), pendingSleepers: 1, stop: .stepLimit))
            #expect(ticks.value == 25)
            timer.cancel()
            await #expect(throws: CancellationError.self) { try await timer.value }
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("an endless loop stops at the real-time bound when the step limit is out of reach")
    func endlessLoopHitsTheTimeLimit() async throws {
        try await withMockClock { clock in
            let loop = Task(executorPreference: clock.executor) {
                while true { try await clock.sleep(for: .milliseconds(10)) }
            }
            let run = clock.runUntilIdle(maxSteps: .max, timeLimit: .milliseconds(20))
            #expect(run.stop == .timeLimit)
            #expect(run.pendingSleepers == 1)
            #expect(run.steps > 0)
            loop.cancel()
            await #expect(throws: CancellationError.self) { try await loop.value }
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("a retry loop with backoff on the executor runs to its end: idle, exactly")
    func finiteRetryLoopIsIdle() async throws {
        try await withMockClock { clock in
            let attempts = Recorder<MockClock.Instant>()
            let retrying = clock.startTask {
                for delay in [1, 2, 4, 8] {
                    attempts.append(clock.now)
                    guard (try? await clock.sleep(for: .seconds(delay))) != nil else { return }
                }
                attempts.append(clock.now)
            }
            let run = clock.runUntilIdle()
            #expect(run == IdleRun(steps: 4, now: .seconds(15), pendingSleepers: 0, stop: .idle))
            #expect(attempts.values == [.seconds(0), .seconds(1), .seconds(3), .seconds(7), .seconds(15)])
            await retrying.value
        }
    }

    @Test("a loop sleeping off the executor is never reported idle: the run cannot see it sleep again")
    func offExecutorLoopIsNotIdle() async throws {
        let clock = MockClock()
        let loop = Task { while true { try await clock.sleep(for: .seconds(1)) } }
        await clock.waitForSleepers(count: 1)
        let run = clock.runUntilIdle(maxSteps: 10)
        #expect(run.stop != .idle)
        #expect(run.wokenOffExecutor == run.steps)
        loop.cancel()
        await #expect(throws: CancellationError.self) { try await loop.value }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("await run(timeout:) drives an endless loop to maxSteps, and a finite one to idle")
    func awaitedRun() async throws {
        try await withMockClock { clock in
            let endless = Task(executorPreference: clock.executor) {
                while true { try await clock.sleep(for: .seconds(1)) }
            }
            let limited = await clock.run(timeout: .seconds(30), maxSteps: 20)
            #expect(limited == IdleRun(steps: 20, now: .seconds(20), pendingSleepers: 1, stop: .stepLimit))
            endless.cancel()
            await #expect(throws: CancellationError.self) { try await endless.value }

            let finite = clock.startTask { for _ in 0..<3 { try? await clock.sleep(for: .seconds(2)) } }
            let idle = await clock.run()
            #expect(idle == IdleRun(steps: 3, now: .seconds(26), pendingSleepers: 0, stop: .idle))
            await finite.value
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("await run(timeout:) stops at its real-time bound with an endless loop (TestClock's runWithTimeout)")
    func awaitedRunTimesOut() async throws {
        try await withMockClock { clock in
            let endless = Task(executorPreference: clock.executor) {
                while true { try await clock.sleep(for: .seconds(1)) }
            }
            let run = await clock.run(timeout: .milliseconds(50), maxSteps: .max)
            #expect(run.stop == .timeLimit)
            #expect(run.pendingSleepers == 1)
            endless.cancel()
            await #expect(throws: CancellationError.self) { try await endless.value }
        }
    }
}
