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
public enum SecretKind: String, Sendable, Hashable, CaseIterable {
    /// `Bearer <token>` in a header, where the token is not the placeholder.
    case bearerToken
    /// A JSON Web Token: three base64url segments, the first starting with `eyJ`.
    case jsonWebToken
    /// An AWS access key id: `AKIA` or `ASIA` and 16 upper-case letters or digits.
    case awsAccessKeyID
    /// 40 base64 characters next to `aws_secret` (in the text or the field's name).
    case awsSecretAccessKey
    /// A GitHub token: `ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_` or `github_pat_`.
    case gitHubToken
    /// A Slack token: `xoxb-`, `xoxp-`, `xoxa-`, `xoxr-` or `xapp-`.
    case slackToken
    /// A Stripe key: `sk_live_`, `rk_live_` or `sk_test_`.
    case stripeKey
    /// A Google API key: `AIza` and 35 more characters.
    case googleAPIKey
    /// A PEM `-----BEGIN … PRIVATE KEY-----` block.
    case privateKey
    /// A token with one of the providers' known shapes (GitLab, Hugging Face, Shopify, Twilio, …; see
    /// the finding's `provider`).
    case providerToken
    /// A value under a name on the ``Redaction`` deny-lists that is not the placeholder.
    case unredactedValue
    /// A credential assigned inside text: `apiKey="…"` in a script, `password: …` in YAML, `API_TOKEN=…`
    /// in a `.env` body, `AccountKey=…` or `Pwd=…` in a connection string (see ``Redaction``).
    case assignedCredential
    /// The password of a URL's user information (`postgres://user:password@host/db`).
    case urlPassword
    /// The secret segment of a webhook, bot-token or signed URL path (`/services/T…/B…/<secret>`,
    /// `/bot<id>:<token>/getMe`, `/api/webhooks/<id>/<token>`).
    case webhookPath
    /// A long random-looking token that neither its name nor its shape gives away (see
    /// ``Redaction/redactsRandomLookingTokens``), or a long hexadecimal key where only keys stand (a path
    /// segment after `key` or a version, a provider's header).
    case randomLookingToken
    /// A credential that a structure around it marks: a JSON Web Key's private member, a key file's
    /// private lines, a CSV column or `cookies.txt` row, an authentication command's password
    /// (`curl -u`, Redis `AUTH`), a JDBC thin connection's `user/password@`.
    case structuredCredential
    /// A body whose `Content-Encoding` names a coding nothing here reads (`br`, `zstd`, codings stacked,
    /// gzip or deflate that does not decode): it cannot be checked, so it is refused as if it held a
    /// credential. The finding's preview names the coding; ``Redaction`` withholds such a body.
    case unreadableBody
}
