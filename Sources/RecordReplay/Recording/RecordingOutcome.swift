public import Foundation
@_spi(Benchmarks) import RecordReplayRedaction

extension Redaction {
    /// `fixture` redacted, then checked by the secret scan, as every fixture this package writes is
    /// (recordings, `repo-contracts convert`).
    ///
    /// - Throws: ``RecordingError/secretsFound(file:findings:)`` naming each interaction and field the
    ///   scan still finds a secret in, unless `allowingSecrets`.
    package func redactedForWriting(
        _ fixture: Fixture, to file: String, allowingSecrets: Bool = false
    ) throws(RecordingError) -> RedactionResult {
        let result = redact(fixture)
        let findings = SecretScan(redaction: self).rememberedFindings(in: result.fixture)
        if !findings.isEmpty && !allowingSecrets {
            throw RecordingError.secretsFound(file: file, findings: findings)
        }
        return result
    }
}

extension Interaction {
    /// The interaction with its request fields in name order (stable for repeated names): clients
    /// such as URLSession send them in an order that changes from run to run.
    var withRequestFieldsSorted: Interaction {
        var copy = self
        copy.request.headers.fields = request.headers.fields.enumerated().sorted {
            let (left, right) = ($0.element.name.lowercased(), $1.element.name.lowercased())
            return left == right ? $0.offset < $1.offset : left < right
        }.map(\.element)
        return copy
    }
}

/// What ``StubServer/saveRecording(to:keeping:using:)`` wrote.
public struct RecordingOutcome: Sendable, Hashable {
    /// The fixture written.
    public var file: URL
    /// How many interactions came from the live API in this scope.
    public var recordedCount: Int
    /// How many interactions the file holds.
    public var interactionCount: Int
    /// What was redacted (interaction and field; never the value).
    public var redactions: [RedactedField]
    /// Whether the file already held this fixture but for its recorded date, and was left untouched.
    public var isUnchanged = false

    /// The bodies stored as ``Redaction/placeholder`` because their `Content-Encoding` names a coding
    /// the redaction cannot read (see ``RedactedField/Reason/unreadableEncoding``).
    public var withheldBodies: [RedactedField] { redactions.filter { $0.reason == .unreadableEncoding } }

    /// What to tell the user about ``withheldBodies``: which, why, and what to do; nil when there are none.
    public var withheldBodiesNotice: String? {
        let withheld = withheldBodies
        guard !withheld.isEmpty else { return nil }
        return """
            \(withheld.count) bod\(withheld.count == 1 ? "y was" : "ies were") stored as \(Redaction.placeholder) in \
            \(file.lastPathComponent): \(withheld.map(\.description).joined(separator: ", ")). Their content coding is one \
            the redaction cannot read, so they could not be checked for credentials. The upstream sent it although \
            the recording asked for Accept-Encoding: identity; have it answer uncompressed (a setting or a query \
            parameter of the API) and record again to keep those bodies
            """
    }
}

/// A recording that cannot be written as it is.
///
/// A struct over private storage rather than an enum, so that a new reason is not a breaking change for
/// code that switches over the ones it knows: compare with `==`, or read ``file`` and ``findings``.
public struct RecordingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reasons, for the package's own exhaustive switches.
    package enum Kind: Sendable, Hashable {
        case secretsFound(file: String, findings: [SecretFinding])
    }

    /// Which reason this is.
    package let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// The secret scan found credentials the redaction left in; the file was not written.
    public static func secretsFound(file: String, findings: [SecretFinding]) -> Self {
        Self(.secretsFound(file: file, findings: findings))
    }

    /// The fixture file that was not written.
    public var file: String {
        switch kind {
        case .secretsFound(let file, _): file
        }
    }

    /// What the secret scan found, one finding per interaction and field.
    public var findings: [SecretFinding] {
        switch kind {
        case .secretsFound(_, let findings): findings
        }
    }

    /// The file, one line per finding, and what to do about them.
    public var description: String {
        switch kind {
        case .secretsFound(let file, let findings):
            let lines = findings.map { "  \($0)" }.joined(separator: "\n")
            return """
                \(file): not written: the fixture still holds \(findings.count) secret\(findings.count == 1 ? "" : "s") after redaction:
                \(lines)
                To redact it, name the field in the Redaction's lists (headerNames, queryNames, bodyMemberNames) or \
                give the Redaction a custom redactor, and pass it to the trait as redaction: (repo-contracts record: \
                --redact <name>). If the values are not secret, a Recording with allowsSecrets: true writes them anyway.
                """
        }
    }
}
