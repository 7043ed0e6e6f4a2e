import MockTime

/// A cache whose entries live for a time to live on a clock: the third protocol shape of the proof
/// (after `BookmarkStore`'s collection and the session repository's single value), checked with time steps.
protocol TTLCache: Sendable {
    /// Stores `value` for `key`; it lives for the TTL from now, whatever was there before.
    func set(_ value: String, for key: String) async throws
    /// The value for `key`, while it is younger than the TTL.
    func value(for key: String) async throws -> String?
    /// Forgets `key`.
    func removeValue(for key: String) async throws
    /// How many entries are alive.
    func count() async throws -> Int
}

/// What the check runs: a cache and the clock it reads.
struct CacheSystem: Sendable {
    let cache: any TTLCache
    let clock: MockClock
}

/// The fake: a dictionary of values and the instants they were stored at, read against the clock.
actor DictionaryTTLCache: TTLCache {
    private let ttl: Duration
    private let clock: MockClock
    private var entries: [String: (value: String, storedAt: MockClock.Instant)] = [:]

    init(ttl: Duration, clock: MockClock) {
        self.ttl = ttl
        self.clock = clock
    }

    func set(_ value: String, for key: String) { entries[key] = (value, clock.now) }
    func value(for key: String) -> String? { entries[key].flatMap { isAlive($0.storedAt) ? $0.value : nil } }
    func removeValue(for key: String) { entries[key] = nil }
    func count() -> Int { entries.values.count { isAlive($0.storedAt) } }

    private func isAlive(_ storedAt: MockClock.Instant) -> Bool {
        storedAt.duration(to: clock.now) < ttl
    }
}
