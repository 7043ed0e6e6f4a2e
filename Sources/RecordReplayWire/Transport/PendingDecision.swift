import Dispatch
import Foundation
import RepositoryContractsPrimitives

/// A decision a connection's thread waits for, which stop (or a dropped answer) cancels.
protocol PendingDecision: Sendable {
    /// Makes the connection's wait end at once, without the plan.
    func cancel()
}

/// Runs a `.blocking` plan's decision on the connection's thread; ``cancel()`` from another thread cuts
/// it short and drops its plan.
final class BlockingDecisionRun: PendingDecision {
    private let decision: BlockingDecision
    private let cancelled = Protected(false)

    init(_ decision: BlockingDecision) {
        self.decision = decision
    }

    /// The decided plan; `nil` when cancelled before or while it ran.
    func run() -> ResponsePlan? {
        guard !cancelled.withLock({ $0 }) else { return nil }
        let plan = decision.decide()
        return cancelled.withLock { $0 } ? nil : plan
    }

    func cancel() {
        let first = cancelled.withLock { cancelled in
            defer { cancelled = true }
            return !cancelled
        }
        if first { decision.cancel() }
    }
}

/// Runs a `.deferred` plan's closure in a task and lets the connection's thread block until it returns
/// or the server stops.
///
/// The one bridge from the connection threads to Swift concurrency; it is used only for deferred plans,
/// never on the path of an ordinary response.
final class DeferredPlanWait: PendingDecision {
    private struct State {
        var plan: ResponsePlan?
        var cancelled = false
        var task: Task<Void, Never>?
    }

    private let state = Protected(State())
    /// Signalled once: when the plan is decided or the wait is cancelled. The connection's thread waits on
    /// it.
    private let decidedOrCancelled = DispatchSemaphore(value: 0)

    /// Starts `decide` in a task.
    func start(_ decide: @escaping @Sendable () async -> ResponsePlan) {
        state.withLock { state in
            guard !state.cancelled else { return }
            state.task = Task { [self] in
                let plan = await decide()
                finish(with: plan)
            }
        }
    }

    /// Blocks until the plan is decided or ``cancel()`` is called; `nil` when cancelled (the server is
    /// stopping and the connection closes without carrying out the plan).
    func wait() -> ResponsePlan? {
        decidedOrCancelled.wait()
        return state.withLock { $0.cancelled ? nil : $0.plan }
    }

    /// Cancels the task and releases the waiting thread at once, without waiting for the task to return.
    func cancel() {
        let task = state.withLock { state -> Task<Void, Never>? in
            guard !state.cancelled else { return nil }
            state.cancelled = true
            return state.task
        }
        task?.cancel()
        decidedOrCancelled.signal()
    }

    private func finish(with plan: ResponsePlan) {
        let decided = state.withLock { state in
            guard !state.cancelled, state.plan == nil else { return false }
            state.plan = plan
            return true
        }
        if decided { decidedOrCancelled.signal() }
    }
}
