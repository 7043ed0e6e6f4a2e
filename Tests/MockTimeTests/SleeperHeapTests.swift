@testable import MockTime
import Testing

/// The heap behind the clock: (deadline, registration) order under random inserts, removals and pops,
/// with every sleeper's stored index kept right.
@Suite("Sleeper heap", .timeLimit(.minutes(10)))
struct SleeperHeapTests {
    private func checkIndices(_ heap: SleeperHeap) -> Bool {
        heap.entries.indices.allSatisfy { heap.entries[$0].sleeper.takeUnretainedValue().heapIndex == $0 }
    }

    private func checkHeapProperty(_ heap: SleeperHeap) -> Bool {
        heap.entries.indices.dropFirst().allSatisfy { !heap.entries[$0].precedes(heap.entries[($0 - 1) / 2]) }
    }

    @Test("random inserts, removals and pops match a sorted reference", arguments: [1, 2, 3] as [UInt64])
    func randomOperations(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var heap = SleeperHeap()
        var reference: [Sleeper] = []
        var sequence = 0
        for _ in 0..<5_000 {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5:
                sequence += 1
                let sleeper = Sleeper(
                    deadline: .seconds(Int.random(in: 0..<50, using: &generator)), tolerance: nil, taskName: nil)
                sleeper.sequence = sequence
                heap.insert(sleeper)
                reference.append(sleeper)
            case 5..<8:
                guard let victim = reference.randomElement(using: &generator) else { continue }
                let removed = heap.remove(victim)
                let removedTwice = heap.remove(victim)
                #expect(removed)
                #expect(victim.heapIndex == -1)
                #expect(!removedTwice)
                reference.removeAll { $0 === victim }
            default:
                let expected = reference.min { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
                let popped = heap.popFirst()
                #expect(popped === expected)
                reference.removeAll { $0 === popped }
            }
            #expect(heap.count == reference.count)
        }
        #expect(checkIndices(heap))
        #expect(checkHeapProperty(heap))
        let drained = heap.removeAll()
        let sorted = reference.sorted { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
        #expect(drained.map(\.sequence) == sorted.map(\.sequence))
        #expect(heap.isEmpty)
    }
}
