import RepositoryContractsPrimitives

extension MockClock {
    /// Suspends until an advance reaches `deadline`.
    ///
    /// Called on the clock's ``executor``, the sleep is *covered*: the advance that wakes it runs the
    /// woken task on that executor until it suspends again before moving time on.
    ///
    /// Returns at once when `deadline` is at or before ``now`` (after checking for cancellation), unlike
    /// swift-clocks' `TestClock`, which suspends a sleep until exactly `now` until the next advance.
    /// Throws `CancellationError` when the task is cancelled, whether before, while or after the sleeper
    /// registers; a cancelled sleeper leaves ``pendingSleepers`` at once.
    ///
    /// - Parameters:
    ///   - deadline: The instant to wake at.
    ///   - tolerance: Recorded in ``PendingSleeper/tolerance`` for assertions; the clock wakes sleepers at
    ///     their deadline exactly.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        if state.withLock({ deadline <= $0.now }) { return }
        let sleeper = Sleeper(
            deadline: deadline, tolerance: tolerance, taskName: currentTaskName(), onExecutor: executor.isCurrent,
            task: currentTaskIdentity(), inCensus: census?.isMarker(TaskCensus.current) ?? false)
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let registration = state.withLock {
                    $0.register(sleeper, continuation: continuation, taskIsCancelled: Task.isCancelled)
                }
                switch registration {
                case .pending(let waiters, let returned):
                    for waiter in waiters { waiter.resume() }
                    for signal in returned { signal.fire(true) }
                case .due:
                    continuation.resume()
                case .cancelled:
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            state.withLock { $0.cancel(sleeper) }?.resume(throwing: CancellationError())
        }
        if !sleeper.onExecutor {
            state.withLock { $0.takeReturnSignal(of: sleeper) }?.fire(true)
        }
    }
}

/// The current task's name (`Task(name:)`), where the toolchain and OS have task names.
private func currentTaskName() -> String? {
    #if compiler(>=6.2)
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            return Task.name
        }
    #endif
    return nil
}
