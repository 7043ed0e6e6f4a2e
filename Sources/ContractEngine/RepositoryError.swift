/// An error a repository throws in terms the contracts understand.
///
/// Conformers throw it directly, or the conformance maps their own errors to a ``Kind`` through
/// ``RepositoryPromises/classifyError``, so that clauses can check error behaviour ("update of a missing id is
/// rejected as `notFound`") whatever the transport.
public struct RepositoryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The category of failure.
    ///
    /// A struct over private storage rather than an enum, so that a new kind is not a breaking change
    /// for code that switches over the kinds it knows (compare kinds with `==`).
    public struct Kind: RawRepresentable, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
        /// The kinds, for the package's own exhaustive switches.
        package enum Storage: String, Sendable, CaseIterable {
            case notFound, conflict, unavailable, invalidResponse, unsupported, invalidInput
        }

        /// Which kind this is.
        package let storage: Storage

        private init(_ storage: Storage) {
            self.storage = storage
        }

        /// No entity is stored under the id.
        public static let notFound = Kind(.notFound)
        /// An entity with that id already exists, or a concurrent change won.
        public static let conflict = Kind(.conflict)
        /// The backend could not be reached or refused to serve (offline, 503, connection reset).
        public static let unavailable = Kind(.unavailable)
        /// The backend answered with something that could not be decoded.
        public static let invalidResponse = Kind(.invalidResponse)
        /// The repository does not support the operation (a read-only repository asked to write).
        public static let unsupported = Kind(.unsupported)
        /// The entity was refused as invalid.
        public static let invalidInput = Kind(.invalidInput)

        /// Every kind.
        public static var allCases: [Kind] { Storage.allCases.map(Kind.init) }

        /// The kind's name: `notFound`, `conflict`, …
        public var rawValue: String { storage.rawValue }

        /// The kind named `rawValue`, or nil.
        public init?(rawValue: String) {
            guard let storage = Storage(rawValue: rawValue) else { return nil }
            self.storage = storage
        }

        /// The kind's name, as ``rawValue``.
        public var description: String { rawValue }
    }

    /// The category of failure.
    public var kind: Kind
    /// What happened, for people.
    public var message: String

    /// Creates an error of `kind` with an explanation.
    public init(_ kind: Kind, _ message: String = "") {
        self.kind = kind
        self.message = message
    }

    /// `RepositoryError.notFound: …`: the kind and the message.
    public var description: String {
        message.isEmpty ? "RepositoryError.\(kind.rawValue)" : "RepositoryError.\(kind.rawValue): \(message)"
    }

    /// No entity is stored under the id.
    public static func notFound(_ message: String = "") -> Self { Self(.notFound, message) }
    /// An entity with that id already exists.
    public static func conflict(_ message: String = "") -> Self { Self(.conflict, message) }
    /// The backend could not be reached.
    public static func unavailable(_ message: String = "") -> Self { Self(.unavailable, message) }
    /// The backend's answer could not be decoded.
    public static func invalidResponse(_ message: String = "") -> Self { Self(.invalidResponse, message) }
    /// The operation is not supported.
    public static func unsupported(_ message: String = "") -> Self { Self(.unsupported, message) }
}
