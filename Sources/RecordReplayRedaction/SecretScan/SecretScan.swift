import Foundation
public import RecordReplayFixtures

/// Looks through a fixture for values that look like secrets, as a gate before a recording is saved.
///
/// It scans the request path (percent-decoded), query values, request and response headers, and
/// bodies: JSON string values (with their path), form items, other text, and text that is itself
/// base64 of UTF-8 text (decoded first). It reports bearer tokens in headers, JSON Web Tokens, AWS
/// keys, GitHub, Slack and Stripe tokens, Google API keys, PEM private keys, the providers' token
/// shapes, credentials inside text (assignments, connection strings, URL passwords, webhook and
/// bot-token path segments: the shapes ``Redaction`` redacts in place), and any value under a name on
/// the ``redaction``'s deny-lists that is not ``Redaction/placeholder``.
@_spi(Benchmarks) public struct SecretScan: Sendable {
    /// The deny-lists whose names must only hold the placeholder.
    public var redaction: Redaction

    /// Creates a scan checking the deny-lists of `redaction` (the defaults unless given).
    public init(redaction: Redaction = Redaction()) {
        self.redaction = redaction
    }

    /// Every finding, by interaction, then field in the order path, query, request headers, request
    /// body, response headers, response body.
    public func findings(in fixture: Fixture) -> [SecretFinding] {
        var findings: [SecretFinding] = []
        for (index, interaction) in fixture.interactions.enumerated() {
            var scanner = SecretScanFieldScanner(redaction: redaction, interaction: index)
            scanner.scan(interaction)
            findings += scanner.findings
        }
        return findings
    }
}
