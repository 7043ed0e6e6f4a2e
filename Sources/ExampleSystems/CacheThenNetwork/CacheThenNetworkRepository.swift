public import Foundation
internal import TodoExample

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The repository of the cache-then-network seed (003), with async/await in place of RxSwift: each
/// call of ``items()`` yields the cached list first (when there is one younger than the TTL), then the
/// fresh list from the network, and finishes. Offline (a failing network), it keeps the cached list and
/// finishes normally; with nothing cached it throws, never yields an empty list.
public protocol CacheThenNetworkRepository: Sendable {
    func items() -> AsyncThrowingStream<[Item], any Error>
}

/// The repository layer over two data sources: an in-memory cache with a time to live on `clock`, and
/// a network data source (`fetch`). The HTTP conformer and the fake differ only in `fetch`.
public struct CachedItemsRepository<C: Clock<Duration>>: CacheThenNetworkRepository {
    private let cache: ItemsCache<C>
    private let fetch: @Sendable () async throws -> [Item]

    public init(ttl: Duration, clock: C, fetch: @escaping @Sendable () async throws -> [Item]) {
        self.cache = ItemsCache(ttl: ttl, clock: clock)
        self.fetch = fetch
    }

    /// The HTTP conformer: `GET <baseURL>/items` through URLSession.
    public static func http(baseURL: URL, ttl: Duration, clock: C) -> Self {
        let source = HTTPItemsDataSource(baseURL: baseURL)
        return Self(ttl: ttl, clock: clock, fetch: { try await source.list() })
    }

    public func items() -> AsyncThrowingStream<[Item], any Error> {
        let (cache, fetch) = (self.cache, self.fetch)
        return AsyncThrowingStream { continuation in
            let task = Task {
                let cached = await cache.fresh()
                if let cached { continuation.yield(cached) }
                do {
                    let fresh = try await fetch()
                    await cache.store(fresh)
                    continuation.yield(fresh)
                    continuation.finish()
                } catch {
                    // Offline: what was shown stays shown; with nothing to show, the failure is the answer.
                    continuation.finish(throwing: cached == nil ? error : nil)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// The cache data source: one list and the instant it was stored, fresh while its age is < TTL.
package actor ItemsCache<C: Clock<Duration>> {
    let ttl: Duration
    let clock: C
    private var entry: (items: [Item], storedAt: C.Instant)?

    package init(ttl: Duration, clock: C) {
        self.ttl = ttl
        self.clock = clock
    }

    package func fresh() -> [Item]? {
        guard let entry, entry.storedAt.duration(to: clock.now) < ttl else { return nil }
        return entry.items
    }

    package func store(_ items: [Item]) {
        entry = (items, clock.now)
    }
}

/// The network data source: `GET /items`, 200 with a JSON array; any other status or a transport
/// error throws.
package struct HTTPItemsDataSource: Sendable {
    package let baseURL: URL

    package init(baseURL: URL) {
        self.baseURL = baseURL
    }

    /// No URL cache: the repository's cache is the only one.
    private static let session = URLSession.examplesUncached

    package func list() async throws -> [Item] {
        var request = URLRequest(url: baseURL.appendingPathComponent("items"))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await Self.session.cancellableData(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else { throw ItemsAPIError.status(status) }
        return try JSONDecoder().decode([Item].self, from: data)
    }
}
