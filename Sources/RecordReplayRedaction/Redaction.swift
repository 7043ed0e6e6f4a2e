import Foundation
import RecordReplayMessages
public import RecordReplayFixtures

/// Removes credentials from a fixture before it is written, so recordings can be committed.
///
/// A field is redacted when its name says it holds a credential (``redactsCredentialNames``): the name,
/// split into words at `-`, `_`, `.` and camelCase, holds `token`, `secret`, `password`, `passwd`,
/// `pwd`, `apikey` or `api key`, `auth`, `authorization`, `session`, `cookie`, `credential`,
/// `signature`, `sig`, `private`, `bearer`, `otp`, `pin`, `passphrase` or `jwt`, or ends with `key`
/// (`X-Subscription-Key`, `PRIVATE-TOKEN`, `hf_token`, `AuthToken`, `sessionId`), unless it ends with a
/// documented harmless ending (`public key`, `token type`, `allow credentials`, …) or is on
/// ``allowedNames``. That holds for request and response headers, query items, form items, multipart
/// parts, JSON members at any depth, and XML/HTML elements and attributes.
///
/// Values with a known secret's shape (the providers' token shapes, JWTs, bearer tokens, private keys)
/// and long random-looking tokens (see ``redactsRandomLookingTokens``) are redacted too, whatever their
/// name, and so are JSON member names of either kind (a map keyed by tokens). Members that the object
/// around them marks are redacted as if named like credentials: a JSON Web Key's private members, the
/// `value` of an object whose `name` is a credential's (`{"Name": "/prod/db/password", "Value": …}`) or
/// whose `type` is `SecureString`, a token resource's `value`.
///
/// An OAuth authorization `code` is redacted by what stands beside it (`grant_type`; `state`,
/// `redirect_uri`, `iss`, …) and by its shape (long enough, letters and digits, not all capitals), in a
/// query, a form, a JSON object and any URL in text; `code=404` and `?code=ABC123` stay readable.
///
/// Credentials inside a value are redacted in place, the rest of the text kept:
/// in every JSON string, form value, query value, header value and text body, a credential-named
/// assignment (`apiKey="…"`, `password: …`, `AccountKey=…;`), a credential-named element
/// (`<password>…</password>`), a URL's password, the secret segments of webhook and bot-token paths,
/// the answers of a mail authentication exchange (SMTP `AUTH`, IMAP `LOGIN` and `AUTHENTICATE`), and
/// the same written with escapes (percent-encoding, JSON escapes, HTML and XML character references such
/// as `&#115;k_live_…` or `&lt;password&gt;`); in the request path, such a segment is replaced whole, so
/// replay matches it.
///
/// Three deny-lists, all compared without ASCII case, name fields that are redacted whatever the rule
/// says:
/// - ``headerNames``: request *and* response header fields. `Authorization` and
///   `Proxy-Authorization` keep their scheme (`Bearer REDACTED`); `Cookie` and `Set-Cookie` keep each
///   cookie's name (`session=REDACTED`), and `Set-Cookie` keeps its attributes as written.
/// - ``queryNames``: request query items.
/// - ``bodyMemberNames``: members of JSON bodies at any depth, and items of
///   `application/x-www-form-urlencoded` bodies.
///
/// ``customRedactors`` then run on every interaction. Last, every secret value the lists removed that
/// has at least ``minimumPropagatedLength`` characters is replaced by ``placeholder`` wherever else it
/// still appears (other headers, the path, query values, text and JSON bodies), raw, percent-encoded
/// or base64-encoded; a shorter one (from ``minimumWholeTokenLength`` characters, holding a letter) only
/// where it stands as a whole token. The output depends only on the input and the configuration.
///
/// The redaction a scope is given is also what its diagnostics show requests and responses through:
/// the stub server's messages (an unmatched request and its closest recorded requests, drift, a
/// request that could not be recorded) and the `repo-contracts` commands' output (`serve`, `inspect`,
/// `status`, given the same `--redact` and `--allow-name` options), whatever a fixture holds.
public struct Redaction: Sendable {
    /// The text that replaces a secret value: `REDACTED`.
    public static let placeholder = "REDACTED"

    /// `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, `X-Api-Key`, `Api-Key`,
    /// `X-Auth-Token`.
    public static let defaultHeaderNames = [
        "Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Api-Key", "Api-Key", "X-Auth-Token",
    ]

    /// `token`, `key`, `api_key`, `apikey`, `access_token`, `signature`, `sig`, `password`.
    public static let defaultQueryNames = [
        "token", "key", "api_key", "apikey", "access_token", "signature", "sig", "password",
    ]

    /// `password`, `token`, `secret`, `access_token`, `refresh_token`, `client_secret`, `api_key`,
    /// `id_token`.
    public static let defaultBodyMemberNames = [
        "password", "token", "secret", "access_token", "refresh_token", "client_secret", "api_key", "id_token",
    ]

    /// Names the credential-name rule leaves alone, compared without ASCII case: none by default.
    public static let defaultAllowedNames: [String] = []

    /// Secrets shorter than this (8 characters) are searched for elsewhere only where they stand as a
    /// whole token, so a short password echoed by the upstream is redacted without blanking out every
    /// word that holds it.
    public static let defaultMinimumPropagatedLength = 8

    /// Secrets shorter than this (4 characters: a `pin` of `1`, a cookie's `en`) are redacted where
    /// they were found but not searched for elsewhere.
    public static let minimumWholeTokenLength = 4

    /// Header fields whose values are redacted, in requests and responses.
    public var headerNames: [String]
    /// Query item names whose values are redacted.
    public var queryNames: [String]
    /// JSON member names (any depth) and form item names whose values are redacted. Every non-empty
    /// string and every number inside such a JSON member becomes the placeholder string.
    public var bodyMemberNames: [String]
    /// Whether names that say they hold a credential are redacted (see the type's description).
    /// Default: `true`.
    public var redactsCredentialNames: Bool
    /// Whether long random-looking tokens are redacted whatever their name: 20 characters or more of
    /// those keys are made of (letters, digits, `- _ + / = . ~`), with a letter and a digit, not a UUID,
    /// carrying at least 4 bits of entropy per character (so hexadecimal hashes and ids stay readable).
    /// That holds for header values, query values, path segments, JSON member names, and body values
    /// (JSON strings, form values, a whole text body) whose name says nothing of ids, hashes or links
    /// and which are not base64 of an image or of plain text; and for hexadecimal keys where only keys
    /// stand (a path segment after `key` or a version, a provider's `X-…` header). Default: `true`.
    public var redactsRandomLookingTokens: Bool
    /// Names never redacted by the credential-name rule (the deny-lists still apply), compared without
    /// ASCII case: for a field whose name matches the rule but holds nothing secret.
    public var allowedNames: [String]
    /// Closures run on every interaction after the deny-lists, in order; each entry they change is
    /// reported as `custom redactor N`.
    public var customRedactors: [@Sendable (inout Interaction) -> Void]
    /// The shortest removed secret that is also replaced wherever else it appears; shorter ones (from
    /// ``minimumWholeTokenLength`` on) are replaced elsewhere only where they stand as a whole token.
    public var minimumPropagatedLength: Int

    /// Creates a redaction; every list defaults to the documented defaults.
    public init(
        headerNames: [String] = Redaction.defaultHeaderNames,
        queryNames: [String] = Redaction.defaultQueryNames,
        bodyMemberNames: [String] = Redaction.defaultBodyMemberNames,
        redactsCredentialNames: Bool = true,
        redactsRandomLookingTokens: Bool = true,
        allowedNames: [String] = Redaction.defaultAllowedNames,
        customRedactors: [@Sendable (inout Interaction) -> Void] = [],
        minimumPropagatedLength: Int = Redaction.defaultMinimumPropagatedLength
    ) {
        self.headerNames = headerNames
        self.queryNames = queryNames
        self.bodyMemberNames = bodyMemberNames
        self.redactsCredentialNames = redactsCredentialNames
        self.redactsRandomLookingTokens = redactsRandomLookingTokens
        self.allowedNames = allowedNames
        self.customRedactors = customRedactors
        self.minimumPropagatedLength = minimumPropagatedLength
    }

    /// The fixture with secrets replaced by ``placeholder``, and where they were.
    @_spi(Benchmarks) public func redact(_ fixture: Fixture) -> RedactionResult {
        var log = RedactionLog()
        var interactions = fixture.interactions
        for index in interactions.indices {
            redactListedFields(of: &interactions[index], at: index, log: &log)
            for (number, redactor) in customRedactors.enumerated() {
                let before = interactions[index]
                redactor(&interactions[index])
                if interactions[index] != before {
                    log.record(index, "custom redactor \(number)", .customRedactor)
                }
            }
        }
        // Values with a known secret's shape (provider tokens, JSON Web Tokens, bearer tokens, private
        // keys), in any field: noted here, then replaced by the propagation below in every field they
        // appear in, raw, percent-encoded or base64-encoded.
        for index in interactions.indices {
            var scanner = SecretScanFieldScanner(redaction: self, interaction: index, findsTextCredentials: false)
            scanner.scan(interactions[index])
            for (finding, secret) in zip(scanner.findings, scanner.secrets) where finding.kind != .unredactedValue {
                let reason: RedactedField.Reason =
                    switch finding.kind {
                    case .randomLookingToken: .randomLooking
                    case .structuredCredential: .inText
                    default: .knownShape
                    }
                log.record(index, finding.field, reason, secrets: [secret])
            }
        }
        let propagation = RedactionPropagation(
            secrets: log.secrets.filter { $0.count >= minimumPropagatedLength },
            shortSecrets: log.secrets.filter(isPropagatedAsWholeToken))
        if !propagation.isEmpty {
            for index in interactions.indices {
                propagation.apply(to: &interactions[index], at: index, log: &log)
            }
        }
        var result = RedactionResult(
            fixture: Fixture(interactions: interactions, upstream: fixture.upstream, recorded: fixture.recorded),
            redactions: log.entries)
        result.secrets = log.secrets
        return result
    }

    /// Redacts the deny-listed headers, query items and body members of one interaction.
    private func redactListedFields(of interaction: inout Interaction, at index: Int, log: inout RedactionLog) {
        redactHeaders(&interaction.request.headers, side: "request", at: index, log: &log)
        redactHeaders(&interaction.response.headers, side: "response", at: index, log: &log)
        // OAuth authorization codes, by the items beside them and their shape.
        let codes = redactsCredentialNames ? OAuthCode.codes(in: interaction.request.query.map { ($0.name, $0.value) }, allowsAlone: true) : []
        for item in interaction.request.query.indices {
            let name = interaction.request.query[item].name
            guard redacts(name, listed: queryNames) || codes.contains(item), let value = interaction.request.query[item].value,
                !value.isEmpty, value != Self.placeholder
            else { continue }
            interaction.request.query[item].value = Self.placeholder
            log.record(index, "request.query \(name)", .deniedName, secrets: [value])
        }
        withholdUnreadableBody(&interaction.request.body, headers: &interaction.request.headers, side: "request", at: index, log: &log)
        withholdUnreadableBody(&interaction.response.body, headers: &interaction.response.headers, side: "response", at: index, log: &log)
        redactBody(
            &interaction.request.body, headers: interaction.request.headers, side: "request", at: index, log: &log)
        redactBody(
            &interaction.response.body, headers: interaction.response.headers, side: "response", at: index, log: &log)
        redactTextCredentials(of: &interaction, at: index, log: &log)
        // A body whose length changed keeps a true Content-Length, if it has one.
        Self.keepContentLength(&interaction.request.headers, of: interaction.request.body)
        Self.keepContentLength(&interaction.response.headers, of: interaction.response.body)
    }

    /// Replaces a body that nothing can check for credentials (its `Content-Encoding` names `br`, `zstd`,
    /// stacked codings, or gzip or deflate that does not decode: see ``BodyEncoding/unreadableCoding(of:headers:)``)
    /// with ``placeholder``, and drops its `Content-Encoding`: erring on the side of redacting, what
    /// cannot be read is not kept. Recording asks the upstream for `identity`, so only an upstream that
    /// ignores it gets here.
    private func withholdUnreadableBody(
        _ body: inout Data, headers: inout HTTPHeaders, side: String, at index: Int, log: inout RedactionLog
    ) {
        guard let coding = BodyEncoding.unreadableCoding(of: body, headers: headers) else { return }
        body = Data(Self.placeholder.utf8)
        headers.removeAll(named: "Content-Encoding")
        log.record(index, "\(side).body (Content-Encoding \(coding))", .unreadableEncoding)
    }

    private func redactHeaders(_ headers: inout HTTPHeaders, side: String, at index: Int, log: inout RedactionLog) {
        for position in headers.fields.indices {
            let field = headers.fields[position]
            guard redacts(field.name, listed: headerNames) else { continue }
            let redacted = RedactionHeaderValue(name: field.name, value: field.value)
            guard !redacted.secrets.isEmpty else { continue }
            headers.fields[position].value = redacted.value
            log.record(index, "\(side).header \(field.name)", .deniedName, secrets: redacted.secrets)
        }
    }

    /// Whether a secret shorter than ``minimumPropagatedLength`` is replaced elsewhere where it stands
    /// as a whole token: it has at least ``minimumWholeTokenLength`` characters, holds a letter (a short
    /// number is more often an id, a count or a year than a secret), and is no plain word (`true`, `none`).
    private func isPropagatedAsWholeToken(_ secret: String) -> Bool {
        secret.count < minimumPropagatedLength && secret.count >= Self.minimumWholeTokenLength
            && secret.contains(where: \.isLetter) && TextCredentials.isSecretValue(secret, quoted: true)
    }

    private static func keepContentLength(_ headers: inout HTTPHeaders, of body: Data) {
        if let length = headers["Content-Length"], length != String(body.count) {
            headers.replaceOrAppend(name: "Content-Length", value: String(body.count))
        }
    }

    /// Whether values under `name` are redacted: it is on `listed`, or the credential-name rule
    /// matches it and it is not on ``allowedNames``.
    func redacts(_ name: String, listed: [String]) -> Bool {
        if Self.list(listed, contains: name) { return true }
        return redactsCredentialNames && CredentialName.mayNameCredential(name) && !Self.list(allowedNames, contains: name)
            && CredentialName(name).namesCredential
    }

    /// Whether `names` holds `name`, comparing without ASCII case.
    static func list(_ names: [String], contains name: String) -> Bool {
        names.contains { $0.equalsIgnoringASCIICase(name) }
    }
}
