import Foundation

/// Runs the jobs of a parallel run one at a time, on a thread it alone uses, and picks the next job among
/// those ready by a seed: the same seed gives the same interleaving, and different seeds explore
/// different ones.
///
/// It is both the task executor the run's tasks prefer (child tasks inherit the preference, and default
/// actors run on it) and a serial executor each job is run isolated to. The second matters: a job isolated
/// to a serial executor other than the generic one may not hand its thread to a default actor inline, so a
/// call from a task's own code into an actor is enqueued here, as is a hop onto an actor with calls queued;
/// a plain `await other.save(x)` between a read and a write is then a place where another task's job can
/// be picked. Inside an actor, the runtime still takes a hop into an actor that has nothing queued inline,
/// on the same thread: no executor sees it, so that hop is no choice point.
///
/// Work the scheduler does not see (the main actor, an actor with a custom executor, an unstructured
/// `Task {}`, a callback from another thread) comes back as a job enqueued from another thread: the
/// scheduler counts those (``report``) so that a run can say it was not in control.
///
/// How it picks: among the jobs ready, a task's job (a task starting or resuming) comes first seven times
/// in eight, an actor's queue (the job that runs the calls waiting on an actor) otherwise, each uniformly
/// by the seed. Holding an actor's queue back a little lets other tasks' calls join it, so that when a
/// call suspends inside the actor (a hop out and back), calls of other tasks run in the middle of it:
/// that is where reentrancy races show. Uniform picks over all jobs found the racing cache of the
/// project's tests in 91 of 100 checks; this finds it in the figures the model-based article gives. A
/// job is told apart by its description (`ExecutorJob(id: nil)` for an actor's queue); were that to
/// change, every job would be picked alike.
///
/// A watched call that stalls releases it (``release()``): the call may be blocking its thread, so a
/// second thread takes the jobs from then on, first come first served. Jobs that arrive after the run
/// (an abandoned call coming back) are run on a thread taken for them, never dropped. Its threads come
/// from ``SchedulerThreads``, which keeps them between runs.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
package final class SeededScheduler: TaskExecutor, SerialExecutor, RunExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    /// The jobs ready, each with whether it runs an actor's queue (found out only when a pick needs it).
    private var ready: [(job: UnownedJob, isActorJob: Bool?)] = []
    /// How many of the first jobs ready are known to run an actor's queue or not: jobs join at the end,
    /// so a pick looks only at those that joined since the last one.
    private var classifiedCount = 0
    /// How many of those run a task (start or resume one).
    private var taskCount = 0
    private var random: SplitMix64
    private var ownThread: Thread?
    private var started = false
    private var released = false
    private var stopping = false
    private var workers = 0
    private var counts = SchedulerReport()

    /// A scheduler whose picks follow `seed`.
    package init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        _ = MainQueue.isCurrent  // sets the main queue's key before any job can come back from it
    }

    /// What it ran and what came back from elsewhere so far.
    package var report: SchedulerReport { condition.withLock { counts } }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let startsDrainer = condition.withLock {
            if started, !released, Thread.current !== ownThread {
                if MainQueue.isCurrent { counts.jobsFromMainThread += 1 } else { counts.jobsFromOtherThreads += 1 }
            }
            started = true
            ready.append((job, nil))
            condition.signal()
            guard stopping, workers == 0 else { return false }
            workers += 1
            return true
        }
        if startsDrainer { startWorker() }
    }

    package func startTask(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        Task(executorPreference: self, operation: body)
    }

    package func release() {
        let startsWorker = condition.withLock {
            guard !released else { return false }
            released = true
            counts.released = true
            workers += 1
            return true
        }
        if startsWorker { startWorker() }
    }

    /// Runs `body` with this scheduler as its tasks' preferred executor (and their watched calls' run
    /// executor), on a thread of ``SchedulerThreads/shared`` taken for the run; the thread is handed back
    /// once the run is over and no job is left.
    package func run<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) async -> Value {
        condition.withLock { workers += 1 }
        SchedulerThreads.shared.run { [self] in
            // Before any job runs here: a job enqueued from this thread is the run's own.
            condition.withLock { ownThread = Thread.current }
            work()
        }
        let value = await withTaskExecutorPreference(self) {
            await RunExecutorScope.$current.withValue(self) { await body() }
        }
        condition.withLock {
            stopping = true
            condition.broadcast()
        }
        return value
    }

    private func startWorker() {
        SchedulerThreads.shared.run { [self] in work() }
    }

    /// Runs jobs until the run is over and none is left.
    private func work() {
        while let job = next() {
            job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
        }
    }

    /// The next job: picked by the seed among those ready, or the oldest once released; `nil` once the run
    /// is over and none is ready.
    private func next() -> UnownedJob? {
        condition.withLock {
            while ready.isEmpty {
                if stopping {
                    workers -= 1
                    return nil
                }
                condition.wait()
            }
            counts.picks += 1
            if released || ready.count == 1 { return take(at: 0) }
            // The jobs that joined since the last pick; the draws are the same as counting all of them
            // at every pick, so a seed picks the same schedule.
            while classifiedCount < ready.count {
                // An actor's queue has no task: its description says `(id: nil)`.
                let isActorJob = ready[classifiedCount].job.description.hasSuffix("(id: nil)")
                ready[classifiedCount].isActorJob = isActorJob
                if !isActorJob { taskCount += 1 }
                classifiedCount += 1
            }
            if taskCount > 0, taskCount < ready.count, random.bounded(8) != 0 {
                var tasksBefore = random.bounded(taskCount)
                // Read through a local copy: each read of the stored array is an access check in a debug build.
                let jobs = ready
                for index in jobs.indices {
                    guard case .some(false) = jobs[index].isActorJob else { continue }
                    if tasksBefore == 0 { return take(at: index) }
                    tasksBefore -= 1
                }
            }
            return take(at: random.bounded(ready.count))
        }
    }

    /// Removes the job at `index` from those ready, keeping the counts of the jobs classified.
    private func take(at index: Int) -> UnownedJob {
        let taken = ready.remove(at: index)
        if index < classifiedCount {
            classifiedCount -= 1
            if taken.isActorJob == false { taskCount -= 1 }
        }
        return taken.job
    }
}

/// What a seeded scheduler ran, and what it did not control.
package struct SchedulerReport: Sendable, Equatable {
    /// How many jobs it ran.
    package var picks = 0
    /// Jobs enqueued from the main thread during the run: work on the main actor coming back.
    package var jobsFromMainThread = 0
    /// Jobs enqueued from other threads during the run: a custom executor's actor, an unstructured or
    /// detached task, a callback from URLSession or a database driver coming back.
    package var jobsFromOtherThreads = 0
    /// Whether a watched call stalled and the scheduler ran the rest freely.
    package var released = false

    package init() {}

    /// Whether every job of the run was in the scheduler's hands, picked by its seed.
    package var controlled: Bool { jobsFromMainThread == 0 && jobsFromOtherThreads == 0 && !released }
}

/// Whether code runs on the main queue, where the main actor's jobs run: on Linux a worker thread drains
/// it (the process's main thread waits in `dispatchMain()`), so `Thread.isMainThread` cannot tell.
enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs on the main queue (or the main thread).
    static var isCurrent: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true
    }
}
