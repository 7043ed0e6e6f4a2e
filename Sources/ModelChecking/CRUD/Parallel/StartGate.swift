import RepositoryContractsPrimitives

/// Holds tasks until `parties` of them have arrived, then lets them all go at once.
final class StartGate: Sendable {
    private let parties: Int
    private let state = Protected<(arrived: Int, waiting: [CheckedContinuation<Void, Never>])>((0, []))

    init(parties: Int) {
        self.parties = parties
    }

    /// Waits until every party has arrived.
    func arriveAndWait() async {
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
final class LogicalClock: Sendable {
    private let now = Protected(0)

    /// The next tick.
    func tick() -> Int {
        now.withLock { now in
            now += 1
            return now
        }
    }
}
