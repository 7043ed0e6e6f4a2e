/// A secret-looking value a ``SecretScan`` found in a fixture. It never holds the secret itself.
public struct SecretFinding: Sendable, Hashable, CustomStringConvertible {
    /// The index of the interaction in the fixture.
    public var interaction: Int
    /// Where the value is: `request.header Authorization`, `request.query api_key`, `request.path`,
    /// `response.body $.user.token`, `request.body form password`, `response.body`, or
    /// `response.body (base64)` for a body that is base64 text.
    public var field: String
    /// What the value looks like.
    public var kind: SecretKind
    /// The value's first four characters followed by `…`.
    public var preview: String
    /// For ``SecretKind/providerToken``: the provider and kind of credential ("GitLab personal access
    /// token").
    public var provider: String?

    /// Creates a finding.
    public init(interaction: Int, field: String, kind: SecretKind, preview: String, provider: String? = nil) {
        self.interaction = interaction
        self.field = field
        self.kind = kind
        self.preview = preview
        self.provider = provider
    }

    /// Creates a finding whose preview masks `secret`.
    init(interaction: Int, field: String, kind: SecretKind, secret: some StringProtocol, provider: String? = nil) {
        self.init(
            interaction: interaction, field: field, kind: kind, preview: String(secret.prefix(4)) + "…",
            provider: provider)
    }

    /// `#0 request.header Authorization: bearerToken eyJh…`,
    /// `#1 request.query private_token: providerToken (GitLab personal access token) glpa…`.
    public var description: String {
        "#\(interaction) \(field): \(kind.rawValue)" + (provider.map { " (\($0))" } ?? "") + " \(preview)"
    }
}

/// The shapes of secret a ``SecretScan`` recognises.
///
/// A struct over private storage rather than an enum, so that a new shape is not a breaking change
/// for code that switches over the shapes it knows (compare kinds with `==`).
public struct SecretKind: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The shapes, for the package's own exhaustive switches; the raw value is the shape's name.
    package enum Kind: String, Sendable, CaseIterable {
        case bearerToken
        case jsonWebToken
        case awsAccessKeyID
        case awsSecretAccessKey
        case gitHubToken
        case slackToken
        case stripeKey
        case googleAPIKey
        case privateKey
        case providerToken
        case unredactedValue
        case assignedCredential
        case urlPassword
        case webhookPath
        case randomLookingToken
        case structuredCredential
        case unreadableBody
    }

    /// Which shape this is.
    package let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// `Bearer <token>` in a header, where the token is not the placeholder.
    public static let bearerToken = SecretKind(.bearerToken)
    /// A JSON Web Token: three base64url segments, the first starting with `eyJ`.
    public static let jsonWebToken = SecretKind(.jsonWebToken)
    /// An AWS access key id: `AKIA` or `ASIA` and 16 upper-case letters or digits.
    public static let awsAccessKeyID = SecretKind(.awsAccessKeyID)
    /// 40 base64 characters next to `aws_secret` (in the text or the field's name).
    public static let awsSecretAccessKey = SecretKind(.awsSecretAccessKey)
    /// A GitHub token: `ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_` or `github_pat_`.
    public static let gitHubToken = SecretKind(.gitHubToken)
    /// A Slack token: `xoxb-`, `xoxp-`, `xoxa-`, `xoxr-` or `xapp-`.
    public static let slackToken = SecretKind(.slackToken)
    /// A Stripe key: `sk_live_`, `rk_live_` or `sk_test_`.
    public static let stripeKey = SecretKind(.stripeKey)
    /// A Google API key: `AIza` and 35 more characters.
    public static let googleAPIKey = SecretKind(.googleAPIKey)
    /// A PEM `-----BEGIN … PRIVATE KEY-----` block.
    public static let privateKey = SecretKind(.privateKey)
    /// A token with one of the providers' known shapes (GitLab, Hugging Face, Shopify, Twilio, …; see
    /// the finding's `provider`).
    public static let providerToken = SecretKind(.providerToken)
    /// A value under a name on the ``Redaction`` deny-lists that is not the placeholder.
    public static let unredactedValue = SecretKind(.unredactedValue)
    /// A credential assigned inside text: `apiKey="…"` in a script, `password: …` in YAML, `API_TOKEN=…`
    /// in a `.env` body, `AccountKey=…` or `Pwd=…` in a connection string (see ``Redaction``).
    public static let assignedCredential = SecretKind(.assignedCredential)
    /// The password of a URL's user information (`postgres://user:password@host/db`).
    public static let urlPassword = SecretKind(.urlPassword)
    /// The secret segment of a webhook, bot-token or signed URL path (`/services/T…/B…/<secret>`,
    /// `/bot<id>:<token>/getMe`, `/api/webhooks/<id>/<token>`).
    public static let webhookPath = SecretKind(.webhookPath)
    /// A long random-looking token that neither its name nor its shape gives away (see
    /// ``Redaction/redactsRandomLookingTokens``), or a long hexadecimal key where only keys stand (a path
    /// segment after `key` or a version, a provider's header).
    public static let randomLookingToken = SecretKind(.randomLookingToken)
    /// A credential that a structure around it marks: a JSON Web Key's private member, a key file's
    /// private lines, a CSV column or `cookies.txt` row, an authentication command's password
    /// (`curl -u`, Redis `AUTH`), a JDBC thin connection's `user/password@`.
    public static let structuredCredential = SecretKind(.structuredCredential)
    /// A body whose `Content-Encoding` names a coding nothing here reads (`br`, `zstd`, codings stacked,
    /// gzip or deflate that does not decode): it cannot be checked, so it is refused as if it held a
    /// credential. The finding's preview names the coding; ``Redaction`` withholds such a body.
    public static let unreadableBody = SecretKind(.unreadableBody)

    /// Every shape.
    public static var allCases: [SecretKind] { Kind.allCases.map(SecretKind.init) }

    /// The shape's name, as findings print it: `bearerToken`, `jsonWebToken`, …
    public var rawValue: String { kind.rawValue }

    /// The shape named `rawValue`, or nil.
    public init?(rawValue: String) {
        guard let kind = Kind(rawValue: rawValue) else { return nil }
        self.kind = kind
    }

    /// The shape's name, as ``rawValue``.
    public var description: String { rawValue }
}
