import RepositoryContractsJSON
import RecordReplayFixtures

/// The members of a JSON object that hold a credential because of the object they stand in, whatever
/// their own names say: what the redaction replaces and the secret scan reports, as for a member named
/// like a credential.
///
/// - **A JSON Web Key** (an object with a `kty` member): its private members `d`, `p`, `q`, `dp`, `dq`,
///   `qi`, `oth`, and the symmetric key `k`. The public members (`n`, `e`, `x`, `y`, `kid`, …) are kept.
/// - **A named value** (an object whose `name`, `key`, `Name`, `Key`, `label` or `variable` member holds
///   a credential's name, whole or as the last part of a path: `DB_PASSWORD`, `/prod/db/password`): its
///   `value` (any case, `Value`, `values`) — environment variables, parameter stores, CI secrets.
/// - **A value typed secret** (an object whose `type` or `Type` is `SecureString`, `secret` or
///   `password`): its `value`. A Kubernetes `Secret` (`kind` `Secret`): its `data` and `stringData`.
/// - **An OAuth token request** (an object or form with `grant_type`): its authorization `code`; and a
///   callback's parameters (``OAuthCode``: `code` beside `state`, `redirect_uri`, …): a code by its shape.
/// - **A token resource** (an object with an expiry member such as `expires_at`, `expires_in` or
///   `expiration`, or a `scopes` member): its `value`, `plaintext` and `raw` members, what providers'
///   "create a token" answers hold the token in.
enum JSONCredentialContext {
    /// A JSON Web Key's private members (RFC 7518, section 6).
    static let privateKeyMembers: Set<String> = ["d", "p", "q", "dp", "dq", "qi", "oth", "k"]

    /// A JSON Web Key's public members: kept readable, whatever their randomness.
    static let publicKeyMembers: Set<String> = ["n", "e", "x", "y", "crv", "kid", "x5t", "x5t#S256", "x5c", "alg", "use", "kty"]

    /// The names of the members of `members` that are public by the object they are in (a JSON Web
    /// Key's modulus and exponent, curve points, key id), so the randomness rule leaves them readable.
    static func readableMembers(of members: [JSONValue.Member]) -> Set<String> {
        guard members.contains(where: { $0.name == "kty" }) else { return [] }
        return Set(members.map(\.name).filter(publicKeyMembers.contains))
    }

    /// Whether `value` is a JSON Web Key set's list of keys (an array of objects with `kty`): what a
    /// member named `keys` holds in a `jwks.json`, judged key by key rather than blanked as a credential.
    static func isKeyList(_ value: JSONValue) -> Bool {
        guard case .array(let elements) = value, !elements.isEmpty else { return false }
        return elements.allSatisfy { element in
            if case .object(let members) = element { members.contains { $0.name == "kty" } } else { false }
        }
    }

    /// The names of the members that label what their sibling holds.
    private static let labelMembers: Set<String> = ["name", "key", "label", "variable", "parameter"]
    /// The names of the members that hold a labelled or typed value, lower-cased.
    private static let valueMembers: Set<String> = ["value", "values", "plaintext", "raw"]
    /// Types that mark a value as secret, lower-cased.
    private static let secretTypes: Set<String> = ["securestring", "secret", "password"]
    /// Members that say an object is a token with a lifetime or scopes, lower-cased.
    private static let tokenResourceMembers: Set<String> = [
        "expires_at", "expires_in", "expiresat", "expiresin", "expiration", "expiry", "expires", "expires_on",
        "scopes", "expiration_date",
    ]

    /// The names of the members of `members` that hold a credential because of the object they are in.
    /// `namesCredential` judges a label's text as a name (the redaction's name rule).
    static func credentialMembers(of members: [JSONValue.Member], namesCredential: (String) -> Bool) -> Set<String> {
        var found: Set<String> = []
        var labelled = false
        var tokenResource = false
        for member in members {
            let lowered = member.name.lowercased()
            switch (lowered, member.value) {
            case ("kty", .string):
                found.formUnion(members.map(\.name).filter(privateKeyMembers.contains))
            case ("kind", .string("Secret")):
                found.formUnion(members.map(\.name).filter { $0 == "data" || $0 == "stringData" })
            case ("type", .string(let type)) where secretTypes.contains(type.lowercased()):
                labelled = true
            case (_, .string(let label)) where labelMembers.contains(lowered):
                if isCredentialLabel(label, namesCredential: namesCredential) { labelled = true }
            default:
                if tokenResourceMembers.contains(lowered) { tokenResource = true }
            }
        }
        // An OAuth token request (a form or JSON with `grant_type`): its authorization code.
        if members.contains(where: { $0.name == "grant_type" }) {
            found.formUnion(members.map(\.name).filter { $0 == "code" })
        } else if members.contains(where: { $0.name == "code" }) {
            // A callback's parameters (`code` beside `state`, `redirect_uri`, …): a code by its shape.
            let items = members.map { member -> (name: String, value: String?) in
                if case .string(let text) = member.value { (member.name, text) } else { (member.name, nil) }
            }
            found.formUnion(OAuthCode.codes(in: items, allowsAlone: false).map { items[$0].name })
        }
        if labelled || tokenResource {
            found.formUnion(members.map(\.name).filter { valueMembers.contains($0.lowercased()) })
        }
        return found
    }

    /// Whether a label names a credential: whole (`DB_PASSWORD`), or its last part after `/`, `:` or `.`
    /// (`/prod/db/password`, `secrets:api-key`). A long label or prose is none.
    static func isCredentialLabel(_ label: String, namesCredential: (String) -> Bool) -> Bool {
        guard !label.isEmpty, label.utf8.count <= 128, !label.contains(" ") else { return false }
        if namesCredential(label) { return true }
        guard let last = label.split(whereSeparator: { "/:.".contains($0) }).last, last.count < label.count else {
            return false
        }
        return namesCredential(String(last))
    }
}
