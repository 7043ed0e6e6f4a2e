import RepositoryContractsPrimitives

extension Playback {
    /// Sends every request that no stub or recorded interaction answers to the live API through
    /// `forwarder`, answers with what it returned and keeps the exchange (``recordedInteractions``);
    /// `nil` stops recording. An upstream that cannot be reached answers 502 and is reported by
    /// ``report`` like an unmatched request (the request shown as ``redaction`` leaves it).
    package func recordUnmatched(through forwarder: UpstreamForwarder?) {
        let recorder = forwarder.map { UpstreamRecorder($0, redaction: redaction) }
        state.withLock { $0.unansweredHandler = recorder }
    }

    /// The exchanges recorded from the live API so far, in the order the requests arrived.
    public var recordedInteractions: [Interaction] {
        recordedExchanges.map(\.interaction)
    }

    /// ``recordedInteractions`` with the flight of each (which ones were in flight at the same time).
    package var recordedExchanges: [RecordedExchange] {
        (state.withLock { $0.unansweredHandler } as? UpstreamRecorder)?.recordedExchanges ?? []
    }
}
