import MockTimeTesting
import MockTime
import RepositoryContractsPrimitives
import Testing

/// A bug in the code under test fails with a message about the clock instead of hanging.
@Suite("Hangs are reported", .timeLimit(.minutes(10)))
struct HangReportTests {
    /// Collects what the clock reports.
    final class Reports: Sendable {
        private let messages = Protected<[(String, Bool)]>([])
        var reporter: MockClock.ProblemReporter { MockClock.ProblemReporter { message, warning in self.messages.withLock { $0.append((message, warning)) } } }
        var all: [(message: String, isWarning: Bool)] { messages.withLock { $0 } }
    }

    @Test("waitForSleepers gives up once nothing moves for its bound: how many registered, what is sleeping, another clock, what moved; the waiter is cancelled")
    func waitForSleepersGivesUp() async throws {
        let clock = MockClock()
        let reports = Reports()
        // One sleeper registers on the mock clock; the code under test's second sleeps on another clock.
        let onClock = Task { try await clock.sleep(until: .seconds(30)) }
        let waiter = Task {
            await MockClock.$problemReporter.withValue(reports.reporter) {
                await clock.waitForSleepers(count: 2, timeout: .milliseconds(100))
            }
            return Task.isCancelled
        }
        #expect(await waiter.value, "the waiting task is cancelled, so the test's next wait ends it")
        let report = try #require(reports.all.first)
        #expect(!report.isWarning)
        #expect(report.message.hasPrefix("waitForSleepers(count: 2) gave up: 1 of 2 sleepers registered; "
            + "sleeping on this clock (now +0 s):\n  - sleeper #1 until +30 s"))
        // Alone, nothing moves after the sleeper registers; beside other tests, work elsewhere holds the
        // wait off until the ceiling. Either way the message says which.
        #expect(report.message.contains(" What moved: nothing, for 0.1 s of real time (the limit; ")
            || report.message.contains(" What moved: work kept moving for 2.4 s of real time, 24 × the limit of 0.1 s ("))
        #expect(report.message.contains("may sleep on another clock (ContinuousClock, Task.sleep, a timer)"))
        onClock.cancel()
        _ = try? await onClock.value
    }

    @Test("a wait that is satisfied in time reports nothing")
    func satisfiedWait() async throws {
        let clock = MockClock()
        let reports = Reports()
        let sleeper = Task { try await clock.sleep(until: .seconds(1)) }
        await MockClock.$problemReporter.withValue(reports.reporter) {
            await clock.waitForSleepers(count: 1, timeout: .seconds(600))
        }
        #expect(reports.all.isEmpty)
        #expect(!Task.isCancelled)
        clock.advance(by: .seconds(1))
        try await sleeper.value
    }

    @Test("a bounded body that hangs on another clock is reported at the bound, cancelled, and awaited")
    func boundedRunTimesOut() async throws {
        let reported = Protected(false)
        let outcome = await BoundedRun(limit: .milliseconds(100)).run({
            try await ContinuousClock().sleep(for: .seconds(3_600))
        }, onTimeout: { _ in reported.withLock { $0 = true } })
        guard case .timedOut = outcome else {
            Issue.record("expected a time-out, got \(outcome)")
            return
        }
        #expect(reported.withLock { $0 })
    }

    @Test("a bounded body that ends in time: finished or threw, and no report")
    func boundedRunFinishes() async throws {
        struct Oops: Error {}
        let reported = Protected(false)
        let finished = await BoundedRun(limit: .seconds(600)).run({}, onTimeout: { _ in reported.withLock { $0 = true } })
        let threw = await BoundedRun(limit: .seconds(600)).run({ throw Oops() }, onTimeout: { _ in reported.withLock { $0 = true } })
        guard case .finished = finished, case .threw(let error) = threw else {
            Issue.record("expected finished and threw, got \(finished) and \(threw)")
            return
        }
        #expect(error is Oops)
        #expect(!reported.withLock { $0 })
    }

    @MainActor
    @Test("withMockClock from the main actor says nothing when the clock followed every task it woke")
    func mainActorScopeIsQuietWhenFollowed() async throws {
        let reports = Reports()
        try await MockClock.$problemReporter.withValue(reports.reporter) {
            try await withMockClock { clock in
                let task = Task { try? await clock.sleep(for: .seconds(1)) }
                await clock.waitForSleepers(count: 1)
                #expect(await clock.advance(by: .seconds(1), settlingWithin: .seconds(60)).isSettled)
                await task.value
                #expect(clock.runUntilIdle().stop == .idle)
            }
        }
        #expect(reports.all.isEmpty, "\(reports.all)")
    }

    @MainActor
    @Test("…and at its end names a task a run reported as not back that still is not, with the fix")
    func mainActorScopeNamesTasksStillAway() async throws {
        let reports = Reports()
        let gate = Gate()
        var waiting: Task<Void, Never>?
        try await MockClock.$problemReporter.withValue(reports.reporter) {
            try await withMockClock { clock in
                waiting = Task {
                    try? await clock.sleep(for: .seconds(1))
                    await gate.wait()
                }
                await clock.waitForSleepers(count: 1)
                let run = clock.runUntilIdle()
                #expect(run.stop == .unverified)
                #expect(run.description.contains("it is a plain Task { … } of this test, running or awaiting something other than this clock"), "\(run)")
            }
        }
        gate.open()
        await waiting?.value
        let report = try #require(reports.all.first)
        #expect(report.isWarning)
        #expect(report.message.hasPrefix("a run or advance of this test reported woken tasks the clock could not follow"))
        #expect(report.message.contains("the task woken at +1 s (asleep since +0 s): it is a plain Task { … } of this test"))
    }

    @Test("withMockClock from nonisolated code runs on the executor and says nothing")
    func nonisolatedScopeIsQuiet() async throws {
        let reports = Reports()
        try await MockClock.$problemReporter.withValue(reports.reporter) {
            try await withMockClock { _ in }
        }
        #expect(reports.all.isEmpty)
    }
}

@Suite("Hangs are reported: started tasks", .timeLimit(.minutes(10)))
struct StartedTaskCancellationTests {
    @Test("a wait that gives up cancels the tasks the clock started, so awaiting one does not hang")
    func giveUpCancelsStartedTasks() async throws {
        let clock = MockClock()
        let messages = Protected<[String]>([])
        // The code under test sleeps on another clock: it never registers on the mock clock.
        let work = clock.startTask { try await ContinuousClock().sleep(for: .seconds(3_600)) }
        await MockClock.$problemReporter.withValue(MockClock.ProblemReporter { message, _ in messages.withLock { $0.append(message) } }) {
            await Task { await clock.waitForSleepers(count: 1, timeout: .milliseconds(100)) }.value
        }
        await #expect(throws: CancellationError.self) { try await work.value }
        #expect(messages.withLock { $0 }.first?.contains("0 of 1 sleeper registered; nothing is sleeping on this clock") == true)
    }
}
