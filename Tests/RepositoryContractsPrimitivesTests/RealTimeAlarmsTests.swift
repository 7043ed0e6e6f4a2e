import RepositoryContractsPrimitives
import Testing

@Suite("RealTimeAlarms")
struct RealTimeAlarmsTests {
    @Test("alarms run in deadline order on one thread; a cancelled one never runs")
    func order() async {
        let alarms = RealTimeAlarms()
        let ran = Protected<[String]>([])
        let start = ContinuousClock.now
        let last = OneShot<Void>()
        alarms.schedule(at: start.advanced(by: .milliseconds(30))) {
            ran.withLock { $0.append("30 ms") }
            last.fire(())
        }
        alarms.schedule(at: start.advanced(by: .milliseconds(10))) { ran.withLock { $0.append("10 ms") } }
        let cancelled = alarms.schedule(at: start.advanced(by: .milliseconds(5))) { ran.withLock { $0.append("cancelled") } }
        alarms.cancel(cancelled)
        alarms.schedule(at: start.advanced(by: .milliseconds(20))) { ran.withLock { $0.append("20 ms") } }
        await last.value()
        #expect(ran.withLock { $0 } == ["10 ms", "20 ms", "30 ms"])
        #expect(ContinuousClock.now - start >= .milliseconds(30))
        #expect(alarms.pendingCount == 0)
    }

    @Test("an alarm already due runs at once; thousands scheduled and cancelled leave nothing pending")
    func dueAndCancelled() async {
        let alarms = RealTimeAlarms()
        let far = ContinuousClock.now.advanced(by: .seconds(3_600))
        for _ in 0..<10_000 { alarms.cancel(alarms.schedule(at: far) {}) }
        #expect(alarms.pendingCount == 0)
        let due = OneShot<Bool>()
        alarms.schedule(at: ContinuousClock.now.advanced(by: .seconds(-1))) { due.fire(true) }
        #expect(await due.value())
    }

    @Test("the deadline heap pops in deadline order, then number order, also after most entries went at once")
    func heapOrder() {
        var heap = DeadlineHeap()
        let base = ContinuousClock.now
        var state: UInt64 = 51
        var inserted: [(offset: Int64, number: Int)] = []
        for number in 1...1_000 {
            // Few distinct deadlines, so that equal ones are ordered by number.
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let offset = Int64((state >> 33) % 200) * 1_000_000 - 50_000_000
            inserted.append((offset, number))
            heap.insert((base.advanced(by: .nanoseconds(offset)), number))
        }
        heap.removeAll { $0 % 10 < 7 }
        var popped: [Int] = []
        while let first = heap.earliest {
            popped.append(first.number)
            heap.removeEarliest()
        }
        let expected = inserted.filter { $0.number % 10 < 7 }.sorted { ($0.offset, $0.number) < ($1.offset, $1.number) }.map(\.number)
        #expect(popped == expected)
    }

    @Test("cancelling most of many alarms at once leaves the rest to run in deadline order")
    func cancelManyKeepsOrder() async {
        let alarms = RealTimeAlarms()
        let far = ContinuousClock.now.advanced(by: .seconds(3_600))
        let start = ContinuousClock.now
        let ran = Protected<[Int]>([])
        let last = OneShot<Void>()
        var doomed: [RealTimeAlarms.Alarm] = []
        for index in 0..<300 {
            doomed.append(alarms.schedule(at: far) {})
            if index % 60 == 0 {
                let milliseconds = [25, 5, 20, 10, 15][index / 60]
                alarms.schedule(at: start.advanced(by: .milliseconds(milliseconds))) {
                    ran.withLock { $0.append(milliseconds) }
                    if milliseconds == 25 { last.fire(()) }
                }
            }
        }
        for alarm in doomed { alarms.cancel(alarm) }
        await last.value()
        #expect(ran.withLock { $0 } == [5, 10, 15, 20, 25])
        #expect(alarms.pendingCount == 0)
    }

    @Test("an alarm due before the one the alarm thread sleeps for wakes it: it runs first, not an hour later")
    func earlierAlarmWakesTheThread() async {
        let alarms = RealTimeAlarms()
        let far = alarms.schedule(at: ContinuousClock.now.advanced(by: .seconds(3_600))) {}
        // Let the thread go to sleep for the far alarm: it runs the due one, then waits for the far one.
        let settled = OneShot<Void>()
        alarms.schedule(at: ContinuousClock.now) { settled.fire(()) }
        await settled.value()
        let near = OneShot<Bool>()
        alarms.schedule(at: ContinuousClock.now.advanced(by: .milliseconds(10))) { near.fire(true) }
        #expect(await near.value())
        alarms.cancel(far)
        #expect(alarms.pendingCount == 0)
    }
}
