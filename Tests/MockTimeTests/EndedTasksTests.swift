import MockTime
import MockTimeTesting
import Testing

/// A task the clock woke that has since ended, or slept again, never makes a later run `.unverified`:
/// `notBack` holds only the tasks away now. Each shape: a synchronous advance wakes the task, the test
/// awaits it to its end, then runs to idle.
@Suite("Mock time: ended tasks are not reported", .mockClock)
struct EndedTasksTests {
    @Test("a plain Task { … }: synchronous advance, await the task, runUntilIdle")
    func plainTask() async {
        let clock = MockClock.current
        let task = Task { try? await clock.sleep(for: .seconds(7)) }
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(7))
        await task.value
        let run = clock.runUntilIdle()
        #expect(run == IdleRun(steps: 0, now: .seconds(7), pendingSleepers: 0, stop: .idle, wokenOffExecutor: 0), "\(run)")
        #expect(await clock.run().stop == .idle)
        // A settling advance in between says the same.
        #expect(await clock.advance(by: .seconds(1), settlingWithin: .seconds(60)).isSettled)
    }

    @Test("an async let child: synchronous advance, await it, runUntilIdle")
    func asyncLetChild() async {
        let clock = MockClock.current
        async let child: Void = { try? await clock.sleep(for: .seconds(7)) }()
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(7))
        await child
        #expect(clock.runUntilIdle().stop == .idle)
    }

    @Test("a task-group child: synchronous advance, await the group, runUntilIdle")
    func groupChild() async {
        let clock = MockClock.current
        async let group: Void = withTaskGroup(of: Void.self) { group in
            group.addTask { try? await clock.sleep(for: .seconds(7)) }
        }
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(7))
        await group
        #expect(clock.runUntilIdle().stop == .idle)
    }

    @Test("a task that slept again is back: only the task away now is named")
    func sleptAgain() async {
        let clock = MockClock.current
        let gate = Gate()
        let twice = Task {
            try? await clock.sleep(for: .seconds(1))
            try? await clock.sleep(for: .seconds(1))
        }
        let waiting = Task {
            try? await clock.sleep(for: .seconds(1))
            await gate.wait()
        }
        await clock.waitForSleepers(count: 2)
        clock.advance(by: .seconds(1))
        await clock.waitForSleepers(count: 1)   // the first is asleep again
        let run = clock.runUntilIdle()
        #expect(run.stop == .unverified)
        // Of the two woken at +1 s, only the one waiting on the gate (the other slept again, and the run
        // woke it at +2 s, concurrently with this synchronous call).
        #expect(run.notBack.filter { $0.deadline == .seconds(1) }.count == 1, "\(run)")
        gate.open()
        await twice.value
        await waiting.value
        #expect(clock.runUntilIdle().stop == .idle)
    }

    @Test("a plain task that awaits something else after waking: the settling advance gives up after its limit and names it")
    func plainTaskAwaitingElsewhere() async {
        let clock = MockClock.current
        let gate = Gate()
        let task = Task {
            try? await clock.sleep(for: .seconds(1))
            await gate.wait()
        }
        await clock.waitForSleepers(count: 1)
        let advance = await clock.advance(by: .seconds(1), settlingWithin: .milliseconds(200))
        #expect(!advance.isSettled)
        #expect(advance.notBack == [WokenTask(deadline: .seconds(1))])
        #expect(advance.description.contains("it is a plain Task { … } of this test"), "\(advance)")
        gate.open()
        await task.value
        #expect(await clock.run().stop == .idle)
    }

    @Test("startTask's value throws only when its closure throws")
    func startTaskValue() async throws {
        let clock = MockClock.current
        let answer: Int = await clock.startTask { 42 }.value
        #expect(answer == 42)
        struct Oops: Error {}
        await #expect(throws: Oops.self) { try await clock.startTask { () async throws -> Int in throw Oops() }.value }
    }
}

@Suite("Mock time: a plain task of a clock made outside any scope")
struct UnseenTaskTests {
    @Test("stays not back, and the run says once why and what would let the clock see it end")
    func unseen() async throws {
        let reports = HangReportTests.Reports()
        try await Task.detached {
            let clock = MockClock()
            let task = Task { try await clock.sleep(for: .seconds(3)) }
            await clock.waitForSleepers(count: 1)
            try await MockClock.$problemReporter.withValue(reports.reporter) {
                clock.advance(by: .seconds(3))
                try await task.value
                let first = clock.runUntilIdle()
                let second = clock.runUntilIdle()
                #expect(first.stop == .unverified && second.stop == .unverified)
                #expect(first.description.contains("it runs off the clock's executor, and nothing tells the clock when it ends"))
            }
        }.value
        #expect(reports.all.count == 1, "once per task: \(reports.all)")
        #expect(reports.all.first?.message.contains("give the test the .mockClock trait") == true)
    }
}
