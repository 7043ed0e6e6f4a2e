/// The pending sleepers as a binary min-heap ordered by (deadline, registration number).
///
/// Each sleeper knows its own index in the storage (``Sleeper/heapIndex``, updated on every move), so a
/// cancelled sleeper is removed in O(log n) without a search and without lazy deletion: the storage
/// only ever holds pending sleepers, and nothing outlives its removal. Insert and pop are O(log n);
/// peeking is O(1). The storage keeps its peak capacity, as an `Array` does.
///
/// The heap holds one retain on each sleeper, taken on insert and given back on removal; moving an entry
/// inside the storage is a plain copy (no reference counting), which is what keeps draining 10,000
/// sleepers in the low milliseconds.
struct SleeperHeap {
    /// A heap slot: the ordering key inline (no pointer chase to compare) and the sleeper.
    struct Entry {
        var deadline: MockClock.Instant
        var sequence: Int
        /// Retained by the heap while the entry is in it.
        var sleeper: Unmanaged<Sleeper>

        @inline(__always)
        func precedes(_ other: Entry) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && sequence < other.sequence)
        }

        /// Records `index` as the sleeper's place in the storage.
        @inline(__always)
        func place(at index: Int) {
            sleeper._withUnsafeGuaranteedRef { $0.heapIndex = index }
        }
    }

    private(set) var entries: [Entry] = []

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    /// The earliest deadline, if any.
    var firstDeadline: MockClock.Instant? { entries.first?.deadline }

    /// Adds a sleeper whose `sequence` is set.
    mutating func insert(_ sleeper: Sleeper) {
        entries.append(Entry(deadline: sleeper.deadline, sequence: sleeper.sequence, sleeper: .passRetained(sleeper)))
        siftUp(from: entries.count - 1)
    }

    /// Removes and returns the sleeper that wakes first.
    mutating func popFirst() -> Sleeper? {
        guard !entries.isEmpty else { return nil }
        return remove(at: 0)
    }

    /// Removes `sleeper` when it is in the heap; returns whether it was.
    @discardableResult
    mutating func remove(_ sleeper: Sleeper) -> Bool {
        let index = sleeper.heapIndex
        guard index >= 0, index < entries.count,
            entries[index].sleeper.toOpaque() == Unmanaged.passUnretained(sleeper).toOpaque()
        else { return false }
        _ = remove(at: index)
        return true
    }

    /// Removes every sleeper, in wake order.
    mutating func removeAll() -> [Sleeper] {
        var sleepers: [Sleeper] = []
        sleepers.reserveCapacity(entries.count)
        while let sleeper = popFirst() { sleepers.append(sleeper) }
        return sleepers
    }

    private mutating func remove(at index: Int) -> Sleeper {
        let removed = entries[index].sleeper.takeRetainedValue()
        removed.heapIndex = -1
        let last = entries.removeLast()
        if index < entries.count {
            entries[index] = last
            if index > 0, last.precedes(entries[(index - 1) / 2]) {
                siftUp(from: index)
            } else {
                siftDown(from: index)
            }
        }
        return removed
    }

    /// Moves the entry at `index` up to its place ("hole" technique: one write per level).
    private mutating func siftUp(from index: Int) {
        let moving = entries[index]
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard moving.precedes(entries[parent]) else { break }
            entries[child] = entries[parent]
            entries[child].place(at: child)
            child = parent
        }
        entries[child] = moving
        moving.place(at: child)
    }

    /// Moves the entry at `index` down to its place.
    private mutating func siftDown(from index: Int) {
        let moving = entries[index]
        let count = entries.count
        var parent = index
        while true {
            let left = 2 * parent + 1
            guard left < count else { break }
            let right = left + 1
            let child = right < count && entries[right].precedes(entries[left]) ? right : left
            guard entries[child].precedes(moving) else { break }
            entries[parent] = entries[child]
            entries[parent].place(at: parent)
            parent = child
        }
        entries[parent] = moving
        moving.place(at: parent)
    }
}
