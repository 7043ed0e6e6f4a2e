import Dispatch
import MockTime
import RepositoryContractsPrimitives
import Testing

/// "Idle" and "settled" mean that every task an advance woke was followed to its next sleep on the
/// clock or its end, wherever it went meanwhile: the main actor, I/O.
@Suite("Woken tasks are followed", .timeLimit(.minutes(10)))
struct FollowedTasksTests {
    /// Rounds per shape: 100 here; the measurements used 400.
    static let rounds = 100

    @MainActor
    @Test("a @MainActor sleep loop: a synchronous run while the test holds the main actor never says idle")
    func mainActorLoopIsNeverIdleSynchronously() async throws {
        for _ in 0..<Self.rounds {
            let clock = MockClock()
            let model = TickingModel(clock: clock, startTask: clock.taskStarter)
            model.start()
            await clock.waitForSleepers(count: 1)
            // The woken loop needs the main actor to go on, which this test holds: it is away.
            let run = clock.runUntilIdle(maxSteps: 5)
            #expect(run.stop == .unverified)
            #expect(run.notBack == [WokenTask(deadline: .seconds(1))])
            // Awaited, the run gives the loop its turns: an endless loop, so it stops at the step limit.
            let awaited = await clock.run(timeout: .seconds(60), maxSteps: 10)
            #expect(awaited.stop == .stepLimit)
            #expect(model.count == 11)
            model.stop()
            clock.cancelPendingSleepers()
        }
    }

    @Test("a started poller with a request between 30 s sleeps: one long settling advance runs all 10 polls")
    func startedPollerRunsEveryPoll() async throws {
        for _ in 0..<Self.rounds {
            let clock = MockClock()
            let polls = Protected(0)
            let poller = Poller(clock: clock, startTask: clock.taskStarter) {
                await simulatedRequest()
                polls.withLock { $0 += 1 }
            }
            let task = poller.start(polls: 10)
            await clock.waitForSleepers(count: 1)
            let report = await clock.advance(by: .seconds(300), settlingWithin: .seconds(60))
            #expect(polls.withLock { $0 } == 10)
            #expect(report == SettledAdvance(resumed: 10, now: .seconds(300), wokenOffExecutor: 0, isSettled: true))
            await task.value
        }
    }

    @Test("the same poller started with a plain task: the advance says it could not follow it")
    func unstartedPollerIsReported() async throws {
        let clock = MockClock()
        let polls = Protected(0)
        let poller = Poller(clock: clock, startTask: .standard) {
            await simulatedRequest()
            polls.withLock { $0 += 1 }
        }
        let task = poller.start(polls: 10)
        await clock.waitForSleepers(count: 1)
        let report = await clock.advance(by: .seconds(300), settlingWithin: .seconds(60))
        // Whether the poller's request answers before the advance looks again varies from run to run;
        // at least its last wake-up (it then ends, unseen) cannot be followed, and the report says so.
        #expect(!report.isSettled)
        #expect(!report.notBack.isEmpty)
        #expect(report.notBack.allSatisfy { $0.deadline <= .seconds(300) && $0.taskName == report.notBack[0].taskName })
        task.cancel()
        clock.cancelPendingSleepers()
        await task.value
    }

    @Test("a started poller under a synchronous run: not idle while its request is out")
    func startedPollerSynchronousRun() async throws {
        let clock = MockClock()
        let gate = Gate()
        let poller = Poller(clock: clock, startTask: clock.taskStarter) { await gate.wait() }
        let task = poller.start(polls: 2)
        await clock.waitForSleepers(count: 1)
        let run = clock.runUntilIdle()
        #expect(run.stop == .unverified)
        #expect(run.steps == 1 && run.notBack.map(\.deadline) == [.seconds(30)])
        // Answered, the poller sleeps again: an awaited run follows it there (it was woken before the
        // run began), wakes it at 60 s and sees it end.
        gate.open()
        let rest = await clock.run(timeout: .seconds(60))
        #expect(rest == IdleRun(steps: 1, now: .seconds(60), pendingSleepers: 0, stop: .idle))
        await task.value
    }
}

/// A request that answers when the test says so.
final class Gate: Sendable {
    private let state = Protected<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state -> Bool in
                if !state.open { state.waiting.append(continuation) }
                return state.open
            }
            if open { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    func reset() {
        state.withLock { $0.open = false }
    }
}
