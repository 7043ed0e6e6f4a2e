import RepositoryContractsPrimitives
import Testing

@Suite("concurrentMap", .timeLimit(.minutes(1)))
struct ConcurrentMapTests {
    @Test("the results come in the collection's order, whatever order the pieces end in", arguments: [1, 2, 3, 8])
    func keepsOrder(width: Int) async {
        // Earlier elements yield more often, so they tend to end later.
        let results = await Array(0..<40).concurrentMap(width: width) { (value: Int) -> String in
            for _ in 0..<(40 - value) % 7 { await Task.yield() }
            return "#\(value)"
        }
        #expect(results == (0..<40).map { "#\($0)" })
    }

    @Test("empty and single collections")
    func smallCollections() async {
        #expect(await [Int]().concurrentMap { $0 * 2 } == [])
        #expect(await [21].concurrentMap { $0 * 2 } == [42])
    }

    @Test("never more than width pieces at once")
    func boundedWidth() async {
        let running = Protected((now: 0, most: 0))
        _ = await Array(0..<50).concurrentMap(width: 3) { (value: Int) -> Int in
            running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            for _ in 0..<3 { await Task.yield() }
            running.withLock { $0.now -= 1 }
            return value
        }
        #expect(running.withLock { $0.most } <= 3)
        #expect(running.withLock { $0.now } == 0)
    }

    /// The first piece waits until every other piece has ended: they must go through the second slot
    /// while it holds the first (in batches of the width, they would wait for good; the suite's time
    /// limit ends the test then).
    @Test("a slow piece holds up only its own slot: the others go on through the free one")
    func slowPieceHoldsOnlyItsSlot() async {
        let others = 9
        let ended = Protected((count: 0, waiter: CheckedContinuation<Void, Never>?.none))
        let results = await Array(0...others).concurrentMap(width: 2) { (value: Int) -> Int in
            if value == 0 {
                await withCheckedContinuation { continuation in
                    let resumeNow = ended.withLock { state in
                        if state.count == others { return true }
                        state.waiter = continuation
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            } else {
                let waiter = ended.withLock { state in
                    state.count += 1
                    defer { if state.count == others { state.waiter = nil } }
                    return state.count == others ? state.waiter : nil
                }
                waiter?.resume()
            }
            return value
        }
        #expect(results == Array(0...others))
    }

    /// With width 2 the first two pieces each wait until both have started: run one after the other,
    /// they would wait for good (the suite's time limit ends the test then).
    @Test("pieces run at the same time: two that each wait for the other both end")
    func runsConcurrently() async {
        let gate = TwoPartyGate()
        let results = await [1, 2].concurrentMap(width: 2) { (value: Int) -> Int in
            await gate.arriveAndWait()
            return value
        }
        #expect(results == [1, 2])
    }
}

/// Lets two tasks through once both have arrived.
private final class TwoPartyGate: Sendable {
    private let waiting = Protected<CheckedContinuation<Void, Never>?>(nil)

    func arriveAndWait() async {
        await withCheckedContinuation { continuation in
            let other: CheckedContinuation<Void, Never>? = waiting.withLock { stored in
                if let first = stored {
                    stored = nil
                    return first
                }
                stored = continuation
                return nil
            }
            if let other {
                other.resume()
                continuation.resume()
            }
        }
    }
}
