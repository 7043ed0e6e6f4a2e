import ContractEngine
import RepositoryContractsPrimitives
import Foundation
import ModelChecking
import Testing

/// A thread blocked until the test lets it go: stands for a conformer that blocks the thread it runs on.
final class ThreadBlocker: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func block() { semaphore.wait() }
    func letGo() { semaphore.signal() }
}

@Suite("Seeded scheduler: watched calls, a stalled call, and jobs after the run")
struct SeededSchedulerLivenessTests {
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("a watched call's work runs on the scheduler: the plain-hop race under the watchdog is still a function of the seed")
    func watchedCallsStayControlled() async throws {
        var lost = 0
        for seed in UInt64(1)...100 {
            func race() async -> (value: Int, log: [String], report: SchedulerReport) {
                let counter = HoppingCounter()
                let scheduler = SeededScheduler(seed: seed)
                await scheduler.run {
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask { _ = try? await withWatchdog(.seconds(600), operation: "A") { await counter.increment("A") } }
                        group.addTask { _ = try? await withWatchdog(.seconds(600), operation: "B") { await counter.increment("B") } }
                    }
                }
                return (await counter.value, await counter.log, scheduler.report)
            }
            let first = await race(), again = await race()
            #expect(first.report.controlled, "seed \(seed): \(first.report)")
            #expect(first.log == again.log, "seed \(seed)")
            if first.value == 1 { lost += 1 }
        }
        #expect(lost > 0 && lost < 100, "lost update in \(lost) of 100 seeds")
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("a call that blocks the scheduler's thread is given up by its watchdog, and the run ends on another thread")
    func blockedThreadIsReleased() async throws {
        let blocker = ThreadBlocker()
        let scheduler = SeededScheduler(seed: 1)
        let outcome = await scheduler.run {
            await withTaskGroup(of: String.self) { group in
                group.addTask {
                    do {
                        try await withWatchdog(.milliseconds(200), operation: "blocking call") { blocker.block() }
                        return "returned"
                    } catch { return "\(error)" }
                }
                group.addTask { "the other task ran" }
                return await group.reduce(into: []) { $0.append($1) }.sorted().joined(separator: "; ")
            }
        }
        blocker.letGo()
        #expect(outcome.contains("blocking call") && outcome.contains("the other task ran"), "\(outcome)")
        #expect(scheduler.report.released)
        #expect(!scheduler.report.controlled)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("a job that comes back after the run (an abandoned call resumed later) is run, not dropped")
    func lateJobsRun() async throws {
        let scheduler = SeededScheduler(seed: 1)
        let parked = Protected<CheckedContinuation<Void, Never>?>(nil)
        let (ended, endedSignal) = AsyncStream.makeStream(of: Void.self)
        let started = AsyncStream<Void>.makeStream()
        await scheduler.run {
            _ = RunExecutorScope.current?.startTask {
                await withCheckedContinuation { continuation in
                    parked.withLock { $0 = continuation }
                    started.continuation.yield()
                }
                endedSignal.yield()
            }
            var waiting = started.stream.makeAsyncIterator()
            _ = await waiting.next()
        }
        parked.withLock { $0 }?.resume()
        var iterator = ended.makeAsyncIterator()
        #expect(await iterator.next() != nil)
    }
}
