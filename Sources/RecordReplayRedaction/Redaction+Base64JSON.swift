import RepositoryContractsJSON
import Foundation
import RecordReplayMessages
import RecordReplayFixtures

/// Base64 text that wraps JSON (an OAuth `state`, a cursor, a webhook payload): judged as JSON, by its
/// members' names as well as their shapes, and written back as base64 in the same alphabet.
struct Base64JSON {
    /// The decoded JSON text.
    var json: String
    /// Whether the text used the URL-safe alphabet (`-`, `_`), and whether it was padded.
    var urlSafe: Bool
    var padded: Bool

    /// The JSON inside `text` when all of it is base64 (16 characters or more) of a JSON object or array.
    init?(_ text: String) {
        // The first four characters decode to the first three bytes: a JSON object or array starts `{`
        // or `[`; most text fails here, before the whole of it is trimmed and decoded.
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) }
        guard let first = text.utf8.firstIndex(where: { !isSpace($0) }),
            let start = RandomBodyValue.base64Decoded(String(decoding: text.utf8[first...].prefix(4), as: UTF8.self)),
            start.first == UInt8(ascii: "{") || start.first == UInt8(ascii: "[")
        else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count >= 16, let bytes = RandomBodyValue.base64Decoded(trimmed),
            let first = bytes.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
            let json = String(bytes: bytes, encoding: .utf8), JSONValue(parsingIfValid: bytes) != nil
        else { return nil }
        self.json = json
        self.urlSafe = trimmed.contains("-") || trimmed.contains("_")
        self.padded = trimmed.hasSuffix("=")
    }

    /// `json` encoded as the original text was.
    func encoded(_ json: String) -> String {
        var text = Data(json.utf8).base64EncodedString()
        if urlSafe { text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_") }
        if !padded { text = text.replacingOccurrences(of: "=", with: "") }
        return text
    }
}

extension Redaction {
    /// `text` with the JSON it wraps in base64 redacted as a JSON body is, and the secrets removed; nil
    /// when it wraps no JSON or nothing in it changed.
    func redactingBase64JSON(_ text: String) -> (text: String, secrets: [String])? {
        guard let wrapped = Base64JSON(text) else { return nil }
        var body = Data(wrapped.json.utf8)
        var scratch = RedactionLog()
        redactBody(&body, headers: ["Content-Type": "application/json"], side: "base64", at: 0, log: &scratch)
        // The shapes and random-looking tokens of the JSON, as the scan finds them.
        var scanner = SecretScanFieldScanner(redaction: self, interaction: 0, findsTextCredentials: false)
        scanner.scan(Interaction(request: StubRequest(method: "GET", path: "/"), response: StubResponse(headers: ["Content-Type": "application/json"], body: body)))
        var secrets = Array(scratch.secrets)
        var json = String(decoding: body, as: UTF8.self)
        let found = zip(scanner.findings, scanner.secrets).filter { $0.0.kind != .unredactedValue }.map(\.1)
        if !found.isEmpty, let replaced = RedactionPropagation(secrets: Set(found)).replacing(in: json) {
            json = replaced
            secrets += found
        }
        guard json != wrapped.json else { return nil }
        return (wrapped.encoded(json), secrets + [text])
    }
}
