public import RecordReplayFixtures
/// What ``Redaction/redact(_:)`` produced: the redacted fixture and where secrets were removed.
@_spi(Benchmarks) public struct RedactionResult: Sendable, Hashable {
    /// The fixture with secrets replaced by ``Redaction/placeholder``.
    public var fixture: Fixture
    /// Every field that was changed, in the order the changes were made; never the secrets themselves.
    public var redactions: [RedactedField]

    /// The secret values removed (at least ``Redaction/minimumWholeTokenLength`` characters or found by
    /// a rule), for an edit of the fixture file's text that replaces them where they stand (see
    /// ``InPlaceRedaction``); never shown.
    package var secrets: Set<String> = []

    /// Creates a result.
    public init(fixture: Fixture, redactions: [RedactedField]) {
        self.fixture = fixture
        self.redactions = redactions
    }
}

/// One field a ``Redaction`` changed.
public struct RedactedField: Sendable, Hashable, CustomStringConvertible {
    /// Why a field was changed.
    ///
    /// A struct over private storage rather than an enum, so that a new reason is not a breaking change
    /// for code that switches over the ones it knows (compare with `==`).
    public struct Reason: RawRepresentable, Sendable, Hashable {
        /// The reasons, for the package's own exhaustive switches.
        package enum Kind: String, Sendable, Hashable, CaseIterable {
            case deniedName, knownShape, randomLooking, inText, propagation, customRedactor, unreadableEncoding
        }

        /// Which one this is.
        package let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// Its name is on one of the deny-lists.
        public static let deniedName = Reason(.deniedName)
        /// It held a value with a known secret's shape: a provider's token, a JSON Web Token, a bearer
        /// token, a private key.
        public static let knownShape = Reason(.knownShape)
        /// It was a long random-looking token (a header value, query value or path segment).
        public static let randomLooking = Reason(.randomLooking)
        /// It held a credential inside its text: an assignment (`apiKey="…"`, `AccountKey=…`), a URL's
        /// password, or the secret segment of a webhook or bot path; only that part was replaced.
        public static let inText = Reason(.inText)
        /// It held a secret removed elsewhere in the fixture.
        public static let propagation = Reason(.propagation)
        /// A custom redactor changed the interaction.
        public static let customRedactor = Reason(.customRedactor)
        /// The body was withheld whole: its `Content-Encoding` names a coding nothing here reads (`br`,
        /// `zstd`, codings stacked, gzip that does not decode), so it could not be checked for credentials.
        public static let unreadableEncoding = Reason(.unreadableEncoding)

        /// Its name, as the enum's raw value was.
        public var rawValue: String { kind.rawValue }

        /// The one named `rawValue`, or nil.
        public init?(rawValue: String) {
            guard let kind = Kind(rawValue: rawValue) else { return nil }
            self.kind = kind
        }
    }

    /// The index of the interaction in the fixture.
    public var interaction: Int
    /// The field: `request.header Authorization`, `request.query api_key`,
    /// `response.body $.user.token`, `request.body form password`, `request.path`, `custom redactor 0`.
    public var field: String
    /// Why it changed.
    public var reason: Reason

    /// Creates an entry.
    public init(interaction: Int, field: String, reason: Reason) {
        self.interaction = interaction
        self.field = field
        self.reason = reason
    }

    /// `#2 request.header Authorization (deniedName)`.
    public var description: String { "#\(interaction) \(field) (\(reason.rawValue))" }
}

/// The entries and removed secret values collected while redacting.
struct RedactionLog {
    private(set) var entries: [RedactedField] = []
    private(set) var secrets: Set<String> = []
    /// The fields in `entries`, to look them up in constant time.
    private var noted: Set<FieldKey> = []

    private struct FieldKey: Hashable {
        var interaction: Int
        var field: String
    }

    /// Notes a field and the secrets it held; a field already noted keeps its first reason (a token
    /// both shaped and random-looking, then replaced by the propagation, is listed once).
    mutating func record(_ interaction: Int, _ field: String, _ reason: RedactedField.Reason, secrets: [String] = []) {
        if noted.insert(FieldKey(interaction: interaction, field: field)).inserted {
            entries.append(RedactedField(interaction: interaction, field: field, reason: reason))
        }
        self.secrets.formUnion(secrets.filter { !$0.isEmpty && $0 != Redaction.placeholder })
    }
}
