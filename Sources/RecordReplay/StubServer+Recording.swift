public import Foundation
import RepositoryContractsPrimitives
@_spi(Benchmarks) import RecordReplayRedaction

extension StubServer {
    /// Prepares this scope for the fixture `file` as `plan` (its recording's mode, given whether the file
    /// exists) says: replays the file, checks drift against the live API, or claims the file and sends
    /// the requests nothing answers to the live API until ``finishRecording()`` writes them. The one
    /// recording orchestration: ``loadFixture(named:)`` and `repo-contracts record` both go through it.
    ///
    /// `forwardingInChildProcess` and `onFailure` are the forwarder's and the recorder's (see
    /// ``UpstreamForwarder`` and ``Playback/recordUnmatched(through:onFailure:)``).
    ///
    /// - Throws: ``StubServerError`` when the scope should record into a copy, has no upstream, or
    ///   another scope records into `file`; ``FixtureError`` when the existing file is not a fixture.
    package func prepareRecording(
        into file: URL, plan: FixturePlan,
        forwardingInChildProcess: UpstreamForwarder.ChildProcessForwarding? = nil,
        onFailure: (@Sendable (String) -> Void)? = nil
    ) throws {
        let recording = configuration.recording
        if plan.records, configuration.fixtureDirectoryIsCopy { throw StubServerError.recordingIntoCopy(fixture: file.path) }
        if plan.needsUpstream, recording.upstream == nil, !configuration.interceptsURLSession {
            throw StubServerError.noUpstream(fixture: file.path)
        }
        var kept: Fixture?
        if plan.replaysFixture {
            let fixture = try Fixture(contentsOf: file)
            loadScanned(fixture, from: file)
            kept = fixture
        }
        guard recording.upstream != nil || configuration.interceptsURLSession else { return }
        let forwarder = UpstreamForwarder(
            upstream: recording.upstream, timeout: recording.upstreamTimeout, originRoutes: configuration.originRoutes,
            forwardingInChildProcess: forwardingInChildProcess)
        if plan.checksDrift {
            let check = playback.startDriftCheck(against: forwarder, options: recording.driftCheck)
            driftCheck.withLock { $0 = check }
        }
        guard plan.records else { return }
        guard RecordingClaims.claim(file, for: ObjectIdentifier(self)) else {
            throw StubServerError.fixtureAlreadyRecording(fixture: file.path)
        }
        recordingTarget.withLock { $0 = RecordingTarget(file: file, kept: plan.keepsRecorded ? kept : nil) }
        playback.recordUnmatched(through: forwarder, onFailure: onFailure)
    }
}

extension StubServer {
    /// Writes what this server recorded from the live API to `file`: volatile headers left out, request
    /// fields sorted by name, server-assigned identifiers replaced by placeholders, interactions in
    /// order, redacted with ``Configuration-swift.struct/redaction``, scanned for secrets, then written
    /// atomically (a temporary file renamed over the old one, so an interrupted write leaves the
    /// previous fixture intact) with the date of recording (``Fixture/recorded``). When the file
    /// already holds the same fixture but for its date, it is left untouched
    /// (``RecordingOutcome/isUnchanged``).
    ///
    /// With the defaults, recording the same traffic again gives the same fixture, also from an API that
    /// assigns random ids or a client that sends requests concurrently; set
    /// ``Recording/jsonMemberOrder`` to ``JSONMemberOrder/sorted`` for a server whose JSON member order
    /// varies.
    ///
    /// - Parameters:
    ///   - file: The fixture to write (`.json` native, `.har` HAR 1.2).
    ///   - kept: Interactions to keep in front of the recorded ones (the replayed part of a
    ///     `newEpisodes` recording); `nil` writes the recording alone (`once`, `all`).
    ///   - recording: How to write it (see ``Recording``: order, identifiers, JSON member order,
    ///     volatile headers, ``Recording/allowsSecrets``), and the ``Recording/upstream`` the fixture
    ///     names unless it is a loopback address; the configuration's ``Configuration-swift.struct/recording``
    ///     unless given.
    /// - Returns: What was written, or `nil` when nothing was recorded (the file is left as it is).
    /// - Throws: ``RecordingError/secretsFound(file:findings:)`` naming each interaction and field
    ///   (the file is not written), or ``FixtureError`` when writing fails.
    @discardableResult
    public func saveRecording(
        to file: URL, keeping kept: Fixture? = nil, using recording: Recording? = nil
    ) throws -> RecordingOutcome? {
        let recording = recording ?? configuration.recording
        let exchanges = playback.recordedExchanges
        guard !exchanges.isEmpty else { return nil }
        let fixture = Fixture(
            interactions: (kept?.interactions ?? []) + recording.normalization.interactions(from: exchanges, keeping: kept),
            upstream: recording.upstream.flatMap(Self.storedUpstream) ?? kept?.upstream)
        let result = try configuration.redaction.redactedForWriting(
            fixture, to: file.path, allowingSecrets: recording.allowsSecrets)
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
    /// ``saveRecording(to:keeping:using:)``, with the configuration's ``Configuration-swift.struct/recording``).
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
        return try saveRecording(to: target.file, keeping: target.kept)
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
