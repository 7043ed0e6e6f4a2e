import RepositoryContractsPrimitives
package import Foundation

/// Where a scope's recording goes: the fixture file, the interactions it keeps in front of the new
/// ones (`newEpisodes`), and the upstream recorded from.
struct RecordingTarget: Sendable {
    var file: URL
    var kept: Fixture?
    var upstream: URL?
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
