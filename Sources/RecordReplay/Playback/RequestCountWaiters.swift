import RepositoryContractsPrimitives

/// Tasks waiting for a playback to have received a number of requests, resumed by the request that
/// brings the count there.
final class RequestCountWaiters: Sendable {
    private let state = Protected<(received: Int, waiting: [(count: Int, continuation: CheckedContinuation<Void, Never>)])>((0, []))

    /// Notes one more request received and resumes the waiters it satisfies.
    func noteRequest() {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.received += 1
            let received = state.received
            let ready = state.waiting.filter { $0.count <= received }.map(\.continuation)
            state.waiting.removeAll { $0.count <= received }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once `count` requests have been received (at once if they have).
    func wait(forCount count: Int) async {
        await withCheckedContinuation { continuation in
            let reached = state.withLock { state in
                guard state.received < count else { return true }
                state.waiting.append((count, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }
}
