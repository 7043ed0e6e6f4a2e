/// What a batch insert does, declared with ``Conformance/batchWrites(_:)`` and checked by the `batch.*`
/// clauses; the witness inserts with ``RepositoryWitness/insertingAll(_:)``.
public struct BatchWrites: Sendable, CustomStringConvertible {
    /// What a batch does when one of its entities cannot be stored (its id is taken, or it repeats an id
    /// of the same batch).
    ///
    /// A struct over private storage rather than an enum, so that a new policy is not a breaking change
    /// for code that switches over the ones it knows (compare with `==`).
    public struct Policy: Sendable, Hashable, CustomStringConvertible {
        /// The policies, for the package's own exhaustive switches.
        package enum Kind: String, Sendable, Hashable {
            case allOrNothing, partial
        }

        /// Which policy this is.
        package let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// It throws and stores none of the batch.
        public static let allOrNothing = Policy(.allOrNothing)
        /// It stores every entity it can and returns those it stored; the others are not stored.
        public static let partial = Policy(.partial)

        /// The policy's name: `allOrNothing`, `partial`.
        public var description: String { kind.rawValue }
    }

    /// What a batch with an entity that cannot be stored does.
    public var policy: Policy
    /// The kind of error an all-or-nothing batch throws; `nil` for any error.
    public var error: RepositoryError.Kind?

    /// Declares the batch behaviour.
    public init(_ policy: Policy = .allOrNothing, error: RepositoryError.Kind? = nil) {
        self.policy = policy
        self.error = error
    }

    /// All or nothing, refusing a batch with an error of `kind` (any error for `nil`).
    public static func allOrNothing(error kind: RepositoryError.Kind? = nil) -> Self { Self(.allOrNothing, error: kind) }
    /// Stores what it can, returns what it stored.
    public static var partial: Self { Self(.partial) }

    /// What the clauses repeat in a failure.
    public var description: String {
        switch policy.kind {
        case .allOrNothing: "batches all or nothing" + (error.map { ", refused as \($0.rawValue)" } ?? "")
        case .partial: "batches store what they can and return it"
        }
    }
}
