import RecordReplayMessages
import RepositoryContractsPrimitives
@_spi(Benchmarks) import RecordReplayWire

extension Playback {
    /// Checks the recorded interactions against the live API while replaying them: every request a
    /// recorded interaction answers is also sent, as the client sent it (credentials the fixture
    /// redacted included), through `forwarder`, and the live answer is compared with the recorded one
    /// as `options` says. `nil` stops checking.
    ///
    /// Only `GET`, `HEAD` and `OPTIONS` requests are sent unless ``DriftCheckOptions/stateChangingRequests``
    /// says to send the others too; then each fixture's requests are sent one at a time and the
    /// identifiers the live API assigns are mapped onto the recorded ones (``IdentifierMap``).
    ///
    /// The client always gets the recorded response (with any fault effects, such as delays), so the
    /// replay stays deterministic; nothing is recorded or written. Each request whose live answer
    /// differs, or for which the live API could not be reached, becomes one ``PlaybackReport/Drift``
    /// and each fixture gets one finding of ``report`` that sums its drift up (an error unless
    /// ``DriftCheckOptions/severity`` says otherwise; a warning when requests were only left unsent).
    /// Requests answered by stubs, or by nothing, are not checked. Unless `options` gives a
    /// ``DriftCheckOptions/redaction``, the check redacts with the playback's ``redaction``.
    package func checkDrift(against forwarder: UpstreamForwarder?, options: DriftCheckOptions = DriftCheckOptions()) {
        startDriftCheck(against: forwarder, options: options)
    }

    /// ``checkDrift(against:options:)``, returning the check it plugged in (`nil` when it stopped
    /// checking) for its owner to keep (``StubServer`` tells it when a reset was withheld).
    @discardableResult
    func startDriftCheck(against forwarder: UpstreamForwarder?, options: DriftCheckOptions) -> DriftCheck? {
        let check = forwarder.map { DriftCheck(forwarder: $0, options: options.redacting(withScope: redaction)) }
        observeAnsweredRequests(with: check)
        return check
    }
}

/// What a drift check files in its playback's ``PlaybackContributions``, read by ``PlaybackReport/drifts``,
/// ``PlaybackReport/driftCheckCount`` and ``PlaybackReport/driftFindings``.
struct DriftCheckContribution: PlaybackContributionKey {
    /// The drifts, in request order.
    var drifts: [PlaybackReport.Drift]
    /// How many requests were sent to the live API.
    var checkCount: Int
    /// One finding per fixture that drifted.
    var findings: [PlaybackReport.Finding]

    /// No drift check: nothing found, nothing sent.
    static let defaultValue = DriftCheckContribution(drifts: [], checkCount: 0, findings: [])
}

extension DriftCheck: AnsweredRequestObserver {
    /// Asks the live API too, and keeps what differs (``drifts``).
    func observe(
        _ request: StubRequest, answeredBy item: StoredInteraction, sequenceNumber: Int,
        fixtureRequests: @escaping @Sendable () -> [StubRequest]
    ) async {
        if let drift = await check(request, answeredBy: item, sequenceNumber: sequenceNumber, recordedRequests: fixtureRequests) {
            found.withLock { $0.append(drift) }
        }
    }

    /// The ignored JSONPaths that do not parse (configuration findings), the drift found so far and one
    /// finding per fixture that drifted.
    func contribute(to contributions: inout PlaybackContributions) {
        for (expression, reason) in options.parsedIgnoredJSONPaths.invalid {
            contributions.configurationFindings.append(
                .init(
                    severity: .error,
                    message: "invalid JSONPath \(DiagnosticText.quoted(expression)) in the drift check's "
                        + "ignoredJSONPaths: \(reason); it ignores nothing."))
        }
        let drifts = found.withLock { $0 }.sorted { $0.sequenceNumber < $1.sequenceNumber }
        let findings = DriftSummary.findings(
            for: drifts, checkedCount: progress.checkedCount(of:), shapeChecks: progress.shapeChecks(of:),
            severity: options.severity)
        contributions.findings += findings
        contributions[DriftCheckContribution.self] = DriftCheckContribution(
            drifts: drifts, checkCount: progress.checkedCount, findings: findings)
    }
}
