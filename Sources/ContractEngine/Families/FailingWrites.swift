/// Inputs a conformer must refuse, declared with ``Conformance/refusing(_:)`` and used by the
/// `atomicity.*` clauses: a write that fails leaves the stored state (store-maintained fields included)
/// exactly as it was.
///
/// The clauses send the refused input through `create(_:)`, `update(_:)`, the conditional update when
/// ``Conformance/optimisticConcurrency(_:)`` is declared, and the batch insert when
/// ``Conformance/batchWrites(_:)`` is declared (as one entity of a batch: all or nothing stores none of
/// it). Each must throw ``error`` and change nothing that `fetchAll()` or `fetch(id:)` shows.
///
/// ```swift
/// .refusing(.invalid(error: .invalidInput) { note in var bad = note; bad.title = ""; return bad })
/// ```
public struct FailingWrites<Entity>: Sendable, CustomStringConvertible {
    /// The kind of error a refused write throws; `nil` for any error.
    public var error: RepositoryError.Kind?
    /// What the refused input is, in words, for messages.
    public var summary: String
    private let makeInvalid: @Sendable (Entity) -> Entity
    private let isRefused: @Sendable (Entity) -> Bool

    /// Every write of `makeInvalid(entity)` (same id, a value the store refuses) must throw (an error of
    /// `error`, if given) and change nothing.
    ///
    /// - Parameter refuses: Which entities the store refuses, when it can be said: a derived edge case it
    ///   matches (an empty title) is then checked as refused instead of as round-tripping.
    public static func invalid(
        _ summary: String = "an invalid entity", error: RepositoryError.Kind? = .invalidInput,
        refuses: (@Sendable (Entity) -> Bool)? = nil,
        _ makeInvalid: @escaping @Sendable (Entity) -> Entity
    ) -> Self {
        Self(error: error, summary: summary, makeInvalid: makeInvalid, isRefused: refuses ?? { _ in false })
    }

    /// Whether the store must refuse `entity`, by the declared `refuses` predicate.
    public func refuses(_ entity: Entity) -> Bool {
        isRefused(entity)
    }

    /// `entity` made into one the store must refuse.
    public func invalid(_ entity: Entity) -> Entity {
        makeInvalid(entity)
    }

    /// The refusals of `self` and `other` together, as a conformance that declares
    /// ``Conformance/refusing(_:)`` twice has them: the store refuses what either refuses, with either's
    /// error (the error is the one both declare, or any error when they differ), and the clauses send
    /// `self`'s invalid entity.
    public func adding(_ other: Self) -> Self {
        let (first, second) = (self, other)
        return Self(
            error: first.error == second.error ? first.error : nil, summary: "\(first.summary), or \(second.summary)",
            makeInvalid: first.makeInvalid, isRefused: { first.isRefused($0) || second.isRefused($0) })
    }

    /// What the clauses repeat in a failure.
    public var description: String {
        "writes of \(summary) refused" + (error.map { " as \($0.rawValue)" } ?? "") + ", changing nothing"
    }
}
