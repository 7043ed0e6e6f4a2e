public import ContractEngine
import RepositoryContractsPrimitives

/// How long one attempt may take and how a failed one is retried.
public struct RetryPolicy: Sendable, Hashable {
    /// How long one attempt may take before it is abandoned as `unavailable`; `nil` waits for ever.
    public var timeout: Duration?
    /// How many attempts an idempotent operation gets in all (at least 1).
    public var attempts: Int
    /// The wait before the second attempt; each later wait doubles it.
    public var backoff: Duration

    /// Creates a policy: by default a 30 s timeout, 3 attempts, back-off 1 s then 2 s.
    public init(timeout: Duration? = .seconds(30), attempts: Int = 3, backoff: Duration = .seconds(1)) {
        self.timeout = timeout
        self.attempts = max(attempts, 1)
        self.backoff = backoff
    }

    /// The wait after failed attempt `number` (1-based): `backoff`, then twice that, and so on.
    public func wait(after number: Int) -> Duration {
        backoff * (1 << min(max(number - 1, 0), 30))
    }
}

/// A repository that gives each call of `base` a timeout and retries the idempotent ones (`fetch`,
/// `fetchAll`, `update`, `delete`) with exponential back-off while they fail as `unavailable` (a 5xx,
/// a transport error, a timeout); `create` (a `POST`) gets the timeout but is never repeated.
///
/// Timeouts and back-off are measured on the injected `clock`: with a `MockClock`, a test of a 30 s
/// timeout followed by a retry takes microseconds.
public struct RetryingRepository<Base: RepositoryProtocol>: RepositoryProtocol {
    public typealias Entity = Base.Entity
    public typealias Draft = Base.Draft

    /// The repository each attempt calls.
    public let base: Base
    /// The timeout and retry policy.
    public let policy: RetryPolicy
    private let clock: any Clock<Duration>

    /// Wraps `base`, timing attempts and waits on `clock`.
    public init(_ base: Base, policy: RetryPolicy = RetryPolicy(), clock: any Clock<Duration> = ContinuousClock()) {
        self.base = base
        self.policy = policy
        self.clock = clock
    }

    public func fetch(id: Entity.ID) async throws -> Entity? {
        try await retrying("fetch(id:)") { try await base.fetch(id: id) }
    }

    public func fetchAll() async throws -> [Entity] {
        try await retrying("fetchAll()") { try await base.fetchAll() }
    }

    public func create(_ draft: Draft) async throws -> Entity {
        try await attempt("create(_:)") { try await base.create(draft) }
    }

    public func update(_ entity: Entity) async throws -> Entity {
        try await retrying("update(_:)") { try await base.update(entity) }
    }

    public func delete(id: Entity.ID) async throws {
        try await retrying("delete(id:)") { try await base.delete(id: id) }
    }

    /// Runs `operation` until it succeeds, fails otherwise than `unavailable`, or runs out of attempts.
    private func retrying<Value: Sendable>(
        _ name: String, _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        var number = 1
        while true {
            do {
                return try await attempt(name, operation)
            } catch let error as RepositoryError where error.kind == .unavailable && number < policy.attempts {
                try await clock.sleep(for: policy.wait(after: number), tolerance: nil)
                number += 1
            }
        }
    }

    /// One attempt, abandoned when the timeout passes first.
    private func attempt<Value: Sendable>(
        _ name: String, _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        guard let timeout = policy.timeout else { return try await operation() }
        let clock = clock
        return try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await clock.sleep(for: timeout, tolerance: nil)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw RepositoryError.unavailable("\(name) timed out after \(timeout.secondsText)")
            }
            return value
        }
    }
}
