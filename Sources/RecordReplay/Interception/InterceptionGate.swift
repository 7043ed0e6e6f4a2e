import RepositoryContractsPrimitives

/// The process-wide turn of URLSession interception: one holder at a time, the others waiting in the
/// order they asked (a request through `URLSession.shared` carries no test identity, so two tests
/// intercepting at once could not be told apart).
final class InterceptionGate: Sendable {
    private struct State {
        var isHeld = false
        /// The holding task, by its hash (to refuse a second acquisition from the same task).
        var holder: Int?
        var waiters: [(continuation: CheckedContinuation<Void, Never>, task: Int?)] = []
    }

    private let state = Protected(State())

    /// Waits for the turn.
    ///
    /// - Throws: ``URLSessionInterceptionError/alreadyIntercepting`` when the current task holds it.
    func acquire() async throws {
        let task = withUnsafeCurrentTask { $0?.hashValue }
        let mustWait = try state.withLock { state throws(URLSessionInterceptionError) -> Bool in
            if state.isHeld, let task, state.holder == task { throw .alreadyIntercepting }
            guard state.isHeld else {
                state.isHeld = true
                state.holder = task
                return false
            }
            return true
        }
        guard mustWait else { return }
        await withCheckedContinuation { continuation in
            let handedOver = state.withLock { state -> Bool in
                // Released between the check and now: take the turn at once.
                guard state.isHeld else {
                    state.isHeld = true
                    state.holder = task
                    return true
                }
                state.waiters.append((continuation, task))
                return false
            }
            if handedOver { continuation.resume() }
        }
    }

    /// Gives the turn to the longest waiter, or frees it.
    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.isHeld = false
                state.holder = nil
                return nil
            }
            let next = state.waiters.removeFirst()
            state.holder = next.task
            return next.continuation
        }
        next?.resume()
    }

    /// How many interceptions wait for the turn (for tests).
    var waitingCount: Int { state.withLock { $0.waiters.count } }
}
