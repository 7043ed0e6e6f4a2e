@testable import MockTime
import Testing

/// A cancelled sleeper throws `CancellationError` at once and leaves the pending set, whenever the
/// cancellation arrives.
@Suite("Cancellation", .timeLimit(.minutes(10)))
struct CancellationTests {
    @Test("a cancelled sleeper throws CancellationError and is removed at once")
    func cancelPendingSleeper() async throws {
        let clock = MockClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
        await clock.waitForSleepers(count: 1)
        #expect(clock.pendingSleeperCount == 1)
        sleeper.cancel()
        #expect(clock.pendingSleeperCount == 0)
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.advance(by: .seconds(5)) == 0)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("cancelling sleepers from the middle of the heap keeps the others in wake order")
    func cancelFromTheMiddle() async throws {
        let clock = MockClock()
        let executor = InlineTaskExecutor()
        var generator = SeededGenerator(seed: 7)
        let deadlines = (0..<60).map { MockClock.Instant(offset: .seconds(1 + $0 % 17)) }.shuffled(using: &generator)
        let woken = Recorder<Int>()
        let tasks = deadlines.enumerated().map { index, deadline in
            Task(executorPreference: executor) {
                try await clock.sleep(until: deadline)
                woken.append(index)
            }
        }
        let cancelled = Set(deadlines.indices.shuffled(using: &generator).prefix(25))
        for index in cancelled { tasks[index].cancel() }
        #expect(clock.pendingSleeperCount == 35)

        let expected = deadlines.indices.filter { !cancelled.contains($0) }
            .sorted { (deadlines[$0], $0) < (deadlines[$1], $1) }
        #expect(clock.pendingSleepers.map(\.sequence) == expected.map { $0 + 1 })
        #expect(clock.advance(by: .seconds(20)) == 35)
        #expect(woken.values == expected)
        for (index, task) in tasks.enumerated() {
            let result = await task.result
            if cancelled.contains(index) {
                #expect(throws: CancellationError.self) { try result.get() }
            } else {
                #expect(throws: Never.self) { try result.get() }
            }
        }
    }

    @Test("a task cancelled before it sleeps throws at once and registers nothing")
    func cancelledBeforeSleeping() async {
        let clock = MockClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.pendingSleeperCount == 0)
    }

    @Test("a cancellation that arrives before registration is not lost: registration throws")
    func cancelBeforeRegistration() async {
        var state = ClockState()
        let sleeper = Sleeper(deadline: .seconds(1), tolerance: nil, taskName: nil)
        #expect(state.cancel(sleeper) == nil)
        await #expect(throws: CancellationError.self) {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                switch state.register(sleeper, continuation: continuation, taskIsCancelled: false) {
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .due, .pending: continuation.resume()
                }
            }
        }
        #expect(state.sleepers.isEmpty)
    }

    @Test("cancellation racing registration, 1,000 times: every sleeper throws, none hangs", .timeLimit(.minutes(10)))
    func cancellationRacesRegistration() async {
        let clock = MockClock()
        var outcomes: [Bool] = []
        for _ in 0..<1_000 {
            let cancelledPromptly = await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    do {
                        try await clock.sleep(for: .seconds(1))
                        return false
                    } catch {
                        return error is CancellationError
                    }
                }
                group.cancelAll()
                return await group.next() ?? false
            }
            outcomes.append(cancelledPromptly)
        }
        #expect(outcomes.allSatisfy { $0 })
        #expect(clock.pendingSleeperCount == 0)
        #expect(clock.now == .seconds(0))
    }

    @Test("a thousand sleepers cancelled while they are still being started all throw", .timeLimit(.minutes(10)))
    func cancellationRacesManyRegistrations() async {
        let clock = MockClock()
        let cancelled = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<1_000 {
                group.addTask {
                    do {
                        try await clock.sleep(for: .seconds(1 + index % 7))
                        return false
                    } catch {
                        return error is CancellationError
                    }
                }
                if index == 500 { group.cancelAll() }
            }
            group.cancelAll()
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(cancelled == 1_000)
        #expect(clock.pendingSleeperCount == 0)
    }

    @Test("cancellation racing an advance: each sleeper either wakes or throws, exactly once", .timeLimit(.minutes(10)))
    func cancellationRacesAdvance() async {
        var woke = 0
        var cancelled = 0
        for _ in 0..<500 {
            let clock = MockClock()
            let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
            await clock.waitForSleepers(count: 1)
            let canceller = Task { sleeper.cancel() }
            let resumed = clock.advance(by: .seconds(1))
            await canceller.value
            switch await sleeper.result {
            case .success:
                woke += 1
                #expect(resumed == 1)
            case .failure(let error):
                cancelled += 1
                #expect(error is CancellationError)
                #expect(resumed == 0)
            }
            #expect(clock.pendingSleeperCount == 0)
        }
        #expect(woke + cancelled == 500)
    }
}
