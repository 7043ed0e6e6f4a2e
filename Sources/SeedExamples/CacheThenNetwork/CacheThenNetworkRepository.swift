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
actor ItemsCache<C: Clock<Duration>> {
    let ttl: Duration
    let clock: C
    private var entry: (items: [Item], storedAt: C.Instant)?

    init(ttl: Duration, clock: C) {
        self.ttl = ttl
        self.clock = clock
    }

    func fresh() -> [Item]? {
        guard let entry, entry.storedAt.duration(to: clock.now) < ttl else { return nil }
        return entry.items
    }

    func store(_ items: [Item]) {
        entry = (items, clock.now)
    }
}

/// The network data source: `GET /items`, 200 with a JSON array; any other status or a transport
/// error throws.
struct HTTPItemsDataSource: Sendable {
    let baseURL: URL

    /// No URL cache: the repository's cache is the only one.
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    func list() async throws -> [Item] {
        var request = URLRequest(url: baseURL.appendingPathComponent("items"))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await Self.session.cancellableData(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else { throw ItemsAPIError.status(status) }
        return try JSONDecoder().decode([Item].self, from: data)
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
