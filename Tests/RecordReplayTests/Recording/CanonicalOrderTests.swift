import RecordReplayMessages
import Foundation
@testable import RecordReplay
@testable import RecordReplayFixtures
import Testing
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``RecordedOrder/canonical``: sequential requests in arrival order, requests in flight together
/// sorted among themselves.
@Suite("Recording: canonical order")
struct CanonicalOrderTests {
    private static func exchange(_ method: String, _ path: String, response: String = "", flight: Range<Int>) -> RecordedExchange {
        RecordedExchange(
            interaction: Interaction(
                request: StubRequest(method: method, path: path), response: StubResponse(body: Data(response.utf8))),
            sequenceNumber: flight.lowerBound, flight: flight)
    }

    private static func arranged(_ order: RecordedOrder, _ exchanges: [RecordedExchange]) -> [String] {
        order.arranged(exchanges, flight: \.flight, interaction: \.interaction).map {
            "\($0.interaction.request.method) \($0.interaction.request.path) \(String(decoding: $0.interaction.response.body, as: UTF8.self))"
        }
    }

    @Test("requests whose flights overlap are sorted by request; sequential ones keep arrival order, even out of sort order")
    func overlappingSorted() {
        let exchanges = [
            Self.exchange("POST", "/z", flight: 0..<1),
            // Three in flight together: sorted.
            Self.exchange("GET", "/c", flight: 2..<7), Self.exchange("GET", "/b", flight: 3..<8),
            Self.exchange("GET", "/a", flight: 4..<6),
            // Sequential again, out of order.
            Self.exchange("DELETE", "/y", flight: 9..<10), Self.exchange("DELETE", "/x", flight: 11..<12),
        ]
        #expect(Self.arranged(.canonical, exchanges) == [
            "POST /z ", "GET /a ", "GET /b ", "GET /c ", "DELETE /y ", "DELETE /x ",
        ])
        #expect(Self.arranged(.arrival, exchanges) == [
            "POST /z ", "GET /c ", "GET /b ", "GET /a ", "DELETE /y ", "DELETE /x ",
        ])
        #expect(Self.arranged(.byRequest, exchanges) == [
            "DELETE /x ", "DELETE /y ", "GET /a ", "GET /b ", "GET /c ", "POST /z ",
        ])
    }

    @Test("identical requests in flight together are sorted by their answers; sequential identical ones keep their order")
    func identicalByAnswer() {
        let concurrent = [Self.exchange("GET", "/n", response: "2", flight: 0..<3), Self.exchange("GET", "/n", response: "1", flight: 1..<2)]
        #expect(Self.arranged(.canonical, concurrent) == ["GET /n 1", "GET /n 2"])
        let sequential = [Self.exchange("GET", "/n", response: "2", flight: 0..<1), Self.exchange("GET", "/n", response: "1", flight: 2..<3)]
        #expect(Self.arranged(.canonical, sequential) == ["GET /n 2", "GET /n 1"])
        #expect(Self.arranged(.byRequest, concurrent) == ["GET /n 2", "GET /n 1"])
    }

    @Test("in a run of overlapping flights, a request that began after another's answer stays after it")
    func causalityKept() {
        // /a overlaps both; the two GET /n do not overlap each other: the second came after the first's
        // answer, so replay must give them in that order, although its answer sorts first.
        let exchanges = [
            Self.exchange("GET", "/n", response: "2", flight: 0..<2), Self.exchange("GET", "/a", flight: 1..<6),
            Self.exchange("GET", "/n", response: "1", flight: 3..<4),
        ]
        #expect(Self.arranged(.canonical, exchanges) == ["GET /a ", "GET /n 2", "GET /n 1"])
    }

    @Test("the recorder's flights: a request sent after the answer to another starts after it ends; requests held open together overlap")
    func recorderFlights() async throws {
        let gate = ArrivalGate(expected: 2)
        let upstream = StubServer()
        upstream.playback.stub(.any, with: StubResponse(status: 200))
        upstream.playback.stub(.path("/together/*")) { _ in
            await gate.arrive()
            return StubResponse(status: 200)
        }
        try await upstream.start()
        let server = StubServer()
        server.playback.recordUnmatched(through: UpstreamForwarder.patient(upstream.baseURL))
        try await server.start()
        _ = try await URLSession.patient.data(from: server.url("/first"))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for path in ["/together/1", "/together/2"] {
                group.addTask { _ = try await URLSession.patient.data(from: server.url(path)) }
            }
            try await group.waitForAll()
        }
        _ = try await URLSession.patient.data(from: server.url("/last"))
        await server.stop()
        await upstream.stop()
        let flights = server.playback.recordedExchanges.map(\.flight)
        try #require(flights.count == 4)
        #expect(flights[0].upperBound <= flights[1].lowerBound && flights[0].upperBound <= flights[2].lowerBound)
        #expect(flights[1].overlaps(flights[2]))
        #expect(max(flights[1].upperBound, flights[2].upperBound) <= flights[3].lowerBound)
    }
}
