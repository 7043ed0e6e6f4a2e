import RecordReplayMessages

/// The parts of a header value that are judged one by one for secrets: what ``RandomLookingToken`` and
/// the prefixed-token rule look at.
enum HeaderTokens {
    /// Headers whose value is a list of tokens, some of which carry credentials after a prefix
    /// (`Sec-WebSocket-Protocol: graphql-ws, base64url.bearer.authorization.k8s.io.<token>`).
    static let tokenListHeaders = ["Sec-WebSocket-Protocol"]

    /// The candidates for the randomness rule: a URL's or path's segments and query values
    /// (``RandomLookingToken/candidates(inHeaderValue:)``), each item of a token list header (the part
    /// after its last `.`, where it has a dotted prefix), or the value whole.
    static func candidates(inHeader name: String, value: String) -> [String] {
        guard tokenListHeaders.contains(where: { $0.equalsIgnoringASCIICase(name) }) else {
            return RandomLookingToken.candidates(inHeaderValue: value)
        }
        return items(of: value).map { item in
            item.split(separator: ".").last.map(String.init) ?? item
        }
    }

    /// The tokens that follow a prefix naming a credential in a list-valued header (a token list header,
    /// or any value with `,`): `base64url.bearer.authorization.k8s.io.<token>`, `access_token.<token>`:
    /// the part of an item after its last `.`, when the words before it name a credential
    /// (``CredentialName``).
    static func credentials(inHeader name: String, value: String) -> [String] {
        guard value.contains("."), tokenListHeaders.contains(where: { $0.equalsIgnoringASCIICase(name) }) || value.contains(",")
        else { return [] }
        return items(of: value).compactMap { item in
            guard let dot = item.lastIndex(of: ".") else { return nil }
            let prefix = item[..<dot]
            let token = String(item[item.index(after: dot)...])
            guard token.utf8.count >= 8, token != Redaction.placeholder, CredentialName(String(prefix)).namesCredential
            else { return nil }
            return token
        }
    }

    /// The items of a list-valued header: split at `,` and spaces.
    private static func items(of value: String) -> [String] {
        value.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
    }
}
