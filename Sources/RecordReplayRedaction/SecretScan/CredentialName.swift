import RecordReplayMessages

/// Whether a field's name says that its value is a credential: the name rule of ``Redaction``.
///
/// The name is split into lower-case words at `-`, `_`, `.`, spaces and camelCase humps
/// (`X-Api-Key` → x, api, key; `hfToken` → hf, token; `AUTH_TOKEN` → auth, token). It names a
/// credential when a word is one of ``words``; when `key` is its last word (`X-Subscription-Key`, but
/// not `keyboard` or `key_count`); when `api` is followed by `key`; or when a word of a single-word run
/// such as `accesstoken` or `sessionid` starts or ends with one of the ``embeddedWords`` (long enough not
/// to occur by chance: `token` but not `pin`, which `shipping` holds); or when it ends with one of the
/// ``credentialEndings`` (the artifacts of OAuth and SAML flows: `device_code`, `code_verifier`,
/// `SAMLResponse`, `client_assertion`).
///
/// A last word that only says how the value is written (``encodingWords``: `data`, `b64`, `pem`, …) is
/// set aside first, so `client-key-data` (a kubeconfig's key) is judged as `client-key`; and a name whose
/// last word says it holds a location (``locationWords``: `uri`, `url`, `endpoint`) names no credential
/// (`token_uri`, `auth_provider_x509_cert_url`): its value is still judged by its shape and text.
struct CredentialName {
    /// The words that mark a credential wherever they stand in the name.
    static let words: Set<String> = [
        "token", "secret", "secrets", "password", "passwords", "passwd", "pwd", "apikey", "auth",
        "authorization", "session", "sessions", "sessionid", "jsessionid", "phpsessid", "cookie", "cookies", "credential", "credentials",
        "signature", "sig", "hmac", "private", "bearer", "otp", "pin", "passphrase", "jwt", "pass", "pw",
        "passcode", "verifier", "assertion",
    ]

    /// Endings that mark a credential whose words say nothing alone: OAuth's device and authorization
    /// codes and PKCE verifier, SAML's signed response.
    static let credentialEndings: [[String]] = [
        ["device", "code"], ["authorization", "code"], ["auth", "code"], ["code", "verifier"], ["saml", "response"],
        ["saml", "assertion"],
    ]

    /// Last words that say how a value is written, not what it is: set aside before judging.
    static let encodingWords: Set<String> = ["data", "b64", "base64", "pem", "der", "hex", "encoded", "enc", "bytes"]

    /// Last words that say a value is a location: such a name is no credential's.
    static let locationWords: Set<String> = ["uri", "url", "urls", "endpoint", "endpoints", "host", "domain"]

    /// Words that also mark a credential as the start or end of a longer word (`authtoken`, `sessionkey`).
    static let embeddedWords = [
        "token", "secret", "password", "passwd", "apikey", "session", "cookie", "credential", "signature",
        "bearer", "passphrase",
    ]

    /// Endings that match the rule but name no secret, each kept readable on purpose:
    /// - `… public key`, `primary key`, `foreign key`, `sort key`, `partition key`, `cache key`: keys of
    ///   records, tables and caches, and public halves of key pairs;
    /// - `idempotency key`: a client-chosen request id, which tests often assert on;
    /// - `sec websocket key`: the handshake nonce (`Sec-WebSocket-Key`), random per connection;
    /// - `token type` (`"token_type": "bearer"`), `token count`: descriptions of a token, not one (and
    ///   `tokens`, a count in language-model APIs: `max_tokens`, `prompt_tokens`, is not a credential word);
    /// - `allow credentials` (`Access-Control-Allow-Credentials: true`): a CORS flag.
    static let harmlessEndings: [[String]] = [
        ["public", "key"], ["primary", "key"], ["foreign", "key"], ["sort", "key"], ["partition", "key"],
        ["cache", "key"], ["idempotency", "key"], ["sec", "web", "socket", "key"], ["token", "type"],
        ["token", "count"], ["allow", "credentials"],
    ]

    /// Pieces every credential word, ending and embedded word holds: a name holding none of them
    /// (`title`, `2026-11-24T08`) names no credential, which is told without splitting it into words.
    private static let stems = [
        "tok", "secret", "pass", "pwd", "key", "auth", "sess", "cookie", "cred", "sig", "hmac", "priv", "bearer",
        "otp", "pin", "jwt", "pw", "verif", "assert", "code", "saml",
    ].map { Array($0.utf8) }

    /// Whether the name can name a credential: false only when ``namesCredential`` is false for sure.
    ///
    /// Called for every field name a redaction or a scan meets, so it is written with plain index loops
    /// over the bytes: closures over generic sequences are tens of times slower in a debug build, which is
    /// how tests run it.
    static func mayNameCredential(_ name: String) -> Bool {
        name.utf8.asciiLowercasedBytes.withUnsafeBufferPointer { text in
            for stem in stems where stem.count <= text.count {
                let found = stem.withUnsafeBufferPointer { stem in
                    var start = 0
                    while start + stem.count <= text.count {
                        var matched = 0
                        while matched < stem.count && text[start + matched] == stem[matched] { matched += 1 }
                        if matched == stem.count { return true }
                        start += 1
                    }
                    return false
                }
                if found { return true }
            }
            return false
        }
    }

    /// The name's words, lower-cased.
    let words: [String]

    init(_ name: String) {
        var words = Self.split(name)
        if words.count > 1, let last = words.last, Self.encodingWords.contains(last) { words.removeLast() }
        self.words = words
    }

    /// Whether the name marks its value as a credential.
    var namesCredential: Bool {
        if let last = words.last, Self.locationWords.contains(last) { return false }
        if Self.credentialEndings.contains(where: { words.count >= $0.count && Array(words.suffix($0.count)) == $0 }) {
            return true
        }
        if Self.harmlessEndings.contains(where: { words.count >= $0.count && Array(words.suffix($0.count)) == $0 }) {
            return false
        }
        if words.contains(where: Self.words.contains) { return true }
        if let last = words.last, last == "key" || last == "keys" { return true }
        if zip(words, words.dropFirst()).contains(where: { $0 == "api" && ($1 == "key" || $1 == "keys") }) { return true }
        return words.contains { word in
            word.count > 5 && word != "tokens" && Self.embeddedWords.contains { word.hasPrefix($0) || word.hasSuffix($0) }
        }
    }

    /// `XApiKey` → x, api, key; `HTTPAuthToken` → http, auth, token; `hf_token` → hf, token.
    static func split(_ name: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        let characters = Array(name)
        func flush() {
            if !current.isEmpty { words.append(String(current).lowercased()) }
            current = []
        }
        for (offset, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                flush()
                continue
            }
            if character.isUppercase, let previous = current.last {
                let nextIsLower = offset + 1 < characters.count && characters[offset + 1].isLowercase
                // A hump: `aB`, or the last capital of a run followed by a lower-case letter (`HTTPAuth`).
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) { flush() }
            }
            current.append(character)
        }
        flush()
        return words
    }
}
