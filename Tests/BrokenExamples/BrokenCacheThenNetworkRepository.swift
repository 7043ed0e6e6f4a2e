public import ContractEngine
public import ExampleSystems
public import Foundation
public import MockTime

extension CacheThenNetworkContract {
    /// A deliberately broken conformer.
    public static func broken(_ flaw: BrokenCacheThenNetworkRepository<MockClock>.Flaw) -> Conformance<CacheThenNetworkTerms> {
        Conformance<CacheThenNetworkTerms>("broken cache-then-network (\(flaw.rawValue))", ttl: ttl) { env in
            BrokenCacheThenNetworkRepository(flaw, baseURL: env.baseURL, ttl: ttl, clock: env.clock)
        }
    }

    /// The rows `repo-contracts-demo --all` would print: the HTTP and fake conformers and every broken
    /// variant, each on the stateful API in code (no fixtures needed).
    public static func demoReports() async -> [ConformanceReport] {
        var reports: [ConformanceReport] = []
        for conformance in [http, fake] + BrokenCacheThenNetworkRepository<MockClock>.Flaw.allCases.map(broken) {
            reports.append(await contract().report(on: conformance))
        }
        return reports
    }
}

/// Deliberately wrong cache-then-network repositories, each with one flaw the contract must catch.
public struct BrokenCacheThenNetworkRepository<C: Clock<Duration>>: CacheThenNetworkRepository {
    public enum Flaw: String, Sendable, CaseIterable {
        /// Never yields the cached list: network only.
        case neverYieldsCache
        /// Yields the cached list however old it is.
        case ignoresTTL
        /// Offline with nothing cached, yields an empty list and finishes instead of throwing.
        case emptyListWhenOffline
    }

    private let flaw: Flaw
    private let cache: ItemsCache<C>
    private let source: HTTPItemsDataSource

    public init(_ flaw: Flaw, baseURL: URL, ttl: Duration, clock: C) {
        self.flaw = flaw
        self.cache = ItemsCache(ttl: flaw == .ignoresTTL ? .seconds(Int64.max) : ttl, clock: clock)
        self.source = HTTPItemsDataSource(baseURL: baseURL)
    }

    public func items() -> AsyncThrowingStream<[Item], any Error> {
        let (flaw, cache, source) = (self.flaw, self.cache, self.source)
        return AsyncThrowingStream { continuation in
            let task = Task {
                let cached = flaw == .neverYieldsCache ? nil : await cache.fresh()
                if let cached { continuation.yield(cached) }
                do {
                    let fresh = try await source.list()
                    await cache.store(fresh)
                    continuation.yield(fresh)
                    continuation.finish()
                } catch {
                    if cached == nil, flaw == .emptyListWhenOffline { continuation.yield([]) }
                    let swallow = cached != nil || flaw == .emptyListWhenOffline
                    continuation.finish(throwing: swallow ? nil : error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
