import RecordReplayMessages
import Foundation
import MockTime
import MockTimeTesting
import RecordReplay
import StubServerTesting
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `.mockClock` listed before `.stubServer()` gives the server the test's clock: fault delays sleep on it.
@Suite("Stub server trait: the test's mock clock")
struct StubServerTraitClockTests {
    @Test("a 10 s delay fault waits for the test's MockClock, not the wall clock", .mockClock, .stubServer())
    func delayOnTheTestsClock() async throws {
        let clock = MockClock.current
        let server = StubServer.current
        #expect(server.configuration.clock as? MockClock === clock)
        server.playback.stub(.get("/slow"), with: StubResponse(body: Data("done".utf8)))
        server.playback.inject(.delay(.seconds(10)), when: .get("/slow"))
        let answer = Task { try await URLSession(configuration: .patient).data(from: server.baseURL.appendingPathComponent("slow")) }
        await server.playback.waitForRequests(count: 1)  // unbounded: URLSession's delivery may take long on a starved machine
        await clock.waitForSleepers(count: 1)
        #expect(clock.nextDeadline == MockClock.Instant(offset: .seconds(10)))
        clock.advance(by: .seconds(10))
        #expect(String(decoding: try await answer.value.0, as: UTF8.self) == "done")
    }

    @Test("without .mockClock the server keeps the continuous clock", .stubServer())
    func continuousByDefault() {
        #expect(StubServer.current.configuration.clock is ContinuousClock)
    }
}
