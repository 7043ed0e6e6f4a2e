import RepositoryContractsPrimitives
import ContractEngine

/// Holds tasks until `parties` of them have arrived, then releases them all at once, so concurrent
/// operations really overlap instead of running one after another as the tasks happen to start.
final class Barrier: Sendable {
    private let state: Protected<(waiting: [CheckedContinuation<Void, Never>], remaining: Int)>

    init(parties: Int) {
        state = Protected(([], parties))
    }

    func arriveAndWait() async {
        await withCheckedContinuation { continuation in
            let released: [CheckedContinuation<Void, Never>] = state.withLock { state in
                state.remaining -= 1
                state.waiting.append(continuation)
                guard state.remaining <= 0 else { return [] }
                defer { state.waiting = [] }
                return state.waiting
            }
            for waiter in released { waiter.resume() }
        }
    }
}
