import Foundation
import MockTime
import RepositoryContractsPrimitives

/// An integer bumped from any task.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.withLock { count += 1 }
    }

    var value: Int {
        lock.withLock { count }
    }
}

/// A repeating timer on any `Clock<Duration>`, with the rule timers in the Swift ecosystem follow
/// (swift-async-algorithms' and swift-clocks' timer sequences): tick `n` is due `interval` after tick
/// `n - 1`; when that is already past on waking, the ticks missed are skipped and the next one is the
/// first multiple of `interval` after `now`. Written here so the tests depend on no package.
struct Ticks<C: Clock<Duration>>: AsyncSequence {
    typealias Element = C.Instant

    let clock: C
    let interval: Duration

    struct AsyncIterator: AsyncIteratorProtocol {
        let clock: C
        let interval: Duration
        var last: C.Instant?

        mutating func next() async throws -> C.Instant? {
            let start = last ?? clock.now
            var deadline = start.advanced(by: interval)
            let now = clock.now
            if deadline < now {
                let missed = Int(deadline.duration(to: now) / interval) + 1
                deadline = deadline.advanced(by: interval * missed)
            }
            try await clock.sleep(until: deadline, tolerance: nil)
            last = deadline
            return deadline
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(clock: clock, interval: interval, last: nil)
    }
}

/// A request the code under test makes that stays unanswered until the test answers it: the first
/// call parks its task (it is then neither asleep on a clock nor ended, whatever the machine's speed);
/// once ``answerAll()`` has been called, every call returns at once.
final class ParkedRequests: Sendable {
    private let state = Protected<(parked: [CheckedContinuation<Void, Never>], answering: Bool)>(([], false))

    /// How many calls are parked now.
    var parkedCount: Int { state.withLock { $0.parked.count } }

    /// The request: parks until answered, or returns at once after ``answerAll()``.
    func request() async {
        await withCheckedContinuation { continuation in
            let answerNow = state.withLock { state in
                if !state.answering { state.parked.append(continuation) }
                return state.answering
            }
            if answerNow { continuation.resume() }
        }
    }

    /// Answers every parked call, and every later one at once.
    func answerAll() {
        let parked = state.withLock { state in
            state.answering = true
            defer { state.parked = [] }
            return state.parked
        }
        for continuation in parked { continuation.resume() }
    }
}
