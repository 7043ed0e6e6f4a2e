/// One recorded exchange: a request and the response the server gave to it.
public struct Interaction: Sendable, Hashable {
    /// The request as recorded.
    public var request: StubRequest
    /// The response to replay for it.
    public var response: StubResponse

    /// Creates an interaction.
    public init(request: StubRequest, response: StubResponse) {
        self.request = request
        self.response = response
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
