import Foundation
import MockTime
import RepositoryContractsPrimitives
import Testing

/// A synchronous advance that wakes work which then leaves the clock's executor (I/O) returns before
/// that work is done; it says so, once per task, and names the awaited form that waits for it.
@Suite("Mock time: a synchronous advance over work that leaves the executor")
struct SynchronousAdvanceHintTests {
    @Test("a poller doing I/O: advance(by:) sees 0 of 3 polls and warns once with the settling form; the settling form sees them and does not warn")
    func pollerWithIO() async throws {
        let reports = HangReportTests.Reports()
        try await withMockClock { clock in
            await MockClock.$problemReporter.withValue(reports.reporter) {
                let polls = Counter()
                let requests = ParkedRequests()
                let poller = Poller(clock: clock, startTask: clock.taskStarter) {
                    await requests.request()
                    polls.increment()
                }
                let polling = poller.start(polls: 3)
                await clock.waitForSleepers(count: 1)
                clock.advance(by: .seconds(90))
                #expect(polls.value == 0 && requests.parkedCount == 1)
                clock.advance(by: .zero)  // the same task, still away: no second warning
                requests.answerAll()
                let settled = await clock.advance(by: .seconds(90), settlingWithin: .seconds(600))
                #expect(settled.isSettled && polls.value == 3)
                await polling.value
            }
        }
        let warnings = reports.all.filter { $0.message.hasPrefix("advance(by:) returned while") }
        #expect(warnings.count == 1, "\(reports.all)")
        let warning = try #require(warnings.first)
        #expect(warning.isWarning)
        #expect(warning.message.contains("await clock.advance(by:settlingWithin:) waits for woken work"))
        #expect(warning.message.contains("was started by clock.startTask"))
    }

    @Test("a poller without I/O sleeps again before the advance returns: no warning")
    func pollerWithoutIO() async throws {
        let reports = HangReportTests.Reports()
        try await withMockClock { clock in
            let polls = Counter()
            let poller = Poller(clock: clock, startTask: clock.taskStarter) { polls.increment() }
            let polling = poller.start(polls: 3)
            await clock.waitForSleepers(count: 1)
            MockClock.$problemReporter.withValue(reports.reporter) { _ = clock.advance(by: .seconds(90)) }
            #expect(polls.value == 3)
            await polling.value
        }
        #expect(reports.all.isEmpty, "\(reports.all)")
    }
}
