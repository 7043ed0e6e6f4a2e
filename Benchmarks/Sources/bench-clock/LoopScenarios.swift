import BenchSupport
import Clocks
import Foundation
import MockTime

/// One timed "one long advance over N re-sleeping loops": each loop sleeps 1 s, ticks, and sleeps
/// again, K times; one `advance(by: K s)` should give N × K ticks, each at its own deadline.
struct LoopSample {
    /// From just before the advance until it returned (MockClock) or was awaited (TestClock).
    var advanceMilliseconds: Double
    /// Ticks counted when the advance had returned (N × K when one advance equals many).
    var ticks: Int
    /// Ticks that read `now` past their own deadline.
    var lateTicks: Int
}

/// Counts ticks and late ticks from any task.
final class TickTally: @unchecked Sendable {
    private let lock = NSLock()
    private var ticks = 0
    private var late = 0

    func tick(late isLate: Bool) {
        lock.lock()
        ticks += 1
        if isLate { late += 1 }
        lock.unlock()
    }

    var counts: (ticks: Int, late: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (ticks, late)
    }
}

enum LoopScenarios {
    /// MockClock: N loop tasks, on the clock's executor (`Task(executorPreference: clock.executor)`) or on
    /// the default executor (`Task { … }`, after `waitForSleepers(count: N)`), then one synchronous
    /// `advance(by: K s)`. Loops that missed ticks are released afterwards (`cancelPendingSleepers()`).
    @available(macOS 15.0, *)
    static func mock(loops n: Int, ticks k: Int, onExecutor: Bool) async throws -> LoopSample {
        let clock = MockClock()
        let tally = TickTally()
        let body: @Sendable () async -> Void = {
            for _ in 0..<k {
                let deadline = clock.now.advanced(by: .seconds(1))
                guard (try? await clock.sleep(until: deadline)) != nil else { return }
                tally.tick(late: clock.now != deadline)
            }
        }
        let tasks = (0..<n).map { _ in onExecutor ? Task(executorPreference: clock.executor, operation: body) : Task(operation: body) }
        if !onExecutor { await clock.waitForSleepers(count: n) }
        let start = ContinuousClock.now
        clock.advance(by: .seconds(k))
        let elapsed = nanoseconds(since: start) / 1e6
        let (ticks, late) = tally.counts
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
        clock.cancelPendingSleepers()
        if onExecutor, ticks != n * k || late != 0 {
            throw BenchError("MockClock loops on the executor: \(ticks) ticks (\(late) late), expected \(n * k)")
        }
        return LoopSample(advanceMilliseconds: elapsed, ticks: ticks, lateTicks: late)
    }

    /// TestClock as shipped: N loop tasks; once all have entered `sleep`, 5 ms untimed, then one
    /// `await advance(by: K s)`; loops still asleep afterwards are cancelled.
    static func test(loops n: Int, ticks k: Int) async throws -> LoopSample {
        let clock = TestClock<Duration>()
        let tally = TickTally()
        let entered = Countdown(target: n)
        let tasks = (0..<n).map { _ in
            Task {
                entered.tick()
                for _ in 0..<k {
                    let deadline = clock.now.advanced(by: .seconds(1))
                    guard (try? await clock.sleep(until: deadline)) != nil else { return }
                    tally.tick(late: clock.now != deadline)
                }
            }
        }
        await entered.wait()
        try await Task.sleep(for: TestScenarios.settle)
        let start = ContinuousClock.now
        await clock.advance(by: .seconds(k))
        let elapsed = nanoseconds(since: start) / 1e6
        let (ticks, late) = tally.counts
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
        return LoopSample(advanceMilliseconds: elapsed, ticks: ticks, lateTicks: late)
    }
}
