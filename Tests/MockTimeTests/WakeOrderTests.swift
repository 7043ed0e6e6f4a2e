import MockTime
import Testing

/// Advancing wakes sleepers in (deadline, registration) order, with `now` at each one's deadline, and
/// never moves time backwards. Tests that look at the order run the sleeping tasks on an inline
/// executor, so a task's code runs inside the `resume()` that wakes it.
@Suite("Wake order and now", .timeLimit(.minutes(10)))
struct WakeOrderTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("each woken sleeper observes now == its deadline, in (deadline, registration) order")
    func nowAtEachWake() async throws {
        let clock = MockClock()
        let executor = InlineTaskExecutor()
        let wakes = Recorder<(name: String, now: MockClock.Instant)>()
        var tasks: [Task<Void, any Error>] = []
        for (name, second) in [("c", 2), ("a", 1), ("d", 3), ("b", 1)] {
            tasks.append(Task(executorPreference: executor) {
                try await clock.sleep(until: .seconds(second))
                wakes.append((name, clock.now))
            })
        }
        #expect(clock.pendingSleeperCount == 4)
        #expect(clock.advance(by: .seconds(5)) == 4)
        #expect(wakes.values.map(\.name) == ["a", "b", "c", "d"])
        #expect(wakes.values.map(\.now) == [.seconds(1), .seconds(1), .seconds(2), .seconds(3)])
        #expect(clock.now == .seconds(5))
        for task in tasks { try await task.value }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("100 sleepers with shuffled deadlines and ties wake sorted by (deadline, registration)")
    func shuffledDeadlinesWithTies() async throws {
        let clock = MockClock()
        let executor = InlineTaskExecutor()
        var generator = SeededGenerator(seed: 42)
        let deadlines = (0..<100).map { MockClock.Instant(offset: .seconds(1 + $0 % 10)) }.shuffled(using: &generator)
        let woken = Recorder<Int>()
        var tasks: [Task<Void, any Error>] = []
        for (index, deadline) in deadlines.enumerated() {
            tasks.append(Task(executorPreference: executor) {
                try await clock.sleep(until: deadline)
                woken.append(index)
            })
        }
        let expected = deadlines.indices.sorted { (deadlines[$0], $0) < (deadlines[$1], $1) }
        #expect(clock.pendingSleepers.map(\.sequence) == expected.map { $0 + 1 })
        #expect(clock.pendingSleepers.map(\.deadline) == expected.map { deadlines[$0] })

        #expect(clock.advance(by: .seconds(20)) == 100)
        #expect(woken.values == expected)
        for task in tasks { try await task.value }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("a sleeper registered during an advance with a deadline within the target wakes in the same advance")
    func sleeperRegisteredDuringAdvance() async throws {
        let clock = MockClock()
        let wakes = Recorder<MockClock.Instant>()
        let task = Task(executorPreference: InlineTaskExecutor()) {
            for _ in 0..<3 {
                try await clock.sleep(for: .seconds(1))
                wakes.append(clock.now)
            }
        }
        #expect(clock.advance(by: .milliseconds(3500)) == 3)
        #expect(wakes.values == [.seconds(1), .seconds(2), .seconds(3)])
        #expect(clock.now == MockClock.Instant(offset: .milliseconds(3500)))
        try await task.value
    }

    @Test("advance returns how many sleepers it resumed; an idle advance resumes none")
    func advanceCounts() async throws {
        let clock = MockClock()
        let sleepers = (1...3).map { second in Task { try await clock.sleep(until: .seconds(second)) } }
        await clock.waitForSleepers(count: 3)
        #expect(clock.advance(by: .seconds(1)) == 1)
        #expect(clock.advance(by: .zero) == 0)
        #expect(clock.pendingSleeperCount == 2)
        #expect(clock.advance(to: .seconds(3)) == 2)
        #expect(clock.advance(by: .seconds(1)) == 0)
        #expect(clock.now == .seconds(4))
        for sleeper in sleepers { try await sleeper.value }
    }

    @Test("time never moves backwards: advance(to:) an earlier instant and advance(by:) a negative duration do nothing")
    func neverBackwards() async throws {
        let clock = MockClock()
        let sleeper = Task { try await clock.sleep(until: .seconds(10)) }
        await clock.waitForSleepers(count: 1)
        clock.advance(to: .seconds(5))
        #expect(clock.advance(to: .seconds(2)) == 0)
        #expect(clock.now == .seconds(5))
        #expect(clock.advance(by: .seconds(-3)) == 0)
        #expect(clock.now == .seconds(5))
        #expect(clock.pendingSleeperCount == 1)
        #expect(clock.advance(to: .seconds(10)) == 1)
        try await sleeper.value
    }

    @Test("advancing exactly to a deadline wakes it; just short of it does not")
    func deadlineBoundary() async throws {
        let clock = MockClock()
        let sleeper = Task { try await clock.sleep(until: .seconds(2)) }
        await clock.waitForSleepers(count: 1)
        #expect(clock.advance(to: MockClock.Instant(offset: .seconds(2) - .nanoseconds(1))) == 0)
        #expect(clock.advance(by: .nanoseconds(1)) == 1)
        try await sleeper.value
    }

    @Test("a deadline at or before now returns at once without an advance")
    func pastDeadlineReturnsAtOnce() async throws {
        let clock = MockClock()
        try await clock.sleep(until: clock.now)
        try await clock.sleep(for: .zero)
        try await clock.sleep(for: .seconds(-1))
        clock.advance(by: .seconds(10))
        try await clock.sleep(until: .seconds(3))
        try await clock.sleep(until: .seconds(10))
        #expect(clock.pendingSleeperCount == 0)
        #expect(clock.now == .seconds(10))
    }

    @Test("a cancelled task sleeping until a past deadline throws CancellationError")
    func pastDeadlineChecksCancellation() async {
        let clock = MockClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(until: clock.now)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
