import Foundation
import RecordReplayFixtures

/// Whether a body value (a JSON string, a form value, a whole text body) is a random-looking secret
/// that neither its name nor its shape gives away: a JSON Web Key's member, a device code, a PKCE
/// verifier, a token a provider returns under `value`.
///
/// The value must be a ``RandomLookingToken``, and is then kept readable when:
/// - its name says it identifies or locates something (``readableWords``: `id`, `sha`, `hash`, `etag`,
///   `url`, `cursor`, `version`, …), as ids, hashes and links are what tests read;
/// - it is base64 of an image, a document or an archive (by the format's magic bytes), or base64 of
///   text that is itself neither random-looking nor a credential (a cursor such as `arrayconnection:1`);
/// - it is a prefixed id (`pi_3MtwBwLkdIwHu7ix28a3tqPa`: two to eight lower-case letters, `_`, letters and
///   digits) under a name other than a generic holder (`value`, `plaintext`, `raw`, `result`, none).
enum RandomBodyValue {
    /// Words of a name whose values identify or locate things rather than grant access.
    static let readableWords: Set<String> = [
        "id", "ids", "uuid", "guid", "ulid", "ksuid", "cuid", "nanoid", "snowflake", "sha", "sha1", "sha256", "sha512", "hash", "digest", "checksum", "etag",
        "md5", "crc", "crc32", "fingerprint", "url", "uri", "href", "link", "links", "path", "src", "ref", "cursor",
        "after", "before", "next", "prev", "previous", "version", "revision", "rev", "commit", "slug", "name",
        "filename", "file", "image", "avatar", "thumbnail", "icon", "photo", "picture", "logo", "integrity",
        "nonce", "challenge", "trace", "span", "correlation", "request", "etags", "oid", "blob", "tree", "parent",
        "parents", "head", "base", "number", "handle", "username", "login", "email", "title", "type", "kind",
    ]

    /// Names under which a prefixed id is still judged by its randomness: they say nothing of the value.
    private static let genericHolders: Set<String> = ["value", "plaintext", "raw", "result", "secret", "data"]

    /// Whether `value`, found under `name` (nil: an array element or a whole body), is a random secret.
    static func isSecret(_ value: String, name: String?) -> Bool {
        guard RandomLookingToken.matches(value) else { return false }
        let words = name.map(CredentialName.split) ?? []
        if words.contains(where: readableWords.contains) { return false }
        if let decoded = base64Decoded(value) {
            if isMedia(decoded) { return false }
            if let text = String(bytes: decoded, encoding: .utf8), isPrintable(text) {
                return RandomLookingToken.matches(text) || !SecretScanShapes.matches(in: text).isEmpty
            }
        }
        if isPrefixedID(value), !(words.last.map(genericHolders.contains) ?? true) { return false }
        return true
    }

    /// The bytes of `value` read as base64 (standard or URL-safe, padded or not), or nil.
    static func base64Decoded(_ value: String) -> [UInt8]? {
        // One pass over the bytes: the URL-safe alphabet mapped to the standard one, anything else refused.
        var standard: [UInt8] = []
        standard.reserveCapacity(value.utf8.count + 3)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "-"): standard.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): standard.append(UInt8(ascii: "/"))
            case UInt8(ascii: "="): standard.append(byte)
            default:
                guard TokenShape.CharacterClass.base64.contains(byte) else { return nil }
                standard.append(byte)
            }
        }
        while standard.count % 4 != 0 { standard.append(UInt8(ascii: "=")) }
        return Data(base64Encoded: Data(standard)).map { [UInt8]($0) }
    }

    /// Whether `bytes` start like an image, a document, an archive or compressed data.
    static func isMedia(_ bytes: [UInt8]) -> Bool {
        let magics: [[UInt8]] = [
            [0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8, 0xFF], Array("GIF8".utf8), Array("%PDF".utf8), [0x50, 0x4B, 0x03, 0x04],
            [0x1F, 0x8B], Array("RIFF".utf8), [0x00, 0x00, 0x01, 0x00], Array("BM".utf8), Array("<svg".utf8),
            Array("<?xml".utf8), [0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A],
        ]
        return magics.contains { bytes.starts(with: $0) }
    }

    /// Text of letters, digits, punctuation and spaces only: what a decoding that is text looks like.
    static func isPrintable(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F || $0 == "\n" || $0 == "\t" || $0 == "\r" }
    }

    /// `pi_3MtwBwLkdIwHu7ix28a3tqPa`: two to eight lower-case letters, `_`, then letters and digits only.
    static func isPrefixedID(_ value: String) -> Bool {
        let parts = value.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, (2...8).contains(parts[0].count) else { return false }
        return parts[0].utf8.allSatisfy { (0x61...0x7A).contains($0) }
            && parts[1].utf8.allSatisfy(TokenShape.CharacterClass.alphanumeric.contains)
    }
}
