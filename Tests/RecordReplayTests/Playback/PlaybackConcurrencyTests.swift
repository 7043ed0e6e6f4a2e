import Dispatch
import Foundation
import RepositoryContractsPrimitives
@_spi(Benchmarks) import RecordReplay
@_spi(Benchmarks) import RecordReplayFixtures
@_spi(Benchmarks) import RecordReplayRedaction
@_spi(Benchmarks) import RecordReplayWire
import Testing
import RepositoryContractsTestSupport

private typealias Support = PlaybackTestSupport

@Suite("Playback under concurrency and at scale")
struct PlaybackConcurrencyTests {
    @Test("concurrent plans lose no journal entry and hand out each interaction exactly once")
    func concurrentPlans() {
        let count = 2_000
        let playback = Playback()
        playback.load(
            Support.fixture((0..<count).map { (Support.request("GET", "/tick"), Support.response("\($0)")) }),
            source: "ticks.json")
        playback.stub(.get("/stubbed"), with: Support.response("stub"))
        let bodies = Protected<[String]>([])
        DispatchQueue.concurrentPerform(iterations: count * 2) { iteration in
            if iteration.isMultiple(of: 2) {
                let body = Support.bodyText(of: playback.plan(for: Support.request("GET", "/tick"))) ?? "missing"
                bodies.withLock { $0.append(body) }
            } else {
                _ = playback.plan(for: Support.request("GET", "/stubbed"))
            }
        }
        #expect(bodies.withLock { $0 }.sorted() == (0..<count).map { "\($0)" }.sorted())
        let journal = playback.journal
        #expect(journal.count == count * 2)
        #expect(journal.map(\.sequenceNumber) == Array(1...count * 2))
        let indices = journal.compactMap { $0.responder.interaction?.index }
        #expect(Set(indices).count == count && indices.count == count)
        // Each request that came later got a later interaction: the queue is handed out in order.
        #expect(indices == indices.sorted())
        #expect(playback.report.findings.isEmpty)
    }

    @Test("concurrent plans from many tasks keep stub use limits exact")
    func concurrentStubLimit() async {
        let playback = Playback()
        playback.stub(.get("/once"), with: Support.response("fallback"))
        let limited = playback.stub(.get("/once"), times: 5, with: Support.response("limited"))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<200 { group.addTask { _ = playback.plan(for: Support.request("GET", "/once")) } }
        }
        #expect(playback.journal.entries(answeredBy: limited).count == 5)
        #expect(playback.journal.count == 200)
    }

    @Test("100,000 interactions load into the index and a request still finds its own")
    func largeIndex() throws {
        let count = 100_000
        let playback = Playback()
        playback.load(
            Fixture(
                interactions: (0..<count).map { number in
                    // The request Support.request("GET", "/items/\(number)?v=\(number % 7)") makes, built directly.
                    Interaction(
                        request: StubRequest(
                            method: "GET", path: "/items/\(number)", query: [QueryItem(name: "v", value: "\(number % 7)")]),
                        response: Support.response("item \(number)"))
                }), source: "large.json")
        // The direct construction above is the request Support.request makes.
        #expect(
            Support.request("GET", "/items/5?v=5")
                == StubRequest(method: "GET", path: "/items/5", query: [QueryItem(name: "v", value: "5")]))
        #expect(
            Support.bodyText(of: playback.plan(for: Support.request("GET", "/items/77777?v=\(77777 % 7)")))
                == "item 77777")
        #expect(Support.bodyText(of: playback.plan(for: Support.request("GET", "/items/0?v=0"))) == "item 0")
        let miss = try #require(Support.bodyText(of: playback.plan(for: Support.request("GET", "/items/99999?v=0"))))
        #expect(
            miss.contains("1. large.json, interaction #100000 (interactions[99999]): GET /items/99999?v=\(99999 % 7)"))
    }
}
