// The README's first MockTime example, verbatim between the markers (ReadmeClockExampleTests checks it).
import MockTimeTesting
import Testing

struct ReadmeClockExample {
// README clock example begins
@Test(.mockClock) func refreshesEveryHour() async throws {
    let clock = MockClock.current                                // a fresh clock per test case
    let refresher = TokenRefresher(clock: clock, startTask: clock.taskStarter)
    let refreshing = refresher.start()                           // its task runs on the clock's executor
    await clock.waitForSleepers(count: 1)                        // the handshake: the sleep is registered
    clock.advance(by: .seconds(3 * 3_600))                       // three refreshes, each at its own deadline
    #expect(await refresher.refreshes == 3)
    refreshing.cancel()                                          // a sleeper left pending fails the test
}
// README clock example ends
}
