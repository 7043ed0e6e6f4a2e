/// One call to ``MockClock/sleep(until:tolerance:)``: what the clock knows about it and where it is.
///
/// The object is shared by the sleeping call, its cancellation handler and the clock's heap. Every `var`
/// is read and written only under the clock's lock, hence `@unchecked Sendable`. Because the sleeping call
/// owns it (not a table keyed by number), a cancellation that arrives before registration is recorded on
/// the object itself and freed with it: nothing is left behind whichever side comes first.
final class Sleeper: @unchecked Sendable {
    /// Where a sleeper is in its life.
    enum Phase {
        /// Created, not yet in the heap.
        case starting
        /// In the heap, its continuation stored.
        case pending
        /// Cancelled: before registering (the registration then throws at once) or while pending.
        case cancelled
        /// Resumed by an advance.
        case woken
    }

    let deadline: MockClock.Instant
    let tolerance: Duration?
    let taskName: String?
    /// The registration number: the tie-breaker between equal deadlines. Set when registered.
    var sequence = 0
    /// The sleeper's index in the heap's storage while pending, else -1.
    var heapIndex = -1
    var phase = Phase.starting
    /// When it registered (the clock's ``MockClock/now`` then).
    var since = MockClock.Instant()
    var continuation: UnsafeContinuation<Void, any Error>?
    /// Whether the sleep was called on the clock's ``MockClock/Executor``: then an advance runs the woken
    /// task itself (by draining the executor) and knows when it has gone as far as it can.
    let onExecutor: Bool
    /// The sleeping task's identity (``currentTaskIdentity()``), for following it after it wakes.
    let task: Int?
    /// Whether the sleeping task runs in the clock's scope, counted by its ``TaskCensus``: then the
    /// clock can tell, by the census, when it has ended.
    let inCensus: Bool
    /// Fired when the woken sleep returns to its caller; set by a settling advance before it resumes
    /// a sleeper that is not on the clock's executor.
    var returnSignal: Signal?

    init(
        deadline: MockClock.Instant, tolerance: Duration?, taskName: String?, onExecutor: Bool = false, task: Int? = nil,
        inCensus: Bool = false
    ) {
        self.inCensus = inCensus
        self.deadline = deadline
        self.tolerance = tolerance
        self.taskName = taskName
        self.onExecutor = onExecutor
        self.task = task
    }

    /// Ends the sleeper's life as `phase` and hands over its continuation (nil unless it was pending).
    func finish(as phase: Phase) -> UnsafeContinuation<Void, any Error>? {
        self.phase = phase
        defer { continuation = nil }
        return continuation
    }

    /// The public description of the sleeper.
    var snapshot: PendingSleeper {
        PendingSleeper(deadline: deadline, sequence: sequence, tolerance: tolerance, taskName: taskName)
    }
}
