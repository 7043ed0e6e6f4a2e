import Foundation

/// Runs the jobs of a parallel run one at a time, on a thread of its own, and picks the next job among
/// those ready by a seed: the same seed gives the same interleaving, and different seeds explore
/// different ones.
///
/// It is both the task executor the run's tasks prefer (child tasks inherit the preference, and default
/// actors run on it) and a serial executor each job is run isolated to. The second matters: the runtime
/// hops from one default actor to another on the same thread when the target is free, without asking
/// any executor, unless the job it runs is isolated to a serial executor that is not the generic one.
/// Then every hop is enqueued here, and a plain `await other.save(x)` between a read and a write is a
/// place where another task's job can be picked.
///
/// Work the scheduler does not see (the main actor, an actor with a custom executor, an unstructured
/// `Task {}`, a callback from another thread) comes back as a job enqueued from another thread: the
/// scheduler counts those (``foreignEnqueues``) so that a run can say it was not in control.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
package final class SeededScheduler: TaskExecutor, SerialExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var ready: [UnownedJob] = []
    private var random: SplitMix64
    private var stopping = false
    private var ownThread: Thread?
    private var picked = 0
    private var foreign = 0
    private var started = false

    /// A scheduler whose picks follow `seed`.
    package init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// How many jobs it has run.
    package var picks: Int { condition.withLock { picked } }

    /// How many jobs were enqueued from another thread after the run's first: work the scheduler did not
    /// run coming back to it.
    package var foreignEnqueues: Int { condition.withLock { foreign } }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            if started, Thread.current !== ownThread { foreign += 1 }
            started = true
            ready.append(job)
            condition.signal()
        }
    }

    /// Runs `body` with this scheduler as its tasks' preferred executor, on a thread started for the run
    /// and stopped after it.
    package func run<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) async -> Value {
        let thread = Thread { [self] in loop() }
        condition.withLock { ownThread = thread }
        thread.start()
        let value = await withTaskExecutorPreference(self) { await body() }
        condition.withLock {
            stopping = true
            condition.signal()
        }
        return value
    }

    /// Runs ready jobs, each picked by the seed, until the run is over and nothing is left.
    private func loop() {
        while let job = next() {
            job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
        }
    }

    /// The next job to run, or `nil` once the run is over and none is ready.
    private func next() -> UnownedJob? {
        condition.withLock {
            while ready.isEmpty {
                if stopping { return nil }
                condition.wait()
            }
            picked += 1
            return ready.remove(at: random.bounded(ready.count))
        }
    }
}
