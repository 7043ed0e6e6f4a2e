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

/// The code of the "Matching, stubs, faults and the journal" article, run.
@Suite("Documentation: matching, stubs, faults and the journal")
struct MatchingFaultsAndJournalExamples {
    /// The status and body `path` answers on the current server.
    private func get(_ path: String) async throws -> (status: Int?, body: String) {
        let url = try #require(URL(string: StubServer.current.baseURL.absoluteString + path))
        let (body, response) = try await URLSession.patient.data(from: url)
        return ((response as? HTTPURLResponse)?.statusCode, String(decoding: body, as: UTF8.self))
    }

    @Test("stubs answer like a small fake API, faults hit the chosen request, the journal counts")
    func stubsFaultsJournal() async throws {
        try await StubServer.$currentIfAny.withValue(StubServer()) {
            try await StubServer.current.start()
            let playback = StubServer.current.playback
            playback.stub(.get("/todos/*")) { request in
                request.path == "/todos/1"
                    ? StubResponse(headers: ["Content-Type": "application/json"], body: Data(#"{"id":1}"#.utf8))
                    : StubResponse(status: 404)
            }
            playback.inject(.status(503), when: .get("/todos/1"), on: .nth(2))

            let first = try await get("/todos/1")
            let second = try await get("/todos/1")
            let missing = try await get("/todos/2")
            #expect(StubServer.current.journal.count(of: .get("/todos/1")) == 2)

            await StubServer.current.stop()
            #expect(first.status == 200 && first.body == #"{"id":1}"#)
            #expect(second.status == 503)
            #expect(missing.status == 404)
            #expect(StubServer.current.journal.count == 3)
        }
    }

    @Test("matching can ignore a query item and compare a header")
    func matchingOptions() async throws {
        let options = PlaybackOptions(
            matchedHeaders: ["Accept-Language"],
            customMatchers: [.ignoringQueryItems(["cacheBuster"])],
            exhaustion: .repeatLast)
        let server = StubServer(StubServer.Configuration(playback: options))
        server.load(
            Fixture(interactions: [
                Interaction(
                    request: StubRequest(method: "GET", path: "/todos", headers: ["Accept-Language": "en"]),
                    response: StubResponse(body: Data("[]".utf8)))
            ]), source: "todos.json")
        try await server.start()
        var request = URLRequest(url: try #require(URL(string: server.baseURL.absoluteString + "/todos?cacheBuster=42")))
        request.setValue("en", forHTTPHeaderField: "Accept-Language")
        let (_, first) = try await URLSession.patient.data(for: request)
        let (_, again) = try await URLSession.patient.data(for: request)
        request.setValue("fr", forHTTPHeaderField: "Accept-Language")
        let (_, french) = try await URLSession.patient.data(for: request)
        await server.stop()
        #expect((first as? HTTPURLResponse)?.statusCode == 200)
        #expect((again as? HTTPURLResponse)?.statusCode == 200)
        #expect((french as? HTTPURLResponse)?.statusCode == 599)
    }

    @Test("a delay fault sleeps on the test's mock clock", .mockClock, .stubServer())
    func delayOnMockClock() async throws {
        let clock = MockClock.current
        let playback = StubServer.current.playback
        playback.stub(.get("/todos"), with: StubResponse(body: Data("[]".utf8)))
        playback.inject(.delay(.seconds(2)), when: .get("/todos"))

        let answer = Task { try await get("/todos") }
        await playback.waitForRequests(count: 1)  // the request has arrived
        await clock.waitForSleepers(count: 1)  // and its delay sleeps on the clock
        clock.advance(by: .seconds(2))
        #expect(try await answer.value.body == "[]")
    }
}
