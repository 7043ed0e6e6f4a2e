import RepositoryContractsJSON
import Foundation
import RepositoryContractsPrimitives

/// The stub server's playback engine: answers each request from programmable stubs or loaded
/// fixtures, injects faults, keeps a journal, and explains every request it cannot answer.
///
/// A request is answered by, in order of precedence:
/// 1. a connection-level fault whose rule selects it (see ``Fault``);
/// 2. the newest programmable stub whose pattern matches it and that has uses left;
/// 3. the first unused recorded interaction that matches it (see ``PlaybackOptions``), so repeated
///    identical requests replay their interactions in recorded order;
/// 4. otherwise a diagnostic response (status ``PlaybackOptions/unmatchedStatus``, header
///    `X-Stub-Unmatched: 1`, a plain-text body naming the closest recorded requests and how they
///    differ), kept in the ``report`` as well so the test fails even when the client
///    swallows the response.
///
/// `Playback` is thread-safe and meant to be called from many connections at once: ``plan(for:)`` never
/// suspends and takes the playback's lock once to decide, twice when a stub, a fault rule or a closure
/// matcher is in play (their closures run off the lock, on a snapshot taken first); an unmatched request
/// takes it once more to keep its diagnostic. Finding the interactions for a request costs the same
/// whatever the number of interactions loaded.
public final class Playback: Sendable {
    /// The response header that marks the diagnostic answer to an unmatched request.
    public static let unmatchedHeaderName = "X-Stub-Unmatched"

    /// The options the playback was created with.
    public let options: PlaybackOptions
    /// What every diagnostic of this playback redacts from the requests and responses it shows (the
    /// unmatched-request answer and its closest recorded requests, the ``report``'s findings, a failed
    /// recording's message): a ``StubServer``'s ``StubServer/Configuration/redaction``.
    public let redaction: Redaction
    let normalizer: RequestNormalizer
    let clock: PlaybackClock
    let state = Protected(PlaybackState())
    let requestWaiters = RequestCountWaiters()

    /// Creates a playback with nothing loaded.
    ///
    /// - Parameters:
    ///   - options: How requests match and how strict the report is.
    ///   - clock: The clock ``Fault/delay(_:)`` sleeps on and the journal reads; pass a test clock to
    ///     control delays without waiting.
    ///   - redaction: What diagnostics redact from the requests and responses they show (see
    ///     ``redaction``); the default ``Redaction`` unless given.
    public init(
        options: PlaybackOptions = .init(), clock: any Clock<Duration> = ContinuousClock(),
        redaction: Redaction = Redaction()
    ) {
        self.options = options
        self.redaction = redaction
        self.normalizer = RequestNormalizer(options: options)
        self.clock = PlaybackClock(clock)
    }

    /// Adds a fixture's interactions after those already loaded.
    ///
    /// - Parameters:
    ///   - fixture: The interactions, in recorded order.
    ///   - source: The fixture's file path or name; messages and the journal use it to say where an
    ///     interaction comes from.
    public func load(_ fixture: Fixture, source: String) {
        let prepared = fixture.interactions.enumerated().map { index, interaction in
            let normalized = normalizer.normalize(interaction.request)
            return (
                StoredInteraction(source: source, index: index, interaction: interaction, normalized: normalized),
                normalizer.key(for: normalized)
            )
        }
        state.withLock { state in
            for (interaction, key) in prepared { state.index.add(interaction, key: key) }
        }
    }

    /// A snapshot of every request received so far.
    public var journal: Journal {
        state.withLock { Journal(entries: $0.journal, refusals: $0.refusals) }
    }

    /// Notes a loaded fixture file that still holds secrets; ``report``s `message` as an error.
    package func noteLeakingFixture(_ message: String) {
        state.withLock { $0.leakingFixtures.append(message) }
    }

    /// Notes what the network guard of an interception on this server found (a stopped request, a
    /// limitation of the platform); ``report``s it as it is.
    package func noteNetworkGuardFinding(_ finding: PlaybackReport.Finding) {
        state.withLock { $0.networkGuardFindings.append(finding) }
    }

    /// Notes a connection or request the server turned away to stay within its limits (see
    /// ``Journal/refusals``).
    func noteRefusal(_ refusal: ConnectionRefusal) {
        state.withLock { $0.note(refusal) }
    }

    /// Suspends until the playback has received at least `count` requests since it was created (at once
    /// if it has): the handshake for "the client's request has arrived" (it is then journaled, an
    /// unmatched one is in the ``report``, and a delay or a never-answering fault holds it), in place of
    /// polling the ``journal``. It also returns
    /// as soon as the waiting task is cancelled (a time limit that fired), so a test is never left
    /// waiting for a request that will not come.
    public func waitForRequests(count: Int) async {
        await requestWaiters.wait(forCount: count)
    }

    /// What went wrong so far: unmatched requests with their diagnostics, unused interactions (with
    /// the severity ``PlaybackOptions/unusedInteractions`` gives), stub closures that threw, invalid
    /// matcher configuration, and what the hooks plugged in add (drift found by a drift check, record
    /// mode ``RecordMode/drift``). Call it when the test ends; reading it changes nothing.
    public var report: PlaybackReport {
        let (stored, useCounts, unmatched, stubFailures, leakingFixtures, networkGuardFindings) = state.withLock {
            ($0.index.stored, $0.index.useCounts, $0.unmatchedRequests, $0.stubFailures, $0.leakingFixtures,
             $0.networkGuardFindings)
        }
        let contributions = contributions
        let unused = stored.indices.filter { useCounts[$0] == 0 }.map { position in
            let item = stored[position]
            return PlaybackReport.UnusedInteraction(
                source: item.source, index: item.index, request: item.interaction.request)
        }
        var findings: [PlaybackReport.Finding] = []
        for matcher in options.customMatchers {
            for (expression, reason) in matcher.invalidExpressions {
                findings.append(
                    .init(
                        severity: .error,
                        message: "invalid JSONPath \(DiagnosticText.quoted(expression)) in "
                            + "matcher “\(matcher.name)”: \(reason); it ignores nothing."))
            }
        }
        findings += contributions.configurationFindings
        findings += leakingFixtures.map { .init(severity: .error, message: $0) }
        findings += networkGuardFindings
        findings += unmatched.map { .init(severity: .error, message: $0.diagnostic) }
        findings += stubFailures.map {
            .init(
                severity: .error,
                message: "\($0.stub) threw while answering request #\($0.sequenceNumber) "
                    + "\(DiagnosticText.requestLine(redaction.shown($0.request))): \($0.error)")
        }
        findings += contributions.findings
        let severity: PlaybackReport.Severity? =
            switch options.unusedInteractions.kind {
            case .error: .error
            case .warning: .warning
            case .ignore: nil
            }
        if let severity, !unused.isEmpty {
            let lines = unused.map {
                "  \($0.source), interaction #\($0.index + 1) (interactions[\($0.index)]): "
                    + DiagnosticText.requestLine(redaction.shown($0.request))
            }
            findings.append(
                .init(
                    severity: severity,
                    message: ([
                        "\(unused.count) recorded interaction\(unused.count == 1 ? " was" : "s were") never used:"
                    ]
                        + lines).joined(separator: "\n")))
        }
        return PlaybackReport(
            unmatchedRequests: unmatched, unusedInteractions: unused, stubFailures: stubFailures,
            contributions: contributions, findings: findings)
    }
}
