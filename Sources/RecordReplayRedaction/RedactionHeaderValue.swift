import Foundation
import RecordReplayMessages
import RecordReplayFixtures

/// A deny-listed header value with its secret parts replaced, keeping what is not secret: the
/// scheme of `Authorization`, cookie names, and `Set-Cookie` attributes.
struct RedactionHeaderValue {
    /// The value to store.
    var value: String
    /// The secret parts removed (empty when the value was already redacted or empty).
    var secrets: [String] = []

    init(name: String, value: String) {
        self.value = value
        let trimmed = value.trimmingSpacesAndTabs()
        guard !trimmed.isEmpty else { return }
        if name.equalsIgnoringASCIICase("Authorization") || name.equalsIgnoringASCIICase("Proxy-Authorization") {
            redactCredentials(trimmed)
        } else if name.equalsIgnoringASCIICase("Cookie") {
            let cookies = trimmed.split(separator: ";", omittingEmptySubsequences: false).map { redactCookie($0) }
            self.value = cookies.joined(separator: ";")
        } else if name.equalsIgnoringASCIICase("Set-Cookie") {
            var parts = trimmed.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            parts[0] = redactCookie(Substring(parts[0]))
            self.value = parts.joined(separator: ";")
        } else if trimmed != Redaction.placeholder {
            self.value = Redaction.placeholder
            secrets = [trimmed]
        }
    }

    /// `Scheme credentials` → `Scheme REDACTED`; a value without a scheme is replaced whole. Basic
    /// credentials also give their decoded `user:password` and password as secrets.
    private mutating func redactCredentials(_ trimmed: String) {
        guard let space = trimmed.firstIndex(of: " ") else {
            if trimmed != Redaction.placeholder {
                value = Redaction.placeholder
                secrets = [trimmed]
            }
            return
        }
        let scheme = trimmed[..<space]
        let credentials = trimmed[space...].trimmingSpacesAndTabs()
        guard !credentials.isEmpty, credentials != Redaction.placeholder else { return }
        value = scheme + " " + Redaction.placeholder
        secrets = [credentials]
        if String(scheme).equalsIgnoringASCIICase("Basic"), let decoded = Data(base64Encoded: credentials)?.utf8Text {
            secrets.append(decoded)
            if let colon = decoded.firstIndex(of: ":") {
                secrets.append(String(decoded[decoded.index(after: colon)...]))
            }
        }
    }

    /// ` name=value` → ` name=REDACTED` (leading space kept); a part without `=` is kept.
    private mutating func redactCookie(_ part: Substring) -> String {
        guard let equals = part.firstIndex(of: "=") else { return String(part) }
        let secret = part[part.index(after: equals)...].trimmingSpacesAndTabs()
        guard !secret.isEmpty, secret != Redaction.placeholder else { return String(part) }
        secrets.append(secret)
        return part[...equals] + Redaction.placeholder
    }
}
