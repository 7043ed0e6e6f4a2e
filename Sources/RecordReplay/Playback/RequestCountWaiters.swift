import RepositoryContractsPrimitives

/// Tasks waiting for a playback to have received a number of requests, resumed by the request that
/// brings the count there, or by their own cancellation.
final class RequestCountWaiters: Sendable {
    private struct Waiter {
        let number: Int
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var received = 0
        var waiting: [Waiter] = []
        var lastNumber = 0
        /// Waits cancelled before they could be queued.
        var cancelledEarly: Set<Int> = []
    }

    private let state = Protected(State())

    /// Notes one more request received and resumes the waiters it satisfies.
    func noteRequest() {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.received += 1
            // The usual case on the hot path: nobody waits, so nothing is filtered or allocated.
            guard !state.waiting.isEmpty else { return [] }
            let received = state.received
            let ready = state.waiting.filter { $0.count <= received }.map(\.continuation)
            state.waiting.removeAll { $0.count <= received }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once `count` requests have been received (at once if they have), or as soon as the task
    /// is cancelled.
    func wait(forCount count: Int) async {
        let number = state.withLock { state in
            state.lastNumber += 1
            return state.lastNumber
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let returnNow = state.withLock { state in
                    if state.cancelledEarly.remove(number) != nil || state.received >= count { return true }
                    state.waiting.append(Waiter(number: number, count: count, continuation: continuation))
                    return false
                }
                if returnNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiting.firstIndex(where: { $0.number == number }) else {
                    if state.received < count { state.cancelledEarly.insert(number) }
                    return nil
                }
                return state.waiting.remove(at: index)
            }
            waiter?.continuation.resume()
        }
    }
}
