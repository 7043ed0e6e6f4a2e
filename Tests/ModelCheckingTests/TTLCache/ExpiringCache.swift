import MockTime

/// A second implementation of ``TTLCache``, as a production cache is built: entries with their deadlines,
/// and a queue of (deadline, key) in deadline order that each call purges up to now, so that expired
/// entries go without a read. `bug` plants one mistake that only a sequence of calls and time steps shows.
actor ExpiringCache: TTLCache {
    enum Bug: String, CaseIterable, Sendable {
        /// An entry is still served at exactly its TTL (`<=` where `<` belongs).
        case servedAtDeadline
        /// Overwriting a key leaves its first deadline in the queue, which later evicts the new value early.
        case overwriteEvictedEarly
        /// `count()` counts the entries not purged yet, expired ones included (it skips the purge).
        case countsExpired
    }

    private let ttl: Duration
    private let clock: MockClock
    private let bug: Bug?
    private var entries: [String: (value: String, deadline: MockClock.Instant)] = [:]
    private var queue: [(deadline: MockClock.Instant, key: String)] = []

    init(ttl: Duration, clock: MockClock, bug: Bug? = nil) {
        self.ttl = ttl
        self.clock = clock
        self.bug = bug
    }

    func set(_ value: String, for key: String) {
        purge()
        let deadline = clock.now.advanced(by: ttl)
        entries[key] = (value, deadline)
        queue.append((deadline, key))
    }

    func value(for key: String) -> String? {
        purge()
        return entries[key]?.value
    }

    func removeValue(for key: String) {
        purge()
        entries[key] = nil
    }

    func count() -> Int {
        if bug != .countsExpired { purge() }
        return entries.count
    }

    /// Drops every queued deadline that has passed, and its entry when the entry's own deadline has too.
    private func purge() {
        let now = clock.now
        while let first = queue.first, bug == .servedAtDeadline ? first.deadline < now : first.deadline <= now {
            queue.removeFirst()
            guard let entry = entries[first.key] else { continue }
            if bug == .overwriteEvictedEarly || entry.deadline == first.deadline { entries[first.key] = nil }
        }
    }
}
