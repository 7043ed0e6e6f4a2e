extension MonitoredRepository {
    /// Whether the witness has a conditional update (``RepositoryWitness/updatingConditionally(_:)``).
    public var updatesConditionally: Bool { witness.conditionalUpdate != nil }

    /// The witness's conditional update, watched: stores `entity` if the concurrency token it carries is
    /// still the stored one (see ``OptimisticConcurrency``), and returns it as stored; throws when the token
    /// is stale. The call is named `updateConditionally(…)` in failures.
    ///
    /// ```swift
    /// let read = try await check.subject.fetch(id: 1)!
    /// try await check.subject.updateConditionally(edited(read))
    /// ```
    ///
    /// Throws ``MissingWitnessOperation`` when the witness has no conditional update.
    @discardableResult
    public func updateConditionally(_ entity: Entity) async throws -> Entity {
        guard let update = witness.conditionalUpdate else {
            throw MissingWitnessOperation(operation: "conditional update", builder: ".updatingConditionally { … }")
        }
        return try await call("updateConditionally(\(abbreviate(entity)))") { try await update(entity) }
    }
}

/// Thrown by a ``MonitoredRepository`` call whose operation the witness was not given.
public struct MissingWitnessOperation: Error, CustomStringConvertible {
    /// The operation, in words: `conditional update`.
    public var operation: String
    /// The witness builder that adds it: `.updatingConditionally { … }`.
    public var builder: String

    /// What is missing and how to add it.
    public var description: String {
        "the witness has no \(operation): add \(builder) to the RepositoryWitness"
    }
}
