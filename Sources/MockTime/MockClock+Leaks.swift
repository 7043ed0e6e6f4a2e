import RepositoryContractsPrimitives

extension MockClock {
    /// Throws, naming them, when sleepers are still pending; the sleepers stay pending.
    public func checkNoPendingSleepers() throws(PendingSleepersError) {
        let (now, sleepers) = state.withLock { ($0.now, $0.pendingSleepers) }
        if !sleepers.isEmpty { throw PendingSleepersError(sleepers: sleepers, now: now) }
    }

    /// Resumes every pending sleeper with `CancellationError`, so that no task sleeps forever.
    ///
    /// - Returns: The sleepers that were pending, in wake order.
    @discardableResult
    public func cancelPendingSleepers() -> [PendingSleeper] {
        let cancelled = state.withLock { $0.cancelAll() }
        for (_, continuation) in cancelled {
            continuation?.resume(throwing: CancellationError())
        }
        return cancelled.map(\.sleeper)
    }
}
