import RepositoryContractsPrimitives

/// Holds tasks until `parties` of them have arrived, then lets them all go at once.
package final class StartGate: Sendable {
    private let parties: Int
    private let state = Protected<(arrived: Int, waiting: [CheckedContinuation<Void, Never>])>((0, []))

    /// A gate for `parties` tasks.
    package init(parties: Int) {
        self.parties = parties
    }

    /// Waits until every party has arrived.
    package func arriveAndWait() async {
        await withCheckedContinuation { continuation in
            let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.arrived += 1
                state.waiting.append(continuation)
                guard state.arrived >= parties else { return [] }
                defer { state.waiting = [] }
                return state.waiting
            }
            for waiting in released { waiting.resume() }
        }
    }
}

/// A logical clock shared by concurrent callers: every tick is unique and later ticks are greater.
package final class LogicalClock: Sendable {
    private let now = Protected(0)

    /// A clock whose first tick is 1.
    package init() {}

    /// The next tick.
    package func tick() -> Int {
        now.withLock { now in
            now += 1
            return now
        }
    }
}
