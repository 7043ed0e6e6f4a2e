import Foundation
import MockTime
import RepositoryContractsPrimitives

/// A task executor that runs every job at once on the thread that enqueues it.
///
/// A task started with it as its executor preference runs inline: `Task(executorPreference:)` runs the
/// body up to its first suspension before returning, and resuming the task's continuation (inside an
/// advance) runs it up to its next suspension before `resume()` returns. That makes the order and the
/// `now` a woken task observes deterministic, which the global pool (several threads) does not.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
final class InlineTaskExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        job.runSynchronously(on: asUnownedTaskExecutor())
    }
}

/// Values appended from any task, read back in append order.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Protected<[Value]>([])

    func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    var values: [Value] {
        storage.withLock { $0 }
    }
}

/// A seeded random number generator (SplitMix64), so shuffles are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

extension MockClock.Instant {
    /// The instant `seconds` after the start.
    static func seconds(_ seconds: Int) -> Self {
        Self(offset: .seconds(seconds))
    }
}
