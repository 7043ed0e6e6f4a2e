/// What a recording writes for the identifiers the live API assigned (random UUIDs, hexadecimal or
/// base62 ids, and the entity tags that hash them), which change every time the same traffic is
/// recorded.
///
/// With ``placeholders`` (the default), each is written as a placeholder of the same shape, numbered in
/// the order it first appears: a UUID as `00000000-0000-4000-8000-000000000001` (upper-case hex digits
/// when the UUID had them), another id as its prefix (`cus_`, if any) and the number padded with zeros
/// to the length of the rest. The same value gets the same placeholder everywhere in the fixture
/// (paths, query values, fields such as `Location`, bodies), so on replay the client receives the
/// placeholder, sends it back, and its requests match the recorded ones. Re-recording an unchanged API
/// then writes the same bytes.
///
/// An identifier is learned as the drift check learns one: from the answers to state-changing
/// requests, in JSON members named like identifiers (`id`, `uuid`, `…Id`, `…_id`), in values a later
/// request uses in its path or query, and in `Location`. Only values that look random are replaced
/// (UUIDs; 16 or more letters and digits holding both, or 14 or more after a prefix of lower-case
/// letters ending in `_`, such as `cus_`; 16 or more letters, digits, `-` and `_` holding a digit and
/// letters of both cases, as base64url ids do): integers, words and slugs, which a backend reset before
/// recording assigns the same way every time, are kept, and so is any value the client sent before an
/// answer held it (the client's own ids). A fixture without such values is written exactly as with
/// ``asReceived``.
///
/// A struct over private storage rather than an enum, so that a new choice is not a breaking change for
/// code that switches over the ones it knows (compare choices with `==`).
public struct ServerIdentifiers: Sendable, Hashable, CaseIterable, RawRepresentable, CustomStringConvertible {
    /// The choices, for the package's own exhaustive switches.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case placeholders, asReceived
    }

    /// Which choice this is.
    package let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// Replaced by stable placeholders of the same shape.
    public static let placeholders = ServerIdentifiers(.placeholders)
    /// Written as the live API sent them.
    public static let asReceived = ServerIdentifiers(.asReceived)

    /// Every choice.
    public static var allCases: [ServerIdentifiers] { Kind.allCases.map(ServerIdentifiers.init) }

    /// The choice's name, as `repo-contracts record --identifiers` spells it.
    public var rawValue: String { kind.rawValue }

    /// The choice named `rawValue`, or nil.
    public init?(rawValue: String) {
        guard let kind = Kind(rawValue: rawValue) else { return nil }
        self.kind = kind
    }

    /// The choice's name (its ``rawValue``).
    public var description: String { rawValue }
}

/// The order a recording writes the members of JSON objects in.
///
/// A struct over private storage rather than an enum, so that a new order is not a breaking change for
/// code that switches over the ones it knows (compare orders with `==`).
public struct JSONMemberOrder: Sendable, Hashable, CaseIterable, RawRepresentable, CustomStringConvertible {
    /// The orders, for the package's own exhaustive switches.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case asReceived, sorted
    }

    /// Which order this is.
    package let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// As the client or the server wrote them: replay sends the recorded bytes. A server whose member
    /// order varies from answer to answer then changes the fixture on every re-record.
    public static let asReceived = JSONMemberOrder(.asReceived)
    /// Sorted by name at every depth, in request and response bodies with a JSON `Content-Type`, keeping
    /// the body's escapes, spacing and number spellings: replay then sends the members in that order.
    /// Matching ignores member order, so requests still match.
    public static let sorted = JSONMemberOrder(.sorted)

    /// Every order.
    public static var allCases: [JSONMemberOrder] { Kind.allCases.map(JSONMemberOrder.init) }

    /// The order's name, as `repo-contracts record --json-members` spells it.
    public var rawValue: String { kind.rawValue }

    /// The order named `rawValue`, or nil.
    public init?(rawValue: String) {
        guard let kind = Kind(rawValue: rawValue) else { return nil }
        self.kind = kind
    }

    /// The order's name (its ``rawValue``).
    public var description: String { rawValue }
}
