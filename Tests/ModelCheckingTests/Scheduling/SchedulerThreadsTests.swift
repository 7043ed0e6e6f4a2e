import ContractEngine
import Foundation
import RepositoryContractsPrimitives
import Testing

/// Counts events and lets a test wait until a number of them have happened.
private final class EventLog: Sendable {
    private let condition = NSCondition()
    private let events = Protected<[SchedulerThreads.Event]>([])

    func note(_ event: SchedulerThreads.Event) {
        condition.withLock {
            events.withLock { $0.append(event) }
            condition.broadcast()
        }
    }

    /// Blocks the calling thread (never a pool thread: see the callers) until `count` events happened.
    func wait(for count: Int) -> [SchedulerThreads.Event] {
        condition.withLock {
            while events.withLock({ $0.count }) < count { condition.wait() }
            return events.withLock { $0 }
        }
    }
}

@Suite("Scheduler threads", .timeLimit(.minutes(10)))
struct SchedulerThreadsTests {
    /// Runs `body` on a thread of its own and returns what it returned: the waits below block a thread.
    private func offThePool<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    @Test("a thread that finished its body takes the next one: the same thread, not a new one")
    func threadIsReused() async {
        let log = EventLog()
        let threads = SchedulerThreads(maximumWaiting: 2, observe: log.note)
        // The first body marks its thread (an address could be reused by a new thread; a mark cannot).
        let mark = UUID().uuidString
        let firstEvents = await offThePool { () -> [SchedulerThreads.Event] in
            threads.run { Thread.current.threadDictionary["SchedulerThreadsTests.mark"] = mark }
            return log.wait(for: 1)
        }
        #expect(firstEvents == [.waits])
        #expect(threads.waitingCount == 1)
        let seen = Protected<String?>(nil)
        let secondEvents = await offThePool { () -> [SchedulerThreads.Event] in
            threads.run { seen.withLock { $0 = Thread.current.threadDictionary["SchedulerThreadsTests.mark"] as? String } }
            return log.wait(for: 2)
        }
        #expect(secondEvents == [.waits, .waits])
        #expect(seen.withLock { $0 } == mark)
        #expect(threads.waitingCount == 1)
    }

    @Test("bodies handed over while every thread is busy each get a thread at once; past the bound, threads end")
    func busyThreadsAreNeverWaitedFor() async {
        let log = EventLog()
        let threads = SchedulerThreads(maximumWaiting: 1, observe: log.note)
        let count = 6
        // Each body waits until all of them have started: were one to wait for a busy thread, none would end.
        let started = NSCondition()
        let running = Protected(0)
        let identities = Protected<Set<ObjectIdentifier>>([])
        let events = await offThePool { () -> [SchedulerThreads.Event] in
            for _ in 0..<count {
                threads.run {
                    identities.withLock { _ = $0.insert(ObjectIdentifier(Thread.current)) }
                    started.withLock {
                        running.withLock { $0 += 1 }
                        started.broadcast()
                        while running.withLock({ $0 }) < count { started.wait() }
                    }
                }
            }
            return log.wait(for: count)
        }
        #expect(identities.withLock { $0.count } == count)
        // One thread waits for more work; the other five ended.
        #expect(events.filter { $0 == .waits }.count == 1 && events.filter { $0 == .ended }.count == count - 1, "\(events)")
        #expect(threads.waitingCount == 1)
    }
}
