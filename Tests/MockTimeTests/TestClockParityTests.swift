import FoundationEssentials
import MockTime
import Testing

/// What a swift-clocks `TestClock` user writes has an equivalent: `init(now:)`, `Instant()`, `advance()`,
/// an awaitable advance, `run(timeout:)`, scheduled-work checks and cancellation.
@Suite("TestClock parity", .timeLimit(.minutes(10)))
struct TestClockParityTests {
    @Test("init(now:), Instant() and advance() with its zero default")
    func initialisersAndDefaults() async throws {
        let clock = MockClock(now: .seconds(5))
        #expect(clock.now == .seconds(5))
        #expect(MockClock.Instant() == MockClock.Instant(offset: .zero))
        #expect(MockClock().now == MockClock.Instant())
        #expect(clock.advance() == 0)
        #expect(clock.now == .seconds(5))
        #expect(clock.date == MockClock.defaultStartDate.addingTimeInterval(5))
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(count: 1)
        #expect(clock.nextDeadline == .seconds(6))
        #expect(clock.advance(to: .seconds(6)) == 1)
        try await sleeper.value
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("testNow: now moves in steps of the advance; woken work sees each step")
    func now() async throws {
        try await withMockClock(now: .seconds(10)) { clock in
            #expect(clock.now == .seconds(10))
            clock.advance(by: .seconds(1))
            #expect(clock.now == .seconds(11))
            let seen = Recorder<MockClock.Instant>()
            async let timer: Void = {
                for _ in 0..<2 {
                    try await clock.sleep(for: .seconds(2))
                    seen.append(clock.now)
                }
            }()
            await clock.advance(by: .seconds(4), settlingWithin: .seconds(30))
            #expect(seen.values == [.seconds(13), .seconds(15)])
            try await timer
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("testAdvance: await advance(by:settlingWithin:) returns with the woken work done, and says so")
    func awaitedAdvance() async throws {
        try await withMockClock { clock in
            let finished = Counter()
            let work = clock.startTask {
                guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
                finished.increment()
            }
            let report = await clock.advance(by: .seconds(1), settlingWithin: .seconds(30))
            #expect(report == SettledAdvance(resumed: 1, now: .seconds(1), wokenOffExecutor: 0, isSettled: true))
            #expect(finished.value == 1)
            await work.value
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("check scheduled work: what is pending, for how long, before advancing")
    func checkScheduledWork() async throws {
        try await withMockClock { clock in
            async let work: Void = clock.sleep(for: .seconds(90), tolerance: .seconds(1))
            clock.advance()
            #expect(clock.pendingSleepers.map(\.deadline) == [.seconds(90)])
            #expect(clock.pendingSleepers.first?.tolerance == .seconds(1))
            #expect(throws: PendingSleepersError.self) { try clock.checkNoPendingSleepers() }
            clock.advance(by: .seconds(89))
            #expect(clock.pendingSleeperCount == 1)
            clock.advance(by: .seconds(1))
            try await work
            #expect(throws: Never.self) { try clock.checkNoPendingSleepers() }
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("cooperative cancellation: a loop that checks for cancellation between sleeps stops after the tick it is in")
    func cooperativeCancellation() async throws {
        try await withMockClock { clock in
            let ticks = Counter()
            let loop = Task(executorPreference: clock.executor) {
                while !Task.isCancelled {
                    try? await clock.sleep(for: .seconds(1))
                    ticks.increment()
                }
            }
            clock.advance(by: .seconds(3))
            #expect(ticks.value == 3)
            loop.cancel()
            await loop.value
            #expect(ticks.value == 4)  // the cancelled sleep threw at once; the loop then saw the cancellation
            #expect(clock.pendingSleeperCount == 0)
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("cancellation removes the scheduled item: nothing left for an advance to resume")
    func cancellationRemovesTheItem() async throws {
        try await withMockClock { clock in
            let task = Task(executorPreference: clock.executor) { try await clock.sleep(for: .seconds(1)) }
            clock.advance()
            #expect(clock.pendingSleeperCount == 1)
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            #expect(clock.pendingSleeperCount == 0)
            #expect(clock.advance(by: .seconds(1)) == 0)
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("run multiple units of work: a 10-tick timer finishes under one run()")
    func runMultipleUnits() async throws {
        try await withMockClock { clock in
            let ticks = Recorder<MockClock.Instant>()
            let timer = clock.startTask {
                var iterator = Ticks(clock: clock, interval: .seconds(1)).makeAsyncIterator()
                for _ in 0..<10 { if let tick = try? await iterator.next() { ticks.append(tick) } }
            }
            let run = await clock.run()
            #expect(run == IdleRun(steps: 10, now: .seconds(10), pendingSleepers: 0, stop: .idle))
            #expect(ticks.values == (1...10).map { .seconds($0) })
            await timer.value
        }
    }

    @Test("ImmediateClock: sleeps return at once, time is monotonic, and a cancelled sleep throws")
    func immediateClock() async throws {
        let clock = ImmediateClock()
        var ticks: [MockClock.Instant] = []
        for try await tick in Ticks(clock: clock, interval: .seconds(1)) {
            ticks.append(tick)
            if ticks.count == 3 { break }
        }
        #expect(ticks == [.seconds(1), .seconds(2), .seconds(3)])
        try await clock.sleep(until: .seconds(1))
        #expect(clock.now == .seconds(3))
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(clock.now == .seconds(3))
    }
}
