import BenchSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Timed samples of one configuration (one value per timed run), with the warm-up kept apart.
struct Series {
    var samples: [Double] = []
    var median: Double { Statistics.median(samples) }
    var min: Double { samples.min() ?? .nan }
    var max: Double { samples.max() ?? .nan }
}

/// Counts events and lets one waiter suspend until a target count is reached, without polling.
final class Countdown: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private let target: Int
    private var waiter: CheckedContinuation<Void, Never>?

    init(target: Int) { self.target = target }

    func tick() {
        lock.lock()
        count += 1
        var ready: CheckedContinuation<Void, Never>?
        if count >= target {
            ready = waiter
            waiter = nil
        }
        lock.unlock()
        ready?.resume()
    }

    /// Returns once `tick()` has been called `target` times.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if count >= target {
                lock.unlock()
                continuation.resume()
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}

/// A Boolean set once, read from any thread.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

/// Ends the process with a message when a phase runs past its real-time limit: a missed sleeper would
/// otherwise hang the benchmark instead of failing it.
final class Watchdog: @unchecked Sendable {
    static let shared = Watchdog()

    private let lock = NSLock()
    private var phase: String?
    private var deadline: ContinuousClock.Instant?

    private init() {
        let thread = Thread { [unowned self] in self.watch() }
        thread.name = "bench-clock watchdog"
        thread.start()
    }

    func arm(_ phase: String, seconds: Int) {
        lock.lock()
        self.phase = phase
        deadline = ContinuousClock.now.advanced(by: .seconds(seconds))
        lock.unlock()
    }

    func disarm() {
        lock.lock()
        phase = nil
        deadline = nil
        lock.unlock()
    }

    private func watch() {
        while true {
            usleep(100_000)
            lock.lock()
            let expired = deadline.map { ContinuousClock.now >= $0 } ?? false
            let name = phase
            lock.unlock()
            if expired {
                emitError("bench-clock: \(name ?? "?") did not finish in time (a sleeper missed or stuck?); aborting")
                exit(2)
            }
        }
    }
}

/// Plain threads spinning outside the Swift concurrency pool, as on an oversubscribed CI runner.
final class BusyThreads: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var finished = 0
    private let count: Int

    init(count: Int) {
        self.count = count
        for index in 0..<count {
            let thread = Thread { [self] in spin() }
            thread.name = "bench-clock busy \(index)"
            thread.start()
        }
    }

    private var shouldRun: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    private func spin() {
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        while shouldRun {
            for _ in 0..<10_000 { x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
        }
        if x == 42 { emitError("") }  // keeps the loop
        lock.lock()
        finished += 1
        lock.unlock()
    }

    /// Stops the threads and returns once they have left their loops.
    func stop() {
        lock.lock()
        running = false
        lock.unlock()
        while true {
            lock.lock()
            let done = finished == count
            lock.unlock()
            if done { return }
            usleep(1_000)
        }
    }
}

/// Progress on standard error.
func progress(_ line: String) {
    emitError("[bench-clock] \(line)")
}

/// A duration in nanoseconds since `start`, read from `ContinuousClock`.
func nanoseconds(since start: ContinuousClock.Instant) -> Double {
    start.duration(to: .now).nanoseconds
}
