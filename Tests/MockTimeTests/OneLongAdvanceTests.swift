@testable import MockTime
import MockTimeTesting
import Testing

/// One long advance is many short ones for code on the clock's executor: every woken task runs, reading
/// `now` as its own deadline, before time moves on, and a loop that sleeps again inside the advance is
/// woken again by it. (Before the executor, the same tests on the default executor counted 2 ticks of 5.)
@Suite("One long advance equals many short ones", .timeLimit(.minutes(10)))
struct OneLongAdvanceTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("a sleep-loop model counts 5 after one advance(by: 4 s), each tick at its own deadline")
    func sleepLoopModel() async throws {
        try await withMockClock { clock in
            let count = Counter()
            let seen = Recorder<MockClock.Instant>()
            let loop = Task(executorPreference: clock.executor) {
                count.increment()
                while true {
                    try await clock.sleep(for: .seconds(1))
                    seen.append(clock.now)
                    count.increment()
                }
            }
            #expect(clock.advance(by: .seconds(4)) == 4)
            #expect(count.value == 5)
            #expect(seen.values == [.seconds(1), .seconds(2), .seconds(3), .seconds(4)])
            #expect(clock.now == .seconds(4))
            loop.cancel()
            await #expect(throws: CancellationError.self) { try await loop.value }
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("a timer-sequence model counts 5 after one advance(by: 4 s): no tick is coalesced")
    func timerModel() async throws {
        try await withMockClock { clock in
            let count = Counter()
            let ticks = Recorder<MockClock.Instant>()
            let timer = Task(executorPreference: clock.executor) {
                count.increment()
                for try await tick in Ticks(clock: clock, interval: .seconds(1)) {
                    ticks.append(tick)
                    count.increment()
                }
            }
            clock.advance(by: .seconds(4))
            #expect(count.value == 5)
            #expect(ticks.values == [.seconds(1), .seconds(2), .seconds(3), .seconds(4)])
            timer.cancel()
            await #expect(throws: CancellationError.self) { try await timer.value }
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("woken code reads now as its own deadline, and runs before the next sleeper resumes")
    func wokenCodeReadsItsDeadline() async throws {
        try await withMockClock { clock in
            let seen = Recorder<(Int, MockClock.Instant)>()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for second in [3, 1, 2] {
                    group.addTask {
                        try await clock.sleep(until: .seconds(second))
                        seen.append((second, clock.now))
                    }
                }
                #expect(clock.advance(by: .seconds(10)) == 3)
                #expect(seen.values.map(\.0) == [1, 2, 3])
                #expect(seen.values.map(\.1) == [.seconds(1), .seconds(2), .seconds(3)])
                #expect(clock.now == .seconds(10))
                try await group.waitForAll()
            }
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("a task that sleeps again right after waking is woken again by the same advance")
    func sleepAgainRightAfterWaking() async throws {
        try await withMockClock { clock in
            let seen = Recorder<MockClock.Instant>()
            async let chain: Void = {
                for _ in 0..<3 {
                    try await clock.sleep(for: .seconds(1))
                    seen.append(clock.now)
                }
            }()
            #expect(clock.advance(by: .milliseconds(3500)) == 3)
            #expect(seen.values == [.seconds(1), .seconds(2), .seconds(3)])
            #expect(clock.now == MockClock.Instant(offset: .milliseconds(3500)))
            try await chain
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("re-entrant units of work: each woken unit schedules two more, one advance runs the whole tree")
    func reentrantUnits() async throws {
        try await withMockClock { clock in
            let finished = Recorder<(Int, MockClock.Instant)>()
            @Sendable func unit(_ depth: Int) async throws {
                try await clock.sleep(for: .seconds(1))
                finished.append((depth, clock.now))
                guard depth < 3 else { return }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await unit(depth + 1) }
                    group.addTask { try await unit(depth + 1) }
                    try await group.waitForAll()
                }
            }
            async let tree: Void = unit(1)
            #expect(clock.advance(by: .seconds(3)) == 7)
            #expect(finished.values.map(\.0) == [1, 2, 2, 3, 3, 3, 3])
            #expect(finished.values.allSatisfy { $0.1 == .seconds($0.0) })
            try await tree
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("100 sleepers with one deadline wake in registration order, all reading that deadline")
    func equalDeadlines() async throws {
        try await withMockClock { clock in
            let woken = Recorder<(Int, MockClock.Instant)>()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<100 {
                    group.addTask {
                        try await clock.sleep(until: .seconds(5))
                        woken.append((index, clock.now))
                    }
                    clock.advance()  // runs the child to its sleep: registration order is index order
                }
                #expect(clock.pendingSleeperCount == 100)
                #expect(clock.advance(by: .seconds(5)) == 100)
                #expect(woken.values.map(\.0) == Array(0..<100))
                #expect(woken.values.allSatisfy { $0.1 == .seconds(5) })
                try await group.waitForAll()
            }
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("woken work is done when advance returns, with no handshake before it, 100 times out of 100")
    func wokenWorkDoneWhenAdvanceReturns() async throws {
        var notRun = 0
        for _ in 0..<100 {
            try await withMockClock { clock in
                let done = Counter()
                let task = Task(executorPreference: clock.executor) {
                    try await clock.sleep(for: .seconds(1))
                    done.increment()
                }
                clock.advance(by: .seconds(1))
                if done.value != 1 { notRun += 1 }
                try await task.value
            }
        }
        #expect(notRun == 0)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("a default actor called from a task on the clock's executor runs there, and its woken work settles")
    func defaultActorRunsOnTheExecutor() async throws {
        actor Cache {
            var refreshes: [MockClock.Instant] = []
            var ranOnClockExecutor: [Bool] = []

            func refreshEvery(_ interval: Duration, on clock: MockClock, times: Int) async throws {
                for _ in 0..<times {
                    try await clock.sleep(for: interval)
                    refreshes.append(clock.now)
                    ranOnClockExecutor.append(clock.executor.isCurrent)
                }
            }
        }
        try await withMockClock { clock in
            let cache = Cache()
            async let refreshing: Void = cache.refreshEvery(.seconds(30), on: clock, times: 3)
            clock.advance(by: .seconds(100))
            #expect(await cache.refreshes == [.seconds(30), .seconds(60), .seconds(90)])
            #expect(await cache.ranOnClockExecutor == [true, true, true])
            try await refreshing
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("cancelling a task sleeping on the executor: CancellationError at once, the sleeper gone")
    func cancellationWhileSleeping() async throws {
        try await withMockClock { clock in
            let task = Task(executorPreference: clock.executor) { try await clock.sleep(for: .seconds(5)) }
            clock.advance()
            #expect(clock.pendingSleeperCount == 1)
            task.cancel()
            #expect(clock.pendingSleeperCount == 0)
            await #expect(throws: CancellationError.self) { try await task.value }
            #expect(clock.advance(by: .seconds(5)) == 0)
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("the .mockClock trait runs the test body on the clock's executor", .mockClock)
    func traitRunsTheBodyOnTheExecutor() async throws {
        let clock = MockClock.current
        #expect(clock.executor.isCurrent)
        async let sleep: Void = clock.sleep(for: .seconds(1))
        #expect(clock.advance(by: .seconds(1)) == 1)
        try await sleep
    }
}
