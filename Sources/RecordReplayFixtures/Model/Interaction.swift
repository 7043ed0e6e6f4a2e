public import Foundation
public import RecordReplayMessages

/// One recorded exchange: a request and the response the server gave to it.
public struct Interaction: Sendable, Hashable {
    /// The request as recorded.
    public var request: StubRequest
    /// The response to replay for it.
    public var response: StubResponse
    /// How long the live server took to answer, when the fixture says (HAR `time`, native
    /// `latencyMilliseconds`); replayed only with ``PlaybackOptions/replaysRecordedLatency``.
    public var latency: Duration?

    /// Creates an interaction.
    public init(request: StubRequest, response: StubResponse, latency: Duration? = nil) {
        self.request = request
        self.response = response
        self.latency = latency
    }
}

/// The contents of one fixture file: interactions in recorded order, plus where they came from.
public struct Fixture: Sendable, Hashable {
    /// The interactions in recorded order (the order repeated requests replay in).
    public var interactions: [Interaction]
    /// The upstream base URL the interactions were recorded from, when known (for example
    /// `https://api.example.com/v1`); an interaction whose request has an origin
    /// (``StubRequest/origin``) was recorded from that origin instead, its path taken whole.
    public var upstream: String?
    /// When the interactions were recorded, to the second, when known: written by a recording (the
    /// native format's `recorded` member, a HAR's `startedDateTime`) and shown by `repo-contracts status`.
    /// A re-recording that changes nothing else keeps the old date (the file is left untouched).
    public var recorded: Date?

    /// Creates a fixture.
    public init(interactions: [Interaction] = [], upstream: String? = nil, recorded: Date? = nil) {
        self.interactions = interactions
        self.upstream = upstream
        self.recorded = recorded.map(RecordedDate.truncated)
    }
}

extension Duration {
    /// The duration in whole milliseconds, rounded to the nearest (how fixtures write latencies).
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000 + Int64((Double(attoseconds) / 1e15).rounded())
    }
}
