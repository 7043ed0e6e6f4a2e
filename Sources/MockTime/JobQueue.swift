/// The jobs waiting on a ``MockClock/Executor``, first in, first out, in amortised O(1).
struct JobQueue {
    private var jobs: [UnownedJob] = []
    private var head = 0

    var isEmpty: Bool { head == jobs.count }

    mutating func append(_ job: UnownedJob) {
        jobs.append(job)
    }

    /// Removes and returns the oldest job.
    mutating func popFirst() -> UnownedJob? {
        guard head < jobs.count else { return nil }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1_024, head * 2 >= jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}
