import RepositoryContractsPrimitives

extension Playback {
    /// Sends every request that no stub or recorded interaction answers to the live API through
    /// `forwarder`, answers with what it returned and keeps the exchange (``recordedInteractions``);
    /// `nil` stops recording. A request that cannot be recorded (the upstream cannot be reached, its
    /// answer is cut short or is not HTTP) is answered 502 and reported by ``report`` like an unmatched
    /// request (the request shown as ``redaction`` leaves it), and `onFailure` is called with that
    /// message as it happens; the exchanges recorded before and after it are kept.
    package func recordUnmatched(
        through forwarder: UpstreamForwarder?, onFailure: (@Sendable (String) -> Void)? = nil
    ) {
        let recorder = forwarder.map { UpstreamRecorder($0, redaction: redaction, onFailure: onFailure) }
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
