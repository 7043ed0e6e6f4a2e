import RepositoryContractsPrimitives

/// The process-wide turn of URLSession interception: one holder at a time, the others waiting in the
/// order they asked (a request through `URLSession.shared` carries no test identity, so two tests
/// intercepting at once could not be told apart).
///
/// A wait for the turn ends when the waiting task is cancelled (it throws `CancellationError`), and its
/// time is not counted by the bound watching the task (``UncountedWaits``): the holder's work is not
/// the waiter's.
final class InterceptionGate: Sendable {
    /// How a wait for the turn went: how long it took and who held the turn when it began.
    struct Wait: Sendable {
        var duration: Duration
        var heldBy: String?
    }

    private struct Waiter {
        let number: Int
        let continuation: CheckedContinuation<Void, any Error>
        let task: Int?
        let name: String
    }

    private struct State {
        var isHeld = false
        /// The holding task, by its hash (to refuse a second acquisition from the same task).
        var holder: Int?
        /// Who holds the turn, for the messages of those who wait for it.
        var holderName: String?
        var waiters: [Waiter] = []
        var lastNumber = 0
        /// Waits cancelled before they could be queued.
        var cancelledEarly: Set<Int> = []
        /// Who waits for the queue to look some way (tests).
        var observers: [(isReady: @Sendable ([String]) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

        mutating func take(for task: Int?, named name: String) {
            isHeld = true
            holder = task
            holderName = name
        }

        /// Takes the observers whose condition the queue now meets.
        mutating func satisfiedObservers() -> [CheckedContinuation<Void, Never>] {
            let names = waiters.map(\.name)
            let ready = observers.filter { $0.isReady(names) }.map(\.continuation)
            observers.removeAll { $0.isReady(names) }
            return ready
        }
    }

    private let state = Protected(State())

    /// Waits for the turn, for the holder called `name` (a test's name).
    ///
    /// - Throws: ``URLSessionInterceptionError/alreadyIntercepting`` when the current task holds it;
    ///   `CancellationError` when the task is cancelled while it waits.
    func acquire(as name: String) async throws -> Wait {
        let task = withUnsafeCurrentTask { $0?.hashValue }
        let heldBy = try state.withLock { state throws(URLSessionInterceptionError) -> String?? in
            if state.isHeld, let task, state.holder == task { throw .alreadyIntercepting }
            guard state.isHeld else {
                state.take(for: task, named: name)
                return .none
            }
            return .some(state.holderName)
        }
        guard case .some(let holderName) = heldBy else { return Wait(duration: .zero, heldBy: nil) }
        let start = ContinuousClock.now
        let what = "the URLSession interception turn, held by \(holderName ?? "another interception")"
        if let uncounted = UncountedWaits.current {
            try await uncounted.waiting(for: what) { try await waitForTurn(task: task, name: name) }
        } else {
            try await waitForTurn(task: task, name: name)
        }
        return Wait(duration: start.duration(to: .now), heldBy: holderName)
    }

    private func waitForTurn(task: Int?, name: String) async throws {
        let number = state.withLock { state in
            state.lastNumber += 1
            return state.lastNumber
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case queued, handedOver, cancelled }
                let (outcome, observers) = state.withLock { state -> (Outcome, [CheckedContinuation<Void, Never>]) in
                    if state.cancelledEarly.remove(number) != nil { return (.cancelled, []) }
                    // Released between the check and now: take the turn at once.
                    guard state.isHeld else {
                        state.take(for: task, named: name)
                        return (.handedOver, [])
                    }
                    state.waiters.append(Waiter(number: number, continuation: continuation, task: task, name: name))
                    return (.queued, state.satisfiedObservers())
                }
                switch outcome {
                case .queued: break
                case .handedOver: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                }
                for observer in observers { observer.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.number == number }) else {
                    // Not queued yet (it will see this), or handed the turn already (it keeps it).
                    if !state.isHeld || state.holder != task { state.cancelledEarly.insert(number) }
                    return nil
                }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Gives the turn to the longest waiter, or frees it.
    func release() {
        let next = state.withLock { state -> Waiter? in
            guard !state.waiters.isEmpty else {
                state.isHeld = false
                state.holder = nil
                state.holderName = nil
                return nil
            }
            let next = state.waiters.removeFirst()
            state.take(for: next.task, named: next.name)
            return next
        }
        next?.continuation.resume()
    }

    /// Returns once at least `count` interceptions wait for the turn (for tests).
    func waitUntilWaiting(count: Int) async {
        await waitUntilQueue { $0.count >= count }
    }

    /// Returns once an interception called `name` waits for the turn (for tests).
    func waitUntilWaiting(named name: String) async {
        await waitUntilQueue { $0.contains(name) }
    }

    /// Returns once the names of the waiting interceptions meet `isReady`.
    private func waitUntilQueue(_ isReady: @escaping @Sendable ([String]) -> Bool) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                guard !isReady(state.waiters.map(\.name)) else { return true }
                state.observers.append((isReady, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
