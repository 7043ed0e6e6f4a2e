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
}
