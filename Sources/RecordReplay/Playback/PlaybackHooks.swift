import RecordReplayMessages
@_spi(Benchmarks) import RecordReplayWire

/// Answers a request that no stub or recorded interaction answers, in place of the diagnostic answer:
/// how recording plugs into playback (``Playback/recordUnmatched(through:onFailure:)``).
///
/// Called after the request's fault delays, off the playback's lock; many requests may be handed over at
/// once.
package protocol UnansweredRequestHandler: Sendable {
    /// The answer to `request`, the playback's request number `sequenceNumber`.
    func answer(_ request: StubRequest, sequenceNumber: Int) async -> UnansweredRequestAnswer
}

/// What an ``UnansweredRequestHandler`` gives back.
package enum UnansweredRequestAnswer: Sendable {
    /// The response to send; the request's fault effects (a status override, a truncation) apply to it.
    case response(StubResponse)
    /// The handler could not answer: `response` is sent as it is, and the playback's report lists the
    /// request with `diagnostic`, like an unmatched one.
    case failed(StubResponse, diagnostic: String)
}

/// Told of every request a recorded interaction answers, before the client gets the recorded response:
/// how the drift check plugs into playback (``Playback/checkDrift(against:options:)``).
///
/// Called after the request's fault delays, off the playback's lock; the client waits for it.
package protocol AnsweredRequestObserver: Sendable {
    /// `request`, the playback's request number `sequenceNumber`, was answered by `item`;
    /// `fixtureRequests` reads the recorded requests of `item`'s fixture.
    func observe(
        _ request: StubRequest, answeredBy item: StoredInteraction, sequenceNumber: Int,
        fixtureRequests: @escaping @Sendable () -> [StubRequest]
    ) async
}
