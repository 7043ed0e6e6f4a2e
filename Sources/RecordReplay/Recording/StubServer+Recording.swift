public import Foundation
@_spi(Benchmarks) import RecordReplayRedaction

extension StubServer {
    /// Writes what this server recorded from the live API to `file`: volatile headers left out, request
    /// fields sorted by name, server-assigned identifiers replaced by placeholders, interactions in
    /// `order`, redacted, scanned for secrets, then written atomically (a temporary file renamed over
    /// the old one, so an interrupted write leaves the previous fixture intact) with the date of
    /// recording (``Fixture/recorded``). When the file already holds the same fixture but for its date,
    /// it is left untouched (``RecordingOutcome/isUnchanged``).
    ///
    /// With the defaults, recording the same traffic again gives the same fixture, also from an API that
    /// assigns random ids or a client that sends requests concurrently; add `jsonMemberOrder: .sorted`
    /// for a server whose JSON member order varies.
    ///
    /// - Parameters:
    ///   - file: The fixture to write (`.json` native, `.har` HAR 1.2).
    ///   - kept: Interactions to keep in front of the recorded ones (the replayed part of a
    ///     `newEpisodes` recording); `nil` writes the recording alone (`once`, `all`).
    ///   - upstream: The base URL recorded from, stored in the fixture unless it is a loopback address.
    ///   - order: The order of the recorded interactions (after the kept ones).
    ///   - identifiers: What to write for identifiers the live API assigned (see ``ServerIdentifiers``).
    ///   - jsonMemberOrder: The order of JSON members in bodies (see ``JSONMemberOrder``).
    ///   - volatileHeaders: Fields left out so the same traffic records the same bytes.
    ///   - redaction: What to redact; the default list unless given.
    ///   - allowingSecrets: Writes even when the scan still finds a secret (an explicit opt-out).
    /// - Returns: What was written, or `nil` when nothing was recorded (the file is left as it is).
    /// - Throws: ``RecordingError/secretsFound(file:findings:)`` naming each interaction and field
    ///   (the file is not written), or ``FixtureError`` when writing fails.
    @discardableResult
    public func saveRecording(
        to file: URL, keeping kept: Fixture? = nil, upstream: URL? = nil, order: RecordedOrder = .canonical,
        identifiers: ServerIdentifiers = .placeholders, jsonMemberOrder: JSONMemberOrder = .asReceived,
        volatileHeaders: VolatileHeaders = VolatileHeaders(), redaction: Redaction = Redaction(),
        allowingSecrets: Bool = false
    ) throws -> RecordingOutcome? {
        let exchanges = playback.recordedExchanges
        guard !exchanges.isEmpty else { return nil }
        let normalization = RecordingNormalization(
            order: order, identifiers: identifiers, jsonMemberOrder: jsonMemberOrder, volatileHeaders: volatileHeaders)
        let fixture = Fixture(
            interactions: (kept?.interactions ?? []) + normalization.interactions(from: exchanges, keeping: kept),
            upstream: upstream.flatMap(Self.storedUpstream) ?? kept?.upstream)
        let result = try redaction.redactedForWriting(fixture, to: file.path, allowingSecrets: allowingSecrets)
        let written = try result.fixture.writeRecording(to: file)
        return RecordingOutcome(
            file: file, recordedCount: exchanges.count, interactionCount: fixture.interactions.count,
            redactions: result.redactions, isUnchanged: !written)
    }
}

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
        let findings = SecretScan(redaction: self).findings(in: result.fixture)
        if !findings.isEmpty && !allowingSecrets {
            throw RecordingError.secretsFound(file: file, findings: findings)
        }
        return result
    }
}

extension StubServer {
    /// The upstream as the fixture names it; none for a loopback server, whose port is chance.
    static func storedUpstream(_ upstream: URL) -> String? {
        let host = upstream.host?.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]")) ?? ""
        let isLoopback = host == "localhost" || host == "::1" || host.hasPrefix("127.")
        return isLoopback ? nil : upstream.absoluteString
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

/// What ``StubServer/saveRecording(to:keeping:upstream:order:identifiers:jsonMemberOrder:volatileHeaders:redaction:allowingSecrets:)`` wrote.
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
public enum RecordingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The secret scan found credentials the redaction left in; the file was not written.
    case secretsFound(file: String, findings: [SecretFinding])

    /// The file, one line per finding, and what to do about them.
    public var description: String {
        switch self {
        case .secretsFound(let file, let findings):
            let lines = findings.map { "  \($0)" }.joined(separator: "\n")
            return """
                \(file): not written: the fixture still holds \(findings.count) secret\(findings.count == 1 ? "" : "s") after redaction:
                \(lines)
                To redact it, name the field in the Redaction's lists (headerNames, queryNames, bodyMemberNames) or \
                give the Redaction a custom redactor, and pass it to the trait as redaction: (repo-contracts record: \
                --redact <name>). If the values are not secret, saveRecording(…, allowingSecrets: true) writes them anyway.
                """
        }
    }
}
