public import Foundation
import RepositoryContractsPrimitives
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

extension StubServer {
    /// The upstream as the fixture names it; none for a loopback server, whose port is chance.
    static func storedUpstream(_ upstream: URL) -> String? {
        let host = upstream.host?.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]")) ?? ""
        let isLoopback = host == "localhost" || host == "::1" || host.hasPrefix("127.")
        return isLoopback ? nil : upstream.absoluteString
    }
}

extension StubServer {
    /// Writes what this scope recorded into the fixture ``loadFixture(named:)`` chose (see
    /// ``saveRecording(to:keeping:upstream:order:identifiers:jsonMemberOrder:volatileHeaders:redaction:allowingSecrets:)``).
    ///
    /// The fixture stays claimed by this server until then, so no other scope of the process records
    /// into it meanwhile (see ``StubServerError/fixtureAlreadyRecording(fixture:)``).
    ///
    /// - Returns: What was written, or `nil` when the scope was not recording or recorded nothing.
    /// - Throws: ``RecordingError/secretsFound(file:findings:)`` naming each interaction and field the
    ///   secret scan still finds a credential in (the file is not written), or ``FixtureError`` when
    ///   writing fails.
    @discardableResult
    public func finishRecording() throws -> RecordingOutcome? {
        guard let target = recordingTarget.withLock({ $0 }) else { return nil }
        defer { RecordingClaims.release(target.file, for: ObjectIdentifier(self)) }
        return try saveRecording(
            to: target.file, keeping: target.kept, upstream: target.upstream, order: configuration.recordedOrder,
            identifiers: configuration.serverIdentifiers, jsonMemberOrder: configuration.jsonMemberOrder,
            redaction: configuration.redaction)
    }

    /// Ends this scope's recording without writing it (the test failed): the fixture file is left as it
    /// was and released for other scopes.
    ///
    /// - Returns: The file that was not written and how many interactions were recorded for it, or `nil`
    ///   when the scope was not recording.
    @discardableResult
    package func discardRecording() -> (file: URL, recordedCount: Int)? {
        guard let target = recordingTarget.withLock({ target in defer { target = nil }; return target }) else { return nil }
        RecordingClaims.release(target.file, for: ObjectIdentifier(self))
        return (target.file, playback.recordedInteractions.count)
    }
}
