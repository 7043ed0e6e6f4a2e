import BrokenExamples
import ExampleSystems
import Foundation
import MockTime
import RecordReplay
import RepositoryContracts
import RepositoryContractsPrimitives
import Testing

/// The worked example of time as a step: the cache-then-network seed system's repository checked against
/// its fake, with the API's changes, its going offline and the clock's advances drawn among the calls.
/// The subjects go over HTTP to a stub server that serves the current run's API fake (503 while offline).
@Suite("Protocol model check: cache then network, with time steps")
struct CacheThenNetworkModelCheckTests {
    static let ttl = CacheThenNetworkContract.ttl

    /// A stub server in front of the current run's API fake.
    final class ItemsServer: Sendable {
        let server = StubServer()
        private let api = Protected(ItemsAPIFake())

        init() {
            server.playback.stub(.any) { [api] request in
                let current = api.withLock { $0 }
                if current.isOffline { return StubResponse(status: 503, headers: [:], body: Data()) }
                return current.respond(to: request)
            }
        }

        /// A new API fake for the next run.
        func freshAPI() -> ItemsAPIFake {
            let fresh = ItemsAPIFake()
            api.withLock { $0 = fresh }
            return fresh
        }
    }

    /// Checks the repository `make` builds over the server, on each run's fresh clock.
    static func check(seed: UInt64, _ make: @escaping @Sendable (URL, MockClock) -> any CacheThenNetworkRepository) async throws -> ProtocolModelCheckResult {
        let items = ItemsServer()
        try await items.server.start()
        let result = await ProtocolModelCheck.check(
            model: {
                let clock = MockClock(), api = ItemsAPIFake()
                return ItemsApp(repository: CachedItemsRepository(ttl: ttl, clock: clock, fetch: { try api.list() }), clock: clock, api: api)
            },
            subject: {
                let clock = MockClock()
                return ItemsApp(repository: make(items.server.baseURL, clock), clock: clock, api: items.freshAPI())
            },
            operations: ItemsOperations.all, seed: seed)
        await items.server.stop()
        return result
    }

    @Test("the HTTP repository agrees with the fake over several seeds", arguments: [UInt64(1), 2, 3])
    func httpAgrees(seed: UInt64) async throws {
        let result = try await Self.check(seed: seed) { CachedItemsRepository.http(baseURL: $0, ttl: Self.ttl, clock: $1) }
        #expect(result.passed, "\(result)")
    }

    /// The fewest steps each flaw needs: list twice; list, let the TTL pass, list; go offline, list.
    static let expected: [BrokenCacheThenNetworkRepository<MockClock>.Flaw: Int] = [
        .neverYieldsCache: 2, .ignoresTTL: 3, .emptyListWhenOffline: 2,
    ]

    @Test("each broken repository is found over 20 seeds with the default settings, and shrunk",
          arguments: BrokenCacheThenNetworkRepository<MockClock>.Flaw.allCases)
    func brokenFound(_ flaw: BrokenCacheThenNetworkRepository<MockClock>.Flaw) async throws {
        var found = 0, sizes: [Int] = [], runs: [Int] = []
        for seed in UInt64(1)...20 {
            let result = try await Self.check(seed: seed) { BrokenCacheThenNetworkRepository(flaw, baseURL: $0, ttl: Self.ttl, clock: $1) }
            guard let failure = result.failure else { continue }
            found += 1
            sizes.append(failure.steps.count)
            runs.append(result.runs)
            let fewest = try #require(Self.expected[flaw])
            #expect((fewest...fewest + 1).contains(failure.steps.count), "\(result)")
            #expect(failure.divergence.operation == "items()", "\(result)")
            if flaw == .ignoresTTL { #expect(failure.steps.contains { $0.operation == "advance time" }, "\(result)") }
        }
        #expect(found == 20, "\(flaw): found in \(found) of 20 seeds")
        print("\(flaw): found \(found)/20, shrunk sizes \(sizes.sorted()), runs until found \(runs.sorted())")
    }
}
