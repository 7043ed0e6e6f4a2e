import RepositoryContractsPrimitives

extension MockClock {
    /// The earliest deadline of a pending sleeper, or nil when none is pending.
    public var nextDeadline: Instant? {
        state.withLock { $0.sleepers.firstDeadline }
    }

    /// The pending sleepers in the order an advance would wake them.
    public var pendingSleepers: [PendingSleeper] {
        state.withLock { $0.pendingSleepers }
    }

    /// How many sleepers are pending.
    public var pendingSleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// Suspends until at least `count` sleepers are pending; returns at once when they already are.
    ///
    /// The handshake to await before advancing: once it returns, the sleepers it counted are registered,
    /// so an advance is sure to see them. It suspends on a continuation that the registration reaching
    /// `count` resumes; it neither polls nor yields. It also returns (early) when the waiting task is
    /// cancelled, so a test that times out is not left hanging here.
    public func waitForSleepers(count: Int) async {
        if state.withLock({ $0.sleepers.count >= count }) { return }
        let waiter = CountWaiter(count: count)
        await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                let ready = state.withLock {
                    $0.enqueue(waiter, continuation: continuation, taskIsCancelled: Task.isCancelled)
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.cancel(waiter) }?.resume()
        }
    }
}
