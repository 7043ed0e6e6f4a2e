import RecordReplayMessages
/// What went wrong (or may have) during a playback, from ``Playback/report``: unmatched requests
/// with their diagnostics, unused interactions, stub closures that threw, configuration mistakes, and
/// what recording and the drift check add to it (drift from the live API).
public struct PlaybackReport: Sendable, CustomStringConvertible {
    /// How serious a finding is.
    // Frozen by decision: a finding either fails the owning test or does not; a finding that is neither is not reported.
    @frozen
    public enum Severity: Sendable, Hashable, CustomStringConvertible {
        /// Fails the owning test.
        case error
        /// Worth showing; does not fail the test.
        case warning

        /// `error` or `warning`.
        public var description: String {
            switch self {
            case .error: "error"
            case .warning: "warning"
            }
        }
    }

    /// A request nothing answered.
    public struct UnmatchedRequest: Sendable {
        /// The request's journal sequence number.
        public let sequenceNumber: Int
        /// The request as received.
        public let request: StubRequest
        /// The diagnostic: the request, the closest recorded requests with a field-by-field diff, and a
        /// hint (the same text as the response body).
        public let diagnostic: String
    }

    /// A recorded interaction no request used.
    public struct UnusedInteraction: Sendable {
        /// The fixture's source.
        public let source: String
        /// The 0-based index in the fixture's `interactions`.
        public let index: Int
        /// The recorded request.
        public let request: StubRequest
    }

    /// A stub closure that threw instead of returning a response.
    public struct StubFailure: Sendable {
        /// The request's journal sequence number.
        public let sequenceNumber: Int
        /// The stub.
        public let stub: StubID
        /// The request the stub was answering.
        public let request: StubRequest
        /// The error, as `String(describing:)` spells it.
        public let error: String
    }

    /// One finding, with its severity and a message.
    public struct Finding: Sendable, CustomStringConvertible {
        /// How serious it is.
        public let severity: Severity
        /// The message, possibly several lines.
        public let message: String

        /// `error: <message>`.
        public var description: String { "\(severity): \(message)" }
    }

    /// Requests nothing answered, in order.
    public let unmatchedRequests: [UnmatchedRequest]
    /// Interactions no request used, in load order (listed whatever the policy).
    public let unusedInteractions: [UnusedInteraction]
    /// Stub closures that threw, in order.
    public let stubFailures: [StubFailure]
    /// What the hooks plugged into the playback added (see ``PlaybackContributions``): the drift check's
    /// members of the report (``drifts``, ``driftCheckCount``, ``driftFindings``) read it.
    package let contributions: PlaybackContributions
    /// Every finding with a severity: unmatched requests, stub failures, configuration mistakes and
    /// requests the network guard of an interception on the server stopped are errors; drift has the
    /// severity ``DriftCheckOptions/severity`` gives (error by default; a fixture
    /// whose requests were only left unsent is a warning); unused
    /// interactions are errors, warnings or absent as ``PlaybackOptions/unusedInteractions`` says.
    public let findings: [Finding]

    /// Whether any finding is an error.
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// Every finding, one after the other, or `no findings`.
    public var description: String {
        findings.isEmpty ? "no findings" : findings.map(\.description).joined(separator: "\n\n")
    }
}
