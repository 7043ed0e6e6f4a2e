/// An error a repository throws in terms the contracts understand.
///
/// Conformers throw it directly, or the conformance maps their own errors to a ``Kind`` through
/// ``RepositoryPromises/classifyError``, so that clauses can check error behaviour ("update of a missing id is
/// rejected as `notFound`") whatever the transport.
public struct RepositoryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The category of failure.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// No entity is stored under the id.
        case notFound
        /// An entity with that id already exists, or a concurrent change won.
        case conflict
        /// The backend could not be reached or refused to serve (offline, 503, connection reset).
        case unavailable
        /// The backend answered with something that could not be decoded.
        case invalidResponse
        /// The repository does not support the operation (a read-only repository asked to write).
        case unsupported
        /// The entity was refused as invalid.
        case invalidInput
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
