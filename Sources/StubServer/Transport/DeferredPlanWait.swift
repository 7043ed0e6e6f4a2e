import Dispatch
import Foundation

/// Runs a `.deferred` plan's closure in a task and lets the connection's thread block until it returns
/// or the server stops.
///
/// The one bridge from the connection threads to Swift concurrency; it is used only for deferred plans,
/// never on the path of an ordinary response.
final class DeferredPlanWait: @unchecked Sendable {
    private let lock = NSLock()
    private let semaphore = DispatchSemaphore(value: 0)
    private var plan: ResponsePlan?
    private var cancelled = false
    private var task: Task<Void, Never>?

    /// Starts `decide` in a task.
    func start(_ decide: @escaping @Sendable () async -> ResponsePlan) {
        lock.withLock {
            guard !cancelled else { return }
            task = Task { [self] in
                let plan = await decide()
                finish(with: plan)
            }
        }
    }

    /// Blocks until the plan is decided or ``cancel()`` is called; `nil` when cancelled (the server is
    /// stopping and the connection closes without carrying out the plan).
    func wait() -> ResponsePlan? {
        semaphore.wait()
        return lock.withLock { cancelled ? nil : plan }
    }

    /// Cancels the task and releases the waiting thread at once, without waiting for the task to return.
    func cancel() {
        let task: Task<Void, Never>? = lock.withLock {
            guard !cancelled else { return nil }
            cancelled = true
            return self.task
        }
        task?.cancel()
        semaphore.signal()
    }

    private func finish(with plan: ResponsePlan) {
        let decided: Bool = lock.withLock {
            guard !cancelled, self.plan == nil else { return false }
            self.plan = plan
            return true
        }
        if decided { semaphore.signal() }
    }
}
