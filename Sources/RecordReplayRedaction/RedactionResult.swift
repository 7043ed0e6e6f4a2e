public import RecordReplayFixtures
/// What ``Redaction/redact(_:)`` produced: the redacted fixture and where secrets were removed.
@_spi(Benchmarks) public struct RedactionResult: Sendable, Hashable {
    /// The fixture with secrets replaced by ``Redaction/placeholder``.
    public var fixture: Fixture
    /// Every field that was changed, in the order the changes were made; never the secrets themselves.
    public var redactions: [RedactedField]

    /// Creates a result.
    public init(fixture: Fixture, redactions: [RedactedField]) {
        self.fixture = fixture
        self.redactions = redactions
    }
}

/// One field a ``Redaction`` changed.
public struct RedactedField: Sendable, Hashable, CustomStringConvertible {
    /// Why a field was changed.
    public enum Reason: String, Sendable, Hashable {
        /// Its name is on one of the deny-lists.
        case deniedName
        /// It held a value with a known secret's shape: a provider's token, a JSON Web Token, a bearer
        /// token, a private key.
        case knownShape
        /// It was a long random-looking token (a header value, query value or path segment).
        case randomLooking
        /// It held a credential inside its text: an assignment (`apiKey="…"`, `AccountKey=…`), a URL's
        /// password, or the secret segment of a webhook or bot path; only that part was replaced.
        case inText
        /// It held a secret removed elsewhere in the fixture.
        case propagation
        /// A custom redactor changed the interaction.
        case customRedactor
        /// The body was withheld whole: its `Content-Encoding` names a coding nothing here reads (`br`,
        /// `zstd`, codings stacked, gzip that does not decode), so it could not be checked for credentials.
        case unreadableEncoding
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
