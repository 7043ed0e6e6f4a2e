import RecordReplayMessages
import Foundation
@testable import RecordReplay
@testable import RecordReplayFixtures
import Testing

/// A recording from several origins sorts requests that were in flight together by origin too, so the
/// same traffic always writes the same file.
@Suite("Recording: order across origins")
struct OriginRecordedOrderTests {
    private static func exchange(_ origin: String?, _ path: String, flight: Range<Int>) -> RecordedExchange {
        RecordedExchange(
            interaction: Interaction(
                request: StubRequest(method: "GET", path: path, origin: origin.flatMap { HTTPOrigin($0) }),
                response: StubResponse(body: Data((origin ?? "socket").utf8))),
            sequenceNumber: flight.lowerBound, flight: flight)
    }

    private static func arranged(_ order: RecordedOrder, _ exchanges: [RecordedExchange]) -> [String] {
        order.arranged(exchanges, flight: \.flight, interaction: \.interaction).map {
            ($0.interaction.request.origin?.description ?? "") + $0.interaction.request.path
        }
    }

    @Test("the same request to three origins, in flight together, is sorted by origin whatever the arrival order")
    func sortedByOrigin() {
        let arrivals = [
            [("https://cdn.example.com", 0), ("https://auth.example.com", 1), ("https://api.example.com", 2)],
            [("https://auth.example.com", 0), ("https://api.example.com", 1), ("https://cdn.example.com", 2)],
        ]
        for arrival in arrivals {
            let exchanges = arrival.map { Self.exchange($0.0, "/me", flight: $0.1..<($0.1 + 10)) }
            for order in [RecordedOrder.canonical, .byRequest] {
                #expect(Self.arranged(order, exchanges) == [
                    "https://api.example.com/me", "https://auth.example.com/me", "https://cdn.example.com/me",
                ])
            }
        }
    }

    @Test("sequential requests to several origins keep their arrival order")
    func sequentialKeepArrival() {
        let exchanges = [
            Self.exchange("https://cdn.example.com", "/me", flight: 0..<1),
            Self.exchange("https://api.example.com", "/me", flight: 2..<3),
        ]
        #expect(Self.arranged(.canonical, exchanges) == ["https://cdn.example.com/me", "https://api.example.com/me"])
    }
}
