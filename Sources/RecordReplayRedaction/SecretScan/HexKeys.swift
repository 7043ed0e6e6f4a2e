/// Hexadecimal keys, judged by where they stand: hexadecimal text carries at most 4 bits a character,
/// so ``RandomLookingToken`` leaves it readable (hashes, commit SHAs, object ids), but some providers'
/// keys are nothing else.
///
/// A run of hexadecimal digits is a key
/// - in a path, after a segment named like a credential (`/key/<hex>`, `/apikey/<hex>`: 16 digits or
///   more), or right after a version segment (`/v3/<32 hex>`: the project key of an Ethereum gateway;
///   32 to 64 digits);
/// - in a provider's custom header (`X-…`, 32 digits or more) whose name says nothing of ids, hashes
///   or traces (`X-Honeycomb-Team`, but not `X-Request-Id`, `X-Content-Sha256`, `X-B3-TraceId`).
enum HexKeys {
    /// Whether `text` is hexadecimal digits only, at least `minimum` of them.
    static func isHex(_ text: some StringProtocol, atLeast minimum: Int) -> Bool {
        text.utf8.count >= minimum && text.utf8.allSatisfy(TokenShape.CharacterClass.hex.contains)
            && text.utf8.contains { !(0x30...0x39).contains($0) }
    }

    /// Whether a path segment is a key, given the segment before it.
    static func isKey(_ segment: String, after previous: String?) -> Bool {
        guard let previous, isHex(segment, atLeast: 16) else { return false }
        if ["key", "keys", "apikey", "api-key", "api_key", "token", "tokens", "secret", "secrets"].contains(previous.lowercased())
            || CredentialName(previous).namesCredential
        {
            return true
        }
        let isVersion = previous.count >= 2 && previous.count <= 4 && previous.first.map { $0 == "v" || $0 == "V" } == true
            && previous.dropFirst().allSatisfy(\.isNumber)
        return isVersion && (32...64).contains(segment.utf8.count)
    }

    /// Words of a header's name that say its value identifies, traces or checks something.
    private static let readableHeaderWords: Set<String> = [
        "id", "ids", "request", "trace", "traceid", "span", "spanid", "correlation", "sha", "sha1", "sha256", "md5",
        "hash", "digest", "checksum", "etag", "version", "revision", "commit", "build", "cache", "served", "ray",
        "pop", "fingerprint", "parent", "sampled", "debug", "content", "amz", "amzn", "goog", "ms", "azure", "cf",
    ]

    /// Whether a header value is a key by where it stands: a hexadecimal value of 32 digits or more in a
    /// provider's `X-…` header whose name says nothing of ids, hashes or traces.
    static func isKey(_ value: String, inHeader name: String) -> Bool {
        guard name.lowercased().hasPrefix("x-"), isHex(value, atLeast: 32) else { return false }
        return !CredentialName.split(name).contains(where: readableHeaderWords.contains)
    }
}
