import BenchSupport
import Clocks
import Foundation
import MockTime

/// One timed drain: registering N sleepers, then one `advance` past them all.
struct DrainSample {
    /// From the first `addTask` until every sleeper is registered (MockClock) or has entered `sleep`
    /// (TestClock; the untimed 5 ms pause after that is not included).
    var scheduleMilliseconds: Double
    /// From just before the `advance` until the task group has finished.
    var drainMilliseconds: Double
    /// Sleepers that reached `sleep` only after the advance had begun (TestClock only: there the
    /// benchmark cannot wait for registration). Such a sleeper may return without being resumed.
    var lateRegistrations = 0
    /// The part of `drainMilliseconds` spent inside the (synchronous) `advance` call: MockClock and the
    /// floor only; the rest is the runtime running the resumed tasks and the group collecting them.
    var advanceMilliseconds = Double.nan
}

/// One timed run of idle advances, per call.
struct IdleSample {
    /// Wall time (`ContinuousClock`).
    var wallNanoseconds: Double
    /// The process's CPU time, all threads: what the calls cost, whatever the machine's load.
    var cpuNanoseconds: Double
}

/// One timed run of single-tick stepping.
struct TicksSample {
    /// From just before the first `advance` until every sleeper (or the timer task) has finished;
    /// `nan` when the run got stuck.
    var totalMilliseconds: Double
    /// Wake-ups that saw `now` past their own deadline (the sleeper ran, or registered, a tick late).
    var lateTicks = 0
    /// Sleepers that entered `sleep` after the advances had begun (TestClock, N sleepers).
    var lateRegistrations = 0
    /// Whether the timer task was still asleep 1 s (real) after the last advance (TestClock, timer).
    var stuck = false
}

/// The outcome of the race probe over all its iterations.
struct RaceOutcome {
    var iterations = 0
    /// Iterations in which the test's check after the advance would fail.
    var misses = 0
    /// Misses in which the sleeper was not resumed by the advance at all: it registered afterwards and
    /// now waits for t = 2 s, so `await t.value` would hang.
    var stillAsleep = 0
    /// MockClock only: iterations in which the advance resumed nobody, yet the test passes. The task had
    /// read `now` (t = 0) for its deadline before the advance but reached `sleep(until: 1 s)` after it:
    /// the deadline had passed, so the sleep returned at once without registering (documented).
    var returnedAtOnce = 0
    /// Time per iteration (task creation + handshake + advance + check), classification and clean-up
    /// excluded.
    var millisecondsPerIteration = 0.0
}

/// The scenarios on the root package's `MockClock`.
enum MockScenarios {
    /// Time per `advance(by: 1 s)` on a clock with no sleepers.
    static func idle(calls: Int) throws -> IdleSample {
        let clock = MockClock()
        var resumed = 0
        let cpuStart = processCPUNanoseconds()
        let start = ContinuousClock.now
        for _ in 0..<calls { resumed &+= clock.advance(by: .seconds(1)) }
        let elapsed = nanoseconds(since: start)
        let cpu = processCPUNanoseconds() - cpuStart
        guard resumed == 0 else { throw BenchError("idle MockClock advance resumed \(resumed) sleepers") }
        return IdleSample(wallNanoseconds: elapsed / Double(calls), cpuNanoseconds: cpu / Double(calls))
    }

    /// N sleepers at 1…N s, registered (`waitForSleepers`), then one `advance(by: N + 1 s)`.
    static func drain(sleepers n: Int) async throws -> DrainSample {
        let clock = MockClock()
        let origin = clock.now
        let scheduleStart = ContinuousClock.now
        return try await withThrowingTaskGroup(of: Bool.self, returning: DrainSample.self) { group in
            for index in 0..<n {
                let deadline = origin.advanced(by: .seconds(index + 1))
                group.addTask {
                    try await clock.sleep(until: deadline, tolerance: nil)
                    return clock.now >= deadline
                }
            }
            await clock.waitForSleepers(count: n)
            let schedule = nanoseconds(since: scheduleStart) / 1e6
            guard clock.pendingSleeperCount == n else {
                throw BenchError("MockClock drain: \(clock.pendingSleeperCount) sleepers pending, expected \(n)")
            }
            let drainStart = ContinuousClock.now
            let resumed = clock.advance(by: .seconds(n + 1))
            let advance = nanoseconds(since: drainStart) / 1e6
            var woke = 0
            var early = 0
            for try await onTime in group {
                woke += 1
                if !onTime { early += 1 }
            }
            let drain = nanoseconds(since: drainStart) / 1e6
            guard resumed == n, woke == n, early == 0, clock.pendingSleeperCount == 0 else {
                throw BenchError("MockClock drain of \(n): resumed \(resumed), woke \(woke), early \(early)")
            }
            return DrainSample(scheduleMilliseconds: schedule, drainMilliseconds: drain, advanceMilliseconds: advance)
        }
    }

    /// N sleepers at 1…N s, registered, then N × `advance(by: 1 s)`, each resuming exactly one.
    static func tickSleepers(_ n: Int) async throws -> TicksSample {
        let clock = MockClock()
        let origin = clock.now
        return try await withThrowingTaskGroup(of: Int.self, returning: TicksSample.self) { group in
            for index in 0..<n {
                let deadline = origin.advanced(by: .seconds(index + 1))
                group.addTask {
                    try await clock.sleep(until: deadline, tolerance: nil)
                    let now = clock.now
                    return now < deadline ? -1 : (now > deadline ? 1 : 0)
                }
            }
            await clock.waitForSleepers(count: n)
            let start = ContinuousClock.now
            var resumed = 0
            for _ in 0..<n {
                let count = clock.advance(by: .seconds(1))
                guard count == 1 else { throw BenchError("MockClock tick resumed \(count) sleepers, expected 1") }
                resumed += count
            }
            var late = 0
            var early = 0
            var woke = 0
            for try await outcome in group {
                woke += 1
                if outcome < 0 { early += 1 }
                if outcome > 0 { late += 1 }
            }
            let total = nanoseconds(since: start) / 1e6
            guard resumed == n, woke == n, early == 0 else {
                throw BenchError("MockClock ticks of \(n): resumed \(resumed), woke \(woke), early \(early)")
            }
            return TicksSample(totalMilliseconds: total, lateTicks: late)
        }
    }

    /// One timer task sleeping until the next whole second, `ticks` times; the driver waits for it to
    /// re-register (`waitForSleepers(count: 1)`) before each `advance(by: 1 s)`.
    static func tickTimer(_ ticks: Int) async throws -> TicksSample {
        let clock = MockClock()
        let origin = clock.now
        let timer = Task { () throws -> Int in
            var late = 0
            for tick in 1...ticks {
                let deadline = origin.advanced(by: .seconds(tick))
                try await clock.sleep(until: deadline, tolerance: nil)
                let now = clock.now
                if now < deadline { throw BenchError("MockClock timer woke early at tick \(tick)") }
                if now > deadline { late += 1 }
            }
            return late
        }
        await clock.waitForSleepers(count: 1)
        let start = ContinuousClock.now
        var resumed = 0
        for tick in 0..<ticks {
            if tick > 0 { await clock.waitForSleepers(count: 1) }
            resumed += clock.advance(by: .seconds(1))
        }
        let late = try await timer.value
        let total = nanoseconds(since: start) / 1e6
        guard resumed == ticks else { throw BenchError("MockClock timer: \(resumed) resumed for \(ticks) ticks") }
        return TicksSample(totalMilliseconds: total, lateTicks: late)
    }

    /// The canonical test, `iterations` times, each on a fresh clock:
    /// `let t = Task { try? await clock.sleep(for: .seconds(1)); woke() }`, optionally
    /// `await clock.waitForSleepers(count: 1)`, then `clock.advance(by: .seconds(1))`, then
    /// `await t.value` and check `woke`.
    ///
    /// An advance that resumed no sleeper (its return value is 0) is one of two cases, told apart by
    /// which of two things happens (exactly one does): the sleeper registers afterwards, for t = 2 s, so
    /// `await t.value` would hang (a miss: the benchmark checks it is pending and releases it); or the
    /// task ends, its sleep having read `now` before the advance and returned at once, the deadline past
    /// (not a miss: the test passes). See ``classifyUnresumed(clock:task:woke:)``.
    static func race(iterations: Int, handshake: Bool) async throws -> RaceOutcome {
        var outcome = RaceOutcome(iterations: iterations)
        var measured = 0.0
        for _ in 0..<iterations {
            let start = ContinuousClock.now
            let clock = MockClock()
            let woke = Flag()
            let task = Task {
                try? await clock.sleep(for: .seconds(1))
                woke.set()
            }
            if handshake { await clock.waitForSleepers(count: 1) }
            let resumed = clock.advance(by: .seconds(1))
            if resumed == 1 { await task.value }
            measured += nanoseconds(since: start)
            if resumed == 0 {
                switch try await classifyUnresumed(clock: clock, task: task, woke: woke) {
                case .registeredLate:
                    outcome.misses += 1
                    outcome.stillAsleep += 1
                case .returnedAtOnce:
                    outcome.returnedAtOnce += 1
                }
            }
            guard woke.isSet else { throw BenchError("MockClock race: task finished without waking") }
        }
        outcome.millisecondsPerIteration = measured / 1e6 / Double(iterations)
        return outcome
    }

    /// What became of a race sleeper that the advance did not resume.
    enum Unresumed: Sendable {
        /// It registered after the advance, for t = 2 s: `await t.value` would hang.
        case registeredLate
        /// Its task ended without registering: the sleep's deadline (read from `now` before the advance)
        /// had passed when it reached the clock, so it returned at once.
        case returnedAtOnce
    }

    /// After an advance that resumed nobody, waits for whichever comes first: a sleeper registers, or
    /// `task` ends. Exactly one of them happens, and neither wait outlives the call: when the task ends
    /// first, the group cancels the registration wait (`waitForSleepers` returns when cancelled); when
    /// the sleeper registers first, it is checked (pending, its task not woken) and released by an
    /// advance, which ends the task.
    static func classifyUnresumed(clock: MockClock, task: Task<Void, Never>, woke: Flag) async throws -> Unresumed {
        try await withThrowingTaskGroup(of: Unresumed.self, returning: Unresumed.self) { group in
            group.addTask {
                await task.value
                return .returnedAtOnce
            }
            group.addTask {
                await clock.waitForSleepers(count: 1)
                return .registeredLate
            }
            guard let first = try await group.next() else { throw BenchError("MockClock race: no outcome") }
            switch first {
            case .returnedAtOnce:
                group.cancelAll()
                guard clock.pendingSleeperCount == 0, woke.isSet else {
                    throw BenchError("MockClock race: the task ended without waking, or left a sleeper pending")
                }
            case .registeredLate:
                guard clock.pendingSleeperCount == 1, !woke.isSet else {
                    throw BenchError("MockClock race: a sleeper the advance did not resume is not pending")
                }
                clock.advance(by: .seconds(1))
            }
            try await group.waitForAll()
            return first
        }
    }
}

/// The floor under any clock's drain: N tasks suspended on bare continuations (no clock, no deadlines),
/// all resumed in one loop, timed until the task group has finished, as the drain is.
enum FloorScenarios {
    final class Parked: @unchecked Sendable {
        private let lock = NSLock()
        private var continuations: [UnsafeContinuation<Void, Never>] = []

        func park(_ continuation: UnsafeContinuation<Void, Never>) {
            lock.lock()
            continuations.append(continuation)
            lock.unlock()
        }

        func take() -> [UnsafeContinuation<Void, Never>] {
            lock.lock()
            defer { lock.unlock() }
            let taken = continuations
            continuations = []
            return taken
        }
    }

    static func drain(sleepers n: Int) async throws -> DrainSample {
        let parked = Parked()
        let registered = Countdown(target: n)
        let scheduleStart = ContinuousClock.now
        return try await withThrowingTaskGroup(of: Bool.self, returning: DrainSample.self) { group in
            for _ in 0..<n {
                group.addTask {
                    await withUnsafeContinuation { continuation in
                        parked.park(continuation)
                        registered.tick()
                    }
                    return true
                }
            }
            await registered.wait()
            let schedule = nanoseconds(since: scheduleStart) / 1e6
            let drainStart = ContinuousClock.now
            let continuations = parked.take()
            for continuation in continuations { continuation.resume() }
            let advance = nanoseconds(since: drainStart) / 1e6
            var woke = 0
            for try await _ in group { woke += 1 }
            let drain = nanoseconds(since: drainStart) / 1e6
            guard continuations.count == n, woke == n else {
                throw BenchError("floor drain of \(n): \(continuations.count) parked, \(woke) woke")
            }
            return DrainSample(scheduleMilliseconds: schedule, drainMilliseconds: drain, advanceMilliseconds: advance)
        }
    }
}

/// The same scenarios on swift-clocks 1.1.1 `TestClock<Duration>`, as shipped (its `advance` awaits
/// `Task.megaYield()`, 20 detached background tasks, before and after each step).
enum TestScenarios {
    typealias Instant = TestClock<Duration>.Instant

    /// Real time TestClock gets for sleepers to register after they have entered `sleep`: it has no
    /// way to tell when they have (the research notes' method).
    static let settle = Duration.milliseconds(5)

    /// Time per `await advance(by: 1 s)` on a clock with no sleepers (CPU: its megaYields' tasks too).
    static func idle(calls: Int) async -> IdleSample {
        let clock = TestClock<Duration>()
        let cpuStart = processCPUNanoseconds()
        let start = ContinuousClock.now
        for _ in 0..<calls { await clock.advance(by: .seconds(1)) }
        let elapsed = nanoseconds(since: start)
        let cpu = processCPUNanoseconds() - cpuStart
        return IdleSample(wallNanoseconds: elapsed / Double(calls), cpuNanoseconds: cpu / Double(calls))
    }

    /// N sleepers at 1…N s; once all have entered `sleep`, 5 ms untimed, then one
    /// `await advance(by: N + 1 s)`.
    static func drain(sleepers n: Int) async throws -> DrainSample {
        let clock = TestClock<Duration>()
        let entered = Countdown(target: n)
        let advancing = Flag()
        let scheduleStart = ContinuousClock.now
        return try await withThrowingTaskGroup(of: (onTime: Bool, late: Bool).self, returning: DrainSample.self) { group in
            for index in 0..<n {
                let deadline = Instant(offset: .seconds(index + 1))
                group.addTask {
                    entered.tick()
                    let late = advancing.isSet
                    try await clock.sleep(until: deadline)
                    return (clock.now >= deadline, late)
                }
            }
            await entered.wait()
            let schedule = nanoseconds(since: scheduleStart) / 1e6
            try await Task.sleep(for: settle)
            advancing.set()
            let drainStart = ContinuousClock.now
            await clock.advance(by: .seconds(n + 1))
            var woke = 0
            var early = 0
            var late = 0
            for try await result in group {
                woke += 1
                if !result.onTime { early += 1 }
                if result.late { late += 1 }
            }
            let drain = nanoseconds(since: drainStart) / 1e6
            guard woke == n, early == 0 else {
                throw BenchError("TestClock drain of \(n): woke \(woke), early \(early)")
            }
            return DrainSample(scheduleMilliseconds: schedule, drainMilliseconds: drain, lateRegistrations: late)
        }
    }

    /// What one child of ``tickSleepers(_:)`` reports.
    private enum TickChild: Sendable {
        /// A sleeper woke: -1 early, 0 on time, 1 late; `late` when it entered `sleep` after the advances began.
        case woke(outcome: Int, late: Bool)
        /// A sleeper still asleep when the run was declared stuck, cancelled.
        case cancelled
        /// The real-time bound after the last advance ran out (or was cancelled once all had woken).
        case bound
    }

    /// N sleepers at 1…N s (entered + 5 ms), then N × `await advance(by: 1 s)`. A sleeper that enters
    /// `sleep` only when `now` has reached its deadline exactly suspends until the next advance
    /// (TestClock's rule); after the last advance there is none, so if any sleeper is still asleep 1 s
    /// (real) after it, the run is marked stuck and the rest are cancelled.
    static func tickSleepers(_ n: Int) async throws -> TicksSample {
        let clock = TestClock<Duration>()
        let entered = Countdown(target: n)
        let advancing = Flag()
        return try await withThrowingTaskGroup(of: TickChild.self, returning: TicksSample.self) { group in
            for index in 0..<n {
                let deadline = Instant(offset: .seconds(index + 1))
                group.addTask {
                    entered.tick()
                    let late = advancing.isSet
                    do { try await clock.sleep(until: deadline) } catch { return .cancelled }
                    let now = clock.now
                    return .woke(outcome: now < deadline ? -1 : (now > deadline ? 1 : 0), late: late)
                }
            }
            await entered.wait()
            try await Task.sleep(for: settle)
            advancing.set()
            let start = ContinuousClock.now
            for _ in 0..<n { await clock.advance(by: .seconds(1)) }
            group.addTask {
                try? await Task.sleep(for: .seconds(1))
                return .bound
            }
            var sample = TicksSample(totalMilliseconds: 0)
            var early = 0
            var woke = 0
            var cancelled = 0
            for try await result in group {
                switch result {
                case .woke(let outcome, let late):
                    woke += 1
                    if outcome < 0 { early += 1 }
                    if outcome > 0 { sample.lateTicks += 1 }
                    if late { sample.lateRegistrations += 1 }
                    if woke == n {
                        sample.totalMilliseconds = nanoseconds(since: start) / 1e6
                        group.cancelAll()  // ends the bound's sleep
                    }
                case .cancelled:
                    cancelled += 1
                case .bound:
                    if woke < n {
                        sample.stuck = true
                        sample.totalMilliseconds = .nan
                        group.cancelAll()  // releases the sleepers still asleep
                    }
                }
            }
            guard woke + cancelled == n, early == 0 else {
                throw BenchError("TestClock ticks of \(n): woke \(woke), cancelled \(cancelled), early \(early)")
            }
            return sample
        }
    }

    /// One timer task sleeping until the next whole second, `ticks` times, driven by `ticks` ×
    /// `await advance(by: 1 s)` with nothing else between them (TestClock has no handshake; its
    /// megaYields are what lets the task re-register in time). Only before the first tick does the
    /// driver wait for the task to enter `sleep` (+ 5 ms). If the task is still asleep 1 s (real) after
    /// the last advance, the run is marked stuck and the task cancelled.
    static func tickTimer(_ ticks: Int) async throws -> TicksSample {
        let clock = TestClock<Duration>()
        let entered = Countdown(target: 1)
        let done = Flag()
        let timer = Task { () throws -> Int in
            var late = 0
            defer { done.set() }
            for tick in 1...ticks {
                let deadline = Instant(offset: .seconds(tick))
                if tick == 1 { entered.tick() }
                try await clock.sleep(until: deadline)
                let now = clock.now
                if now < deadline { throw BenchError("TestClock timer woke early at tick \(tick)") }
                if now > deadline { late += 1 }
            }
            return late
        }
        await entered.wait()
        try await Task.sleep(for: settle)
        let start = ContinuousClock.now
        for _ in 0..<ticks { await clock.advance(by: .seconds(1)) }
        var total = Double.nan
        let limit = ContinuousClock.now.advanced(by: .seconds(1))
        while ContinuousClock.now < limit {
            if done.isSet {
                total = nanoseconds(since: start) / 1e6
                break
            }
            try await Task.sleep(for: .microseconds(50))
        }
        var sample = TicksSample(totalMilliseconds: total)
        if !total.isFinite {
            sample.stuck = true
            timer.cancel()
        }
        do {
            sample.lateTicks = try await timer.value
        } catch is CancellationError {
            // Stuck and cancelled: reported through `stuck`.
        }
        return sample
    }

    /// The canonical test as the research notes ran it, `iterations` times, each on a fresh clock:
    /// `let t = Task { try? await clock.sleep(for: .seconds(1)); woke() }`, then
    /// `await clock.advance(by: .seconds(1))`, then check `woke` at once. A miss is `woke` not set then;
    /// "still asleep" is a miss whose task has not finished `wait` (real time, untimed) later either:
    /// it registered after the advance and waits for t = 2 s. Such a task is cancelled.
    static func race(iterations: Int, wait: Duration) async -> RaceOutcome {
        var outcome = RaceOutcome(iterations: iterations)
        var measured = 0.0
        for _ in 0..<iterations {
            let start = ContinuousClock.now
            let clock = TestClock<Duration>()
            let woke = Flag()
            let task = Task {
                try? await clock.sleep(for: .seconds(1))
                woke.set()
            }
            await clock.advance(by: .seconds(1))
            let wokeAtOnce = woke.isSet
            measured += nanoseconds(since: start)
            if !wokeAtOnce {
                outcome.misses += 1
                let limit = ContinuousClock.now.advanced(by: wait)
                while !woke.isSet, ContinuousClock.now < limit {
                    try? await Task.sleep(for: .microseconds(100))
                }
                if !woke.isSet {
                    outcome.stillAsleep += 1
                    task.cancel()
                }
            }
            await task.value
        }
        outcome.millisecondsPerIteration = measured / 1e6 / Double(iterations)
        return outcome
    }
}
