public import RecordReplayWire
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
    /// `https://api.example.com/v1`).
    public var upstream: String?

    /// Creates a fixture.
    public init(interactions: [Interaction] = [], upstream: String? = nil) {
        self.interactions = interactions
        self.upstream = upstream
    }
}

extension Duration {
    /// The duration in whole milliseconds, rounded to the nearest (how fixtures write latencies).
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000 + Int64((Double(attoseconds) / 1e15).rounded())
    }
}
