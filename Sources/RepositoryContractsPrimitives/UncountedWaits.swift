import Foundation

/// The waits a task's real-time bound does not count: while the task waits for something that is not
/// its own work (the process-wide URLSession interception turn, held by another test), the bound's time
/// stands still, and the wait itself is reported instead.
///
/// A bound (the `.mockClock` trait's time limit) makes one and publishes it as ``current`` for the task
/// it watches; the package's waits of that kind run inside ``waiting(for:_:)``.
package final class UncountedWaits: Sendable {
    /// The waits of the task the innermost bound watches, if any bound watches it.
    @TaskLocal package static var current: UncountedWaits?

    private struct State {
        /// The waits now, by number: what each waits for.
        var open: [Int: String] = [:]
        var lastNumber = 0
        /// When the first of the waits open now started.
        var openSince: ContinuousClock.Instant?
        /// The time spent with at least one wait open, over the waits that ended.
        var closedTotal = Duration.zero
        /// How many waits ended so far (an end is a sign of progress).
        var endedCount: UInt64 = 0
    }

    private let state = Protected(State())

    /// No waits yet.
    package init() {}

    /// Runs `body`, a wait for `what` ("the URLSession interception held by TodoTests/stress()"), without
    /// counting its time against the bound.
    package func waiting<Value>(for what: String, _ body: () async throws -> Value) async rethrows -> Value {
        let number = state.withLock { state in
            state.lastNumber += 1
            state.open[state.lastNumber] = what
            if state.openSince == nil { state.openSince = .now }
            return state.lastNumber
        }
        defer {
            state.withLock { state in
                state.open[number] = nil
                state.endedCount &+= 1
                if state.open.isEmpty, let since = state.openSince {
                    state.closedTotal += since.duration(to: .now)
                    state.openSince = nil
                }
            }
        }
        return try await body()
    }

    /// What the task waits for now, uncounted (empty: nothing).
    package var openWaits: [String] {
        state.withLock { $0.open.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// How many uncounted waits ended so far.
    package var endedCount: UInt64 { state.withLock { $0.endedCount } }

    /// The time spent in uncounted waits up to `now` (overlapping waits counted once).
    package func total(at now: ContinuousClock.Instant) -> Duration {
        state.withLock { state in
            state.closedTotal + (state.openSince.map { $0.duration(to: now) } ?? .zero)
        }
    }
}
