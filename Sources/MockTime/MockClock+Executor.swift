import RepositoryContractsPlatform
import Dispatch
import Foundation

extension MockClock {
    /// The clock's own serial task executor: code that runs on it is run by the clock's advances, so an
    /// advance knows when woken work has gone as far as it can.
    ///
    /// Run code on it with ``MockClock/startTask(name:fileID:line:_:)->Task<Void,Never>`` (which also lets the clock
    /// follow the task to its end), `withTaskExecutorPreference(clock.executor) { … }` or
    /// `Task(executorPreference: clock.executor) { … }` (the `.mockClock` trait and ``withMockClock(now:startDate:isolation:_:)``
    /// run the test body this way). The preference is inherited by `async let` and task-group children,
    /// and default actors called from such tasks run on it too (SE-0417); it is *not* inherited by
    /// `Task { … }` or `Task.detached { … }`, and code isolated to the main actor or to an actor with its own
    /// executor runs there, not here.
    ///
    /// Jobs run one at a time, in the order they were enqueued (a trampoline): on the thread of an
    /// advance that is draining the executor, nested inside the job that called the advance, or else on
    /// a private serial dispatch queue. Every ``MockClock/advance(by:)`` runs the queued jobs to
    /// exhaustion before its first step and after resuming each sleeper, so that a woken task on this
    /// executor has run to its next suspension (or its end) before time moves on.
    ///
    /// A job that blocks its thread (a semaphore, blocking I/O) blocks every job queued behind it, as on
    /// the main actor.
    public final class Executor: @unchecked Sendable {
        /// Who runs the queued jobs now.
        private enum Runner: Equatable {
            /// Nobody: the queue is empty.
            case none
            /// A block was submitted to the dispatch queue and has not started; any thread may take over.
            case dispatched
            /// This thread is running jobs (a dispatch block, or a drain).
            case thread(ThreadIdentity)
        }

        /// Guards `queue` and `runner`, and is what a thread that wants the runner role waits on: it is
        /// broadcast when the runner lets go. A wait, so a condition variable rather than a `Protected`.
        private let runnerReleased = NSCondition()
        private var queue = JobQueue()
        private var runner = Runner.none
        private let dispatchQueue = DispatchQueue(label: "MockClock.Executor")

        init() {}

        /// Adds `job` to the queue and makes sure someone runs it.
        func enqueue(unowned job: UnownedJob) {
            runnerReleased.lock()
            queue.append(job)
            let dispatch = runner == .none
            if dispatch { runner = .dispatched }
            runnerReleased.unlock()
            if dispatch { dispatchQueue.async { self.runDispatched() } }
        }

        /// Whether the calling thread is running this executor's jobs now (a job on it, or a drain).
        var isCurrent: Bool {
            runnerReleased.lock()
            defer { runnerReleased.unlock() }
            return runner == .thread(.current)
        }

        /// Runs the queued jobs, and those they enqueue, until none is left; returns how many ran.
        ///
        /// Nested inside a job of this executor, it runs them right there. Otherwise it waits until no
        /// other thread is running jobs, then runs them on the calling thread.
        @discardableResult
        func drain() -> Int {
            serve { self.runQueued() }
        }

        /// Runs `body` as this executor's runner: jobs enqueued meanwhile (by resumed continuations) wait
        /// for ``runQueued()`` or for the end of `body`, which runs what is left before letting go.
        func serve<Result>(_ body: () -> Result) -> Result {
            let me = ThreadIdentity.current
            runnerReleased.lock()
            if runner == .thread(me) {
                runnerReleased.unlock()
                return body()
            }
            while case .thread = runner { runnerReleased.wait() }
            runner = .thread(me)
            runnerReleased.unlock()
            let result = body()
            runJobs(releasing: true)
            return result
        }

        /// Runs the queued jobs until none is left, without letting go of the runner role. Call only as
        /// the runner (inside ``serve(_:)``).
        @discardableResult
        func runQueued() -> Int {
            runJobs(releasing: false)
        }

        private func runDispatched() {
            runnerReleased.lock()
            guard runner == .dispatched else {
                // A drain took over (or finished) the work this block was submitted for.
                runnerReleased.unlock()
                return
            }
            runner = .thread(.current)
            runnerReleased.unlock()
            runJobs(releasing: true)
        }

        @discardableResult
        private func runJobs(releasing: Bool) -> Int {
            var count = 0
            while true {
                runnerReleased.lock()
                guard let job = queue.popFirst() else {
                    if releasing {
                        runner = .none
                        runnerReleased.broadcast()
                    }
                    runnerReleased.unlock()
                    return count
                }
                runnerReleased.unlock()
                run(job)
                count += 1
            }
        }

        private func run(_ job: UnownedJob) {
            if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension MockClock.Executor: TaskExecutor {
    /// Queues `job`; it runs in enqueue order, one job at a time.
    public func enqueue(_ job: consuming ExecutorJob) {
        enqueue(unowned: UnownedJob(job))
    }
}
