/// An executor a run owns and steers (the model-based checks' seeded scheduler). The watchdog starts a
/// watched call's work on it, so that the call's jobs stay in its hands, and tells it when a call stalls,
/// so that it stops relying on the one thread it runs jobs on (the stalled call may be blocking it).
package protocol RunExecutor: AnyObject, Sendable {
    /// Starts `body` in an unstructured task that prefers this executor, as a child task would.
    func startTask(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never>

    /// A call it runs stalled: from now on it runs its jobs freely, on a thread that is not blocked.
    func release()
}

/// The run executor of the current task, if a run owns one.
package enum RunExecutorScope {
    /// Set by the run for the tasks it starts; unstructured tasks inherit it, as they inherit every task local.
    @TaskLocal package static var current: (any RunExecutor)?
}
