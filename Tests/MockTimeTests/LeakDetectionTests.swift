import FoundationEssentials
import MockTime
import Testing

/// Sleepers left pending are found, named and cancelled: `withMockClock`, `checkNoPendingSleepers()`,
/// `cancelPendingSleepers()`.
@Suite("Leak detection", .timeLimit(.minutes(10)))
struct LeakDetectionTests {
    /// Not `Sendable`: `withMockClock` runs its body in the caller's isolation and may return it.
    final class Counter {
        var value = 0
    }

    @Test("withMockClock returns the body's result and makes the clock current inside")
    func withMockClockReturns() async throws {
        let counter = try await withMockClock { clock in
            #expect(MockClock.currentIfAny === clock)
            let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
            await clock.waitForSleepers(count: 1)
            clock.advance(by: .seconds(1))
            try await sleeper.value
            let counter = Counter()
            counter.value = 3
            return counter
        }
        #expect(counter.value == 3)
        #expect(MockClock.currentIfAny == nil)
    }

    @MainActor
    @Test("withMockClock runs its body in the caller's isolation: main-actor state needs no Sendable")
    func withMockClockOnTheMainActor() async throws {
        let counter = Counter()
        try await withMockClock { clock in
            MainActor.assertIsolated()
            let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
            await clock.waitForSleepers(count: 1)
            counter.value += clock.advance(by: .seconds(1))
            try await sleeper.value
        }
        #expect(counter.value == 1)
    }

    @Test("withMockClock passes its start date to the clock")
    func withMockClockStartDate() async throws {
        let start = MockClock.defaultStartDate.addingTimeInterval(86_400)
        let date = try await withMockClock(startDate: start) { clock in clock.date }
        #expect(date == start)
    }

    @Test("withMockClock throws naming a leaked sleeper, whose task gets CancellationError")
    func withMockClockLeak() async throws {
        let sleepers = Recorder<Task<Void, any Error>>()
        do {
            try await withMockClock { clock in
                sleepers.append(Task { try await clock.sleep(for: .seconds(5), tolerance: .seconds(1)) })
                await clock.waitForSleepers(count: 1)
                clock.advance(by: .seconds(2))
            }
            Issue.record("withMockClock did not throw")
        } catch let error as PendingSleepersError {
            #expect(error.sleepers == [PendingSleeper(deadline: .seconds(5), sequence: 1, tolerance: .seconds(1))])
            #expect(error.now == .seconds(2))
            #expect(error.description.contains("1 sleeper was still pending on the mock clock at +2 s:"))
            #expect(error.description.contains("sleeper #1 until +5 s (tolerance 1 s), 3 s from now"))
        }
        let sleeper = try #require(sleepers.values.first)
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test("when the body throws, its error wins and pending sleepers are still cancelled")
    func withMockClockBodyThrows() async throws {
        struct Failure: Error {}
        let sleepers = Recorder<Task<Void, any Error>>()
        await #expect(throws: Failure.self) {
            try await withMockClock { clock in
                sleepers.append(Task { try await clock.sleep(for: .seconds(5)) })
                await clock.waitForSleepers(count: 1)
                throw Failure()
            }
        }
        let sleeper = try #require(sleepers.values.first)
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test("checkNoPendingSleepers throws naming every sleeper in wake order, and leaves them pending")
    func checkNoPendingSleepers() async throws {
        let clock = MockClock()
        #expect(throws: Never.self) { try clock.checkNoPendingSleepers() }
        let late = Task { try await clock.sleep(for: .seconds(90)) }
        await clock.waitForSleepers(count: 1)
        let early = Task { try await clock.sleep(for: .milliseconds(500)) }
        await clock.waitForSleepers(count: 2)
        #expect {
            try clock.checkNoPendingSleepers()
        } throws: { error in
            guard let error = error as? PendingSleepersError else { return false }
            let lines = error.description.split(separator: "\n").map(String.init)
            return error.sleepers.map(\.sequence) == [2, 1]
                && lines.count == 4
                && lines[0] == "2 sleepers were still pending on the mock clock at +0 s:"
                && lines[1] == "  - sleeper #2 until +0.5 s, 0.5 s from now"
                && lines[2] == "  - sleeper #1 until +90 s, 90 s from now"
        }
        #expect(clock.pendingSleeperCount == 2)
        clock.advance(by: .seconds(90))
        try await early.value
        try await late.value
        #expect(throws: Never.self) { try clock.checkNoPendingSleepers() }
    }

    @Test("cancelPendingSleepers resumes every sleeper with CancellationError and returns them in wake order")
    func cancelPendingSleepers() async {
        let clock = MockClock()
        let sleepers = [3, 1, 2].map { second in Task { try await clock.sleep(until: .seconds(second)) } }
        await clock.waitForSleepers(count: 3)
        let cancelled = clock.cancelPendingSleepers()
        #expect(cancelled.map(\.deadline) == [.seconds(1), .seconds(2), .seconds(3)])
        #expect(clock.pendingSleeperCount == 0)
        for sleeper in sleepers {
            await #expect(throws: CancellationError.self) { try await sleeper.value }
        }
        #expect(clock.cancelPendingSleepers().isEmpty)
    }

    @Test("a pending sleeper is named by its task's name where task names exist")
    func taskName() async throws {
        #if compiler(>=6.2)
            if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
                let clock = MockClock()
                let poller = Task(name: "poller") { try await clock.sleep(for: .seconds(5)) }
                await clock.waitForSleepers(count: 1)
                #expect(clock.pendingSleepers.first?.taskName == "poller")
                #expect(clock.pendingSleepers.first?.description == #"sleeper #1 until +5 s in task "poller""#)
                #expect(throws: PendingSleepersError.self) { try clock.checkNoPendingSleepers() }
                poller.cancel()
                await #expect(throws: CancellationError.self) { try await poller.value }
            }
        #endif
    }
}
