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
        /// Who waits for a number of waiters (tests).
        var observers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// Takes the observers whose count of waiters is reached.
        mutating func satisfiedObservers() -> [CheckedContinuation<Void, Never>] {
            let ready = observers.filter { $0.count <= waiters.count }.map(\.continuation)
            observers.removeAll { $0.count <= waiters.count }
            return ready
        }
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
            let (handedOver, observers) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                // Released between the check and now: take the turn at once.
                guard state.isHeld else {
                    state.isHeld = true
                    state.holder = task
                    return (true, [])
                }
                state.waiters.append((continuation, task))
                return (false, state.satisfiedObservers())
            }
            if handedOver { continuation.resume() }
            for observer in observers { observer.resume() }
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

    /// Returns once at least `count` interceptions wait for the turn (for tests).
    func waitUntilWaiting(count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                guard state.waiters.count < count else { return true }
                state.observers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
