/// Optimistic concurrency, declared with ``Conformance/optimisticConcurrency(_:)`` and checked by the
/// `versions.*` clauses: an update carries the concurrency token it read (a version, an ETag), and the
/// store refuses it when the stored token has moved on.
///
/// ```swift
/// .optimisticConcurrency(.token(\.version, staleError: .conflict))
/// ```
///
/// The update that checks the token is the witness's conditional update, given with
/// ``RepositoryWitness/updatingConditionally(_:)``: a conformance declaring optimistic concurrency must
/// give one, and every `versions.*` clause fails saying so when it is missing. The witness's plain
/// `update` stays unconditional (last write wins): the CRUD clauses update one id twice in a row with
/// what they sent, and a token check there would refuse the second. A store whose only update checks
/// the token gives it to both (`update` taking the token it reads from the store first).
///
/// Declaring it also says concurrent writers are expected: `versions.concurrentWritersOneWins` races
/// several conditional updates of one entity, whether or not the conformance declares
/// ``Capabilities/concurrentAccess``.
public struct OptimisticConcurrency<Entity>: Sendable, CustomStringConvertible {
    /// The token's name: `version`, `etag`.
    public let tokenName: String
    /// The kind of error a stale update gets; `nil` for any error. Updates of a missing id may throw
    /// another kind (`notFound`): the clauses only require that they throw.
    public var staleError: RepositoryError.Kind?
    private let copyToken: @Sendable (Entity, Entity) -> Entity
    private let equalTokens: @Sendable (Entity, Entity) -> Bool
    private let text: @Sendable (Entity) -> String

    /// The token is the field at `path`: an update must carry the value it read there.
    public static func token<Value: Equatable & Sendable>(
        _ path: any WritableKeyPath<Entity, Value> & Sendable, staleError: RepositoryError.Kind? = .conflict
    ) -> Self {
        Self(
            tokenName: SortKey<Entity>.name(of: path), staleError: staleError,
            copyToken: { target, source in
                var copy = target
                copy[keyPath: path] = source[keyPath: path]
                return copy
            },
            equalTokens: { $0[keyPath: path] == $1[keyPath: path] },
            text: { String(describing: $0[keyPath: path]) })
    }

    /// `target` carrying the token `source` holds: how the contract sends a stale one.
    public func carryingToken(of source: Entity, _ target: Entity) -> Entity {
        copyToken(target, source)
    }

    /// Whether `lhs` and `rhs` carry the same token.
    public func haveSameToken(_ lhs: Entity, _ rhs: Entity) -> Bool {
        equalTokens(lhs, rhs)
    }

    /// The token `entity` carries, for messages.
    public func token(in entity: Entity) -> String {
        text(entity)
    }

    /// What the clauses repeat in a failure.
    public var description: String {
        "optimistic concurrency on \(tokenName), a stale update rejected" + (staleError.map { " as \($0.rawValue)" } ?? "")
    }
}
