import Foundation
package import RepositoryContractsJSON
import RecordReplayFixtures

/// Redacts a fixture file's JSON text by editing only the string literals that hold a secret: each
/// secret's spelling inside a value (raw with the document's escapes, or percent-encoded, as in a URL)
/// becomes ``Redaction/placeholder``, and the values given whole (a base64 body, re-encoded) are
/// replaced; every other byte is kept. The caller checks that the edited text reads back as the
/// redacted fixture, and writes the fixture through its codec when it does not.
package struct InPlaceRedaction: Sendable {
    /// The secrets' spellings, longest first, each with whether it must stand as a whole token.
    private let spellings: [(bytes: [UInt8], wholeToken: Bool)]

    /// Redacts `secrets` (what ``Redaction/redact(_:)`` removed, see ``RedactionResult/secrets``); one
    /// shorter than `minimumPropagatedLength` only where it stands as a whole token, as the redaction
    /// propagates it.
    package init(secrets: Set<String>, minimumPropagatedLength: Int) {
        var spellings: [(bytes: [UInt8], wholeToken: Bool)] = []
        for secret in secrets where !secret.isEmpty {
            let wholeToken = secret.count < minimumPropagatedLength
            var forms: Set<String> = []
            let escaped = String(JSONValue.string(secret).serialized(style: .compact).dropFirst().dropLast())
            forms.insert(escaped)
            forms.insert(escaped.replacingOccurrences(of: "/", with: #"\/"#))
            forms.insert(URLText.percentEncoded(secret, keeping: Self.unreserved))
            spellings += forms.map { (Array($0.utf8), wholeToken) }
        }
        self.spellings = spellings.sorted { $0.bytes.count > $1.bytes.count }
    }

    /// `bytes` (a valid JSON text) with each value literal's secrets replaced, and the literals at the
    /// paths of `wholeValues` spelled as the string given, or left alone for `nil`. Member names are
    /// never changed.
    package func edited(_ bytes: [UInt8], wholeValues: [[JSONStringLiteral.Step]: String?]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copied = 0
        for literal in JSONStringLiteral.all(in: bytes) where !literal.isMemberName {
            let replacement: [UInt8]?
            if let whole = wholeValues[literal.path] {
                replacement = whole.map { Array(JSONValue.string($0).serialized(style: .compact).utf8) }
            } else {
                replacement = replacingSecrets(in: bytes[literal.range])
            }
            guard let replacement, !replacement.elementsEqual(bytes[literal.range]) else { continue }
            output += bytes[copied..<literal.range.lowerBound]
            output += replacement
            copied = literal.range.upperBound
        }
        output += bytes[copied...]
        return output
    }

    /// Whether a secret's spelling is still somewhere in `bytes` (a member name, a value no rule reads).
    package func holdsSecret(_ bytes: [UInt8]) -> Bool {
        replacingSecrets(in: bytes[...]) != nil
    }

    /// `spelling` with each secret replaced by the placeholder; nil when it holds none.
    private func replacingSecrets(in spelling: ArraySlice<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        var changed = false
        var position = spelling.startIndex
        let placeholder = Array(Redaction.placeholder.utf8)
        scanning: while position < spelling.endIndex {
            for (secret, wholeToken) in spellings
            where secret[0] == spelling[position] && spelling[position...].starts(with: secret) {
                let end = position + secret.count
                if wholeToken, Self.isWordByte(spelling, at: position - 1) || Self.isWordByte(spelling, at: end) { continue }
                output += placeholder
                position = end
                changed = true
                continue scanning
            }
            output.append(spelling[position])
            position += 1
        }
        return changed ? output : nil
    }

    /// Whether the byte at `index` (inside `bytes`) is an ASCII letter or digit.
    private static func isWordByte(_ bytes: ArraySlice<UInt8>, at index: Int) -> Bool {
        guard bytes.indices.contains(index) else { return false }
        let byte = bytes[index]
        let letter = byte | 0x20
        return (letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// The bytes percent-encoding leaves as they are (RFC 3986 unreserved).
    private static let unreserved = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8))
}
