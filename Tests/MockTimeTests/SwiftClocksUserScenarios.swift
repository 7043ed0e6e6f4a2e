import Foundation
import MockTime
import MockTimeTesting
import RepositoryContractsPrimitives
import Testing

/// Ten scenarios as a swift-clocks `TestClock` user writes them, with `MockClock` in its place: plain
/// `Task { … }` where TestClock's own documentation uses it, `async let`, task groups, an actor entered
/// twice, a `@MainActor` model, and the awaited forms (`await clock.advance(by:settlingWithin:)` for
/// `await clock.advance(by:)`, `await clock.run()`). Each is either green as written, or (where the
/// clock cannot see a task end) fails at once with a message naming the task and the one-line fix: see
/// `PlainTaskDiagnosisTests` for those messages.
@Suite("A swift-clocks user's ten scenarios, as written", .mockClock)
struct SwiftClocksUserScenarios {
    // MARK: 1. Retry with exponential backoff: two `async let` callers, then a run to idle.

    /// Fails `failures` times, sleeping 1 s, 2 s, 4 s… between attempts, then answers the attempt count.
    static func fetchWithRetry(failures: Int, clock: some Clock<Duration>) async throws -> Int {
        var attempt = 0
        while true {
            attempt += 1
            if attempt > failures { return attempt }
            try await clock.sleep(for: .seconds(1 << (attempt - 1)))
        }
    }

    @Test("1. retry with backoff: two async let callers, then runUntilIdle")
    func retryWithBackoff() async throws {
        let clock = MockClock.current
        async let first = Self.fetchWithRetry(failures: 2, clock: clock)
        async let second = Self.fetchWithRetry(failures: 1, clock: clock)
        await clock.waitForSleepers(count: 2)
        let run = clock.runUntilIdle()
        #expect(run.stop == .idle, "\(run)")
        #expect(try await first == 3)
        #expect(try await second == 2)
        #expect(clock.now == .seconds(3))
        // Both callers ended: a later run has nothing to answer for.
        #expect(clock.runUntilIdle().stop == .idle)
    }

    // MARK: 2. A `@MainActor` view model that sleeps.

    @MainActor final class ToastModel {
        var isShowing = false
        let clock: any Clock<Duration>
        init(clock: any Clock<Duration>) { self.clock = clock }

        func show() async {
            isShowing = true
            try? await clock.sleep(for: .seconds(3))
            isShowing = false
        }
    }

    @MainActor @Test("2. a @MainActor view model that sleeps, driven by the awaited advance and run()")
    func mainActorViewModel() async {
        let clock = MockClock.current
        let model = ToastModel(clock: clock)
        let task = Task { await model.show() }
        await clock.waitForSleepers(count: 1)
        #expect(model.isShowing)
        let advance = await clock.advance(by: .seconds(3), settlingWithin: .seconds(30))
        #expect(!model.isShowing)
        #expect(advance.isSettled, "\(advance)")
        await task.value
        let run = await clock.run()
        #expect(run.stop == .idle, "\(run)")
    }

    // MARK: 3. Sleep sort: a task group whose children sleep.

    static func sleepSort(_ values: [Int], clock: some Clock<Duration>) async -> [Int] {
        await withTaskGroup(of: Int.self) { group in
            for value in values {
                group.addTask {
                    try? await clock.sleep(for: .seconds(value))
                    return value
                }
            }
            var sorted: [Int] = []
            for await value in group { sorted.append(value) }
            return sorted
        }
    }

    @Test("3. run sorting: a task group's children sleep, then runUntilIdle")
    func sleepSortGroup() async {
        let clock = MockClock.current
        async let sorted = Self.sleepSort([3, 1, 2], clock: clock)
        await clock.waitForSleepers(count: 3)
        let run = clock.runUntilIdle()
        #expect(run.stop == .idle, "\(run)")
        #expect(await sorted == [1, 2, 3])
    }

    // MARK: 4. Debounce with a plain `Task` per input.

    final class Debouncer: Sendable {
        private let pending = Protected<Task<Void, Never>?>(nil)
        let emitted = Recorder<String>()
        let clock: any Clock<Duration>
        init(clock: any Clock<Duration>) { self.clock = clock }

        func send(_ text: String) {
            let clock = clock
            let emitted = emitted
            pending.withLock { task in
                task?.cancel()
                task = Task {
                    guard (try? await clock.sleep(for: .milliseconds(300))) != nil else { return }
                    emitted.append(text)
                }
            }
        }
    }

    @Test("4. debounce: a plain Task per input, the awaited advance")
    func debounce() async {
        let clock = MockClock.current
        let debouncer = Debouncer(clock: clock)
        debouncer.send("s")
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .milliseconds(100), settlingWithin: .seconds(30))
        debouncer.send("sw")
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .milliseconds(300), settlingWithin: .seconds(30))
        #expect(debouncer.emitted.values == ["sw"])
    }

    // MARK: 5. A timer loop in a plain `Task`.

    final class Ticker: Sendable {
        let count = Counter()
        func start(clock: some Clock<Duration>) -> Task<Void, Never> {
            let count = count
            return Task {
                while (try? await clock.sleep(for: .seconds(1))) != nil { count.increment() }
            }
        }
    }

    @Test("5. timer: a plain Task that ticks every second, the awaited advance")
    func timer() async {
        let clock = MockClock.current
        let ticker = Ticker()
        let task = ticker.start(clock: clock)
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(3), settlingWithin: .seconds(30))
        #expect(ticker.count.value == 3)
        task.cancel()
        await task.value
    }

    // MARK: 6. A timeout raced against the work in a throwing task group.

    struct TimedOut: Error {}

    static func withTimeout<T: Sendable>(
        _ limit: Duration, clock: some Clock<Duration>, _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await clock.sleep(for: limit)
                throw TimedOut()
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    @Test("6. timeout race: the timeout wins in a throwing task group")
    func timeoutRace() async {
        let clock = MockClock.current
        let outcome = Task {
            try await Self.withTimeout(.seconds(2), clock: clock) {
                try await clock.sleep(for: .seconds(10))
                return "done"
            }
        }
        await clock.waitForSleepers(count: 2)
        await clock.advance(by: .seconds(2), settlingWithin: .seconds(30))
        await #expect(throws: TimedOut.self) { try await outcome.value }
        #expect(clock.pendingSleepers.isEmpty)
    }

    // MARK: 7. An actor entered again while it sleeps.

    actor TokenStore {
        private(set) var refreshes = 0
        private var token = "t0"
        let clock: any Clock<Duration>
        init(clock: any Clock<Duration>) { self.clock = clock }

        /// Refreshes after a second's delay; a call that arrives meanwhile waits the same second.
        func refreshed() async -> String {
            try? await clock.sleep(for: .seconds(1))
            refreshes += 1
            token = "t\(refreshes)"
            return token
        }
    }

    @Test("7. re-entered actor: two plain Tasks call an actor that sleeps inside")
    func reenteredActor() async {
        let clock = MockClock.current
        let store = TokenStore(clock: clock)
        let first = Task { await store.refreshed() }
        let second = Task { await store.refreshed() }
        await clock.waitForSleepers(count: 2)
        await clock.advance(by: .seconds(1), settlingWithin: .seconds(30))
        let tokens = Set([await first.value, await second.value])
        #expect(tokens == ["t1", "t2"])
        #expect(await store.refreshes == 2)
    }

    // MARK: 8. A poller doing I/O between sleeps.

    /// I/O: answers on another thread, as a network call does.
    static func fetchStatus() async -> Int {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: 200) }
        }
    }

    @Test("8. poller: a plain Task that does I/O between sleeps, the awaited advance")
    func pollerWithIO() async {
        let clock = MockClock.current
        let polls = Counter()
        let poller = Task {
            while true {
                _ = await Self.fetchStatus()
                polls.increment()
                guard (try? await clock.sleep(for: .seconds(10))) != nil else { return }
            }
        }
        await clock.waitForSleepers(count: 1)
        for _ in 0..<3 {
            await clock.advance(by: .seconds(10), settlingWithin: .seconds(30))
            await clock.waitForSleepers(count: 1)
        }
        #expect(polls.value == 4)
        poller.cancel()
        await poller.value
    }

    // MARK: 9. A cache with a time to live, no tasks at all.

    struct TTLCache: Sendable {
        let clock: MockClock
        let ttl: Duration
        let stored = Protected<[String: (value: Int, at: MockClock.Instant)]>([:])

        func set(_ key: String, _ value: Int) { stored.withLock { $0[key] = (value, clock.now) } }
        func get(_ key: String) -> Int? {
            stored.withLock { entries in
                guard let entry = entries[key], entry.at.duration(to: clock.now) < ttl else { return nil }
                return entry.value
            }
        }
    }

    @Test("9. cache TTL: reads against now, the synchronous advance")
    func cacheTTL() {
        let clock = MockClock.current
        let cache = TTLCache(clock: clock, ttl: .seconds(60))
        cache.set("a", 1)
        clock.advance(by: .seconds(59))
        #expect(cache.get("a") == 1)
        clock.advance(by: .seconds(1))
        #expect(cache.get("a") == nil)
    }

    // MARK: 10. A heartbeat started with the clock's executor as its preference.

    @Test("10. heartbeat: Task(executorPreference: clock.executor), then run()")
    func heartbeatOnExecutor() async {
        let clock = MockClock.current
        let beats = Counter()
        let heartbeat = Task(executorPreference: clock.executor) {
            for _ in 0..<3 {
                guard (try? await clock.sleep(for: .seconds(5))) != nil else { return }
                beats.increment()
            }
        }
        await clock.waitForSleepers(count: 1)
        let run = await clock.run()
        #expect(run.stop == .idle, "\(run)")
        #expect(beats.value == 3)
        await heartbeat.value
    }
}
