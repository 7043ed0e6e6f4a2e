/// What an operation did when it was asked to do something the repository may legitimately refuse
/// (update or delete a missing id, create an id that exists).
// Frozen by decision: an operation either throws or returns, and what returns either changed nothing or wrote.
@frozen
public enum RequestOutcome: Hashable, Sendable, CustomStringConvertible {
    /// It threw. With a kind, the error must classify as that kind (see ``RepositoryPromises/classifyError``).
    case rejected(RepositoryError.Kind?)
    /// It returned normally and changed nothing.
    case ignored
    /// It returned normally and did it anyway: an upsert for update of a missing id, an overwrite for
    /// create of an existing id, and nothing to remove for delete.
    case applied

    /// The outcome in words: `rejected (throws)`, `ignored (returns, changes nothing)`.
    public var description: String {
        switch self {
        case .rejected(nil): "rejected (throws)"
        case .rejected(let kind?): "rejected (throws \(kind.rawValue))"
        case .ignored: "ignored (returns, changes nothing)"
        case .applied: "applied (returns and writes)"
        }
    }
}

/// The set of outcomes a conformer declares acceptable for one questionable request.
///
/// RequestPolicies let the contract accept real differences ("the REST API answers 404, the fake ignores it")
/// while still forbidding the bad ones (an upsert or a resurrection nobody declared).
public struct RequestPolicy: Hashable, Sendable, CustomStringConvertible {
    /// The acceptable outcomes.
    public var allowed: Set<RequestOutcome>

    /// Accepts any of `outcomes`.
    public init(_ outcomes: Set<RequestOutcome>) {
        self.allowed = outcomes
    }

    /// Must throw (any error).
    public static let rejected = Self([.rejected(nil)])
    /// Must throw an error of `kind`.
    public static func rejected(as kind: RepositoryError.Kind) -> Self { Self([.rejected(kind)]) }
    /// Must return normally and change nothing.
    public static let ignored = Self([.ignored])
    /// Either throws, or returns and changes nothing.
    public static let rejectedOrIgnored = Self([.rejected(nil), .ignored])

    /// Whether `outcome` (observed with an error of `kind`, if it threw) is acceptable.
    public func accepts(_ outcome: RequestOutcome) -> Bool {
        if allowed.contains(outcome) { return true }
        if case .rejected(.some) = outcome { return allowed.contains(.rejected(nil)) }
        return false
    }

    /// The acceptable outcomes, joined by "or".
    public var description: String {
        allowed.map(\.description).sorted().joined(separator: " or ")
    }
}

/// The declared outcome for each questionable request.
public struct RequestPolicies: Hashable, Sendable, CustomStringConvertible {
    /// `update(_:)` of an id that is not stored. Default: rejected.
    public var updateOfMissing: RequestPolicy
    /// `delete(id:)` of an id that is not stored. Default: rejected or ignored.
    public var deleteOfMissing: RequestPolicy
    /// `create(_:)` of an id that is already stored. Default: rejected.
    public var createOfExisting: RequestPolicy
    /// With ``Capabilities/serverAssignedIDs``: whether a create may hand out the id of an entity deleted
    /// earlier. Default: `false` (an id, once handed out, is never handed out again).
    public var reusesDeletedIDs: Bool

    /// Declares each policy; the defaults are the common strict choices.
    public init(
        updateOfMissing: RequestPolicy = .rejected,
        deleteOfMissing: RequestPolicy = .rejectedOrIgnored,
        createOfExisting: RequestPolicy = .rejected,
        reusesDeletedIDs: Bool = false
    ) {
        self.updateOfMissing = updateOfMissing
        self.deleteOfMissing = deleteOfMissing
        self.createOfExisting = createOfExisting
        self.reusesDeletedIDs = reusesDeletedIDs
    }

    /// Each questionable request with its acceptable outcomes.
    public var description: String {
        "update of missing: \(updateOfMissing); delete of missing: \(deleteOfMissing); create of existing: \(createOfExisting)"
            + (reusesDeletedIDs ? "; reuses deleted ids" : "")
    }
}
