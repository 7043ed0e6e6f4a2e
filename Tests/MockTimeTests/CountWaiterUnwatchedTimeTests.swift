import MockTime
import RepositoryContractsPrimitives
import Testing

@Suite("waitForSleepers does not count the time it could not watch")
struct CountWaiterUnwatchedTimeTests {
    @Test("a look 10 s late (the process was stopped) is no stall; the wait gives up at the timeout it watched")
    func stoppedProcess() throws {
        // A 4 s timeout looks every second; nothing moves, here or elsewhere.
        let waiter = CountWaiter(count: 1, timeout: .seconds(4), clockMovements: 0, elsewhere: 0)
        let firstLook = waiter.nextLook
        #expect(!waiter.hasStalled(at: firstLook + .seconds(10), clockMovements: 0, elsewhere: 0))
        #expect(waiter.stall == nil)
        var looks = 1
        while !waiter.hasStalled(at: waiter.nextLook, clockMovements: 0, elsewhere: 0) {
            looks += 1
            try #require(looks < 10, "the wait never gave up")
        }
        // Counted: 2 s (the look was due at 1 s, and 1 s of its 10 s lateness counts), 3 s, then 4 s: a stall
        // at the timeout, not at the first look (11 s of real time).
        #expect(looks == 2)
        #expect(waiter.stall?.running == .seconds(4))
    }

    @Test("looks that come a little late still count: the wait gives up once the timeout has passed with nothing moving")
    func slightlyLateLooks() throws {
        let waiter = CountWaiter(count: 1, timeout: .seconds(4), clockMovements: 0, elsewhere: 0)
        var looks = 1
        while !waiter.hasStalled(at: waiter.nextLook + .milliseconds(900), clockMovements: 0, elsewhere: 0) {
            looks += 1
            try #require(looks < 10, "the wait never gave up")
        }
        #expect(looks == 3)
        let stall = try #require(waiter.stall)
        #expect(stall.running >= .seconds(4))
    }
}
