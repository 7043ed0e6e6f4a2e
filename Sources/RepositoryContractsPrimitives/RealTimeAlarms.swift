import Foundation

/// Runs short actions at real-time deadlines, all from one thread of its own: the package's one timer.
///
/// The package sets a real-time bound on nearly every call it watches (the contract watchdog, the mock
/// clock's settling waits, the traits' time limits), and nearly every bound is cancelled because the call
/// ended first. A dispatch timer per bound put all of them through the dispatch manager thread: the
/// parallel model checks make tens of thousands a minute, and while the manager thread was busy
/// registering and cancelling them it delayed every other dispatch source in the process, URLSession's
/// socket events included, so that HTTP tests stalled for seconds at a time on a loaded machine. Here an
/// alarm is an entry in a heap under a lock, and cancelling one is a dictionary removal (the heap drops
/// the entries of cancelled alarms all at once when they are most of it).
///
/// Actions run on the alarm thread, one after another: they must be short and must not block (resume a
/// continuation, set a flag, schedule another alarm).
package final class RealTimeAlarms: @unchecked Sendable {
    /// The process's alarms.
    package static let shared = RealTimeAlarms()

    /// One scheduled alarm, to cancel it.
    package struct Alarm: Sendable, Hashable {
        fileprivate let number: Int
    }

    // Every call a watchdog watches sets an alarm and cancels it, from whatever thread the call runs on:
    // the lock is held for a few instructions, and a thread that finds it taken tries again a little
    // before it sleeps (a sleeping thread costs two context switches, a spin a few hundred nanoseconds).
    private let lock = NSLock()
    // Guarded by `lock`.
    private var due: DeadlineHeap
    /// The heap's epoch, read outside the lock.
    private let epoch: ContinuousClock.Instant
    private var actions: [Int: @Sendable () -> Void] = [:]
    private var lastNumber = 0
    private var cancelledInHeap = 0
    private var threadStarted = false
    /// When the alarm thread wakes up next on its own (nanoseconds on the heap's clock), `nil` while it
    /// runs actions or waits with no deadline: a new alarm wakes it only when it is due before that.
    private var sleepsUntil: Int64?
    /// The alarm thread waits on it, with a timeout when an alarm is pending.
    private let wakeUp = DispatchSemaphore(value: 0)

    package init() {
        epoch = .now
        due = DeadlineHeap(epoch: epoch)
    }

    /// Runs `action` on the alarm thread once `deadline` has passed, unless cancelled first.
    @discardableResult
    package func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) -> Alarm {
        let nanoseconds = DeadlineHeap.nanoseconds(at: deadline, since: epoch)
        acquire()
        lastNumber += 1
        let number = lastNumber
        actions[number] = action
        due.insert(nanoseconds: nanoseconds, number: number)
        let startsThread = !threadStarted
        threadStarted = true
        let wakes = !startsThread && sleepsUntil.map { nanoseconds < $0 } == true
        if wakes { sleepsUntil = nil }
        lock.unlock()
        if startsThread {
            let thread = Thread { [self] in runAlarms() }
            thread.name = "RepositoryContracts alarms"
            thread.start()
        } else if wakes {
            wakeUp.signal()
        }
        return Alarm(number: number)
    }

    /// Cancels `alarm`: its action will not run (it may be running now, or have run).
    package func cancel(_ alarm: Alarm) {
        acquire()
        defer { lock.unlock() }
        guard actions.removeValue(forKey: alarm.number) != nil else { return }
        // A cancelled alarm's entry stays in the heap; once they are most of it, they go all at once
        // rather than one pop each as their deadlines come up.
        cancelledInHeap += 1
        if cancelledInHeap > 64, cancelledInHeap > due.count / 2 {
            due.removeAll { actions[$0] != nil }
            cancelledInHeap = 0
        }
    }

    /// How many alarms are scheduled and not cancelled (for tests).
    package var pendingCount: Int {
        acquire()
        defer { lock.unlock() }
        return actions.count
    }

    /// Takes the lock, trying a few times before waiting for it.
    private func acquire() {
        for _ in 0..<100 where lock.try() { return }
        lock.lock()
    }

    private func runAlarms() {
        while true {
            acquire()
            // Entries of cancelled alarms stay in the heap until their deadline comes up: dropped here.
            while let first = due.earliestEntry, actions[first.number] == nil {
                due.removeEarliest()
                cancelledInHeap = max(0, cancelledInHeap - 1)
            }
            guard let first = due.earliestEntry else {
                sleepsUntil = .max
                lock.unlock()
                wakeUp.wait()
                continue
            }
            let wait = first.nanoseconds - DeadlineHeap.nanoseconds(at: .now, since: epoch)
            if wait > 0 {
                sleepsUntil = first.nanoseconds
                lock.unlock()
                _ = wakeUp.wait(timeout: .now() + .nanoseconds(Int(clamping: wait)))
                continue
            }
            due.removeEarliest()
            let action = actions.removeValue(forKey: first.number)
            sleepsUntil = nil
            lock.unlock()
            action?()
        }
    }
}

/// A binary min-heap of deadlines, each with its alarm's number (earlier numbers first at equal deadlines).
/// Deadlines are whole nanoseconds since the heap's epoch, compared as integers: in a debug build (a
/// user's test target) comparing clock instants is a chain of generic calls, and the alarm thread pops
/// an entry for every alarm, cancelled or not.
package struct DeadlineHeap {
    private struct Entry {
        var nanoseconds: Int64
        var number: Int
    }

    private let epoch: ContinuousClock.Instant
    private var entries: [Entry] = []

    /// An empty heap whose deadlines count from `epoch`.
    package init(epoch: ContinuousClock.Instant = .now) {
        self.epoch = epoch
    }

    /// How many entries it holds.
    package var count: Int { entries.count }

    /// The entry that comes first, if any.
    package var earliest: (deadline: ContinuousClock.Instant, number: Int)? {
        entries.first.map { (epoch + .nanoseconds($0.nanoseconds), $0.number) }
    }

    /// The entry that comes first, its deadline in nanoseconds since the heap's epoch.
    package var earliestEntry: (nanoseconds: Int64, number: Int)? {
        entries.first.map { ($0.nanoseconds, $0.number) }
    }

    /// `instant` as whole nanoseconds since `epoch`.
    package static func nanoseconds(at instant: ContinuousClock.Instant, since epoch: ContinuousClock.Instant) -> Int64 {
        let (seconds, attoseconds) = epoch.duration(to: instant).components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// Adds an entry (its deadline kept to the nanosecond).
    package mutating func insert(_ entry: (deadline: ContinuousClock.Instant, number: Int)) {
        insert(nanoseconds: Self.nanoseconds(at: entry.deadline, since: epoch), number: entry.number)
    }

    /// Adds an entry whose deadline is `nanoseconds` since the heap's epoch (``nanoseconds(at:since:)``).
    package mutating func insert(nanoseconds: Int64, number: Int) {
        entries.append(Entry(nanoseconds: nanoseconds, number: number))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(entries[child], entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes the entry that comes first.
    package mutating func removeEarliest() {
        guard !entries.isEmpty else { return }
        entries.swapAt(0, entries.count - 1)
        entries.removeLast()
        siftDown(from: 0)
    }

    /// Keeps only the entries whose number `isKept` accepts, in heap order again.
    package mutating func removeAll(keeping isKept: (Int) -> Bool) {
        entries.removeAll { !isKept($0.number) }
        for parent in stride(from: entries.count / 2 - 1, through: 0, by: -1) { siftDown(from: parent) }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < entries.count, Self.precedes(entries[left], entries[first]) { first = left }
            if right < entries.count, Self.precedes(entries[right], entries[first]) { first = right }
            guard first != parent else { return }
            entries.swapAt(parent, first)
            parent = first
        }
    }

    private static func precedes(_ one: Entry, _ other: Entry) -> Bool {
        one.nanoseconds < other.nanoseconds || (one.nanoseconds == other.nanoseconds && one.number < other.number)
    }
}
