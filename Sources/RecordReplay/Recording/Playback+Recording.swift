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
        answerUnansweredRequests(with: forwarder.map { UpstreamRecorder($0, redaction: redaction, onFailure: onFailure) })
    }

    /// The exchanges recorded from the live API so far, in the order the requests arrived.
    public var recordedInteractions: [Interaction] {
        recordedExchanges.map(\.interaction)
    }

    /// ``recordedInteractions`` with the flight of each (which ones were in flight at the same time).
    package var recordedExchanges: [RecordedExchange] {
        contributions[RecordedExchanges.self]
    }
}

/// What a recording files in its playback's ``PlaybackContributions``: the exchanges recorded so far, in
/// the order the requests arrived (read by ``Playback/recordedExchanges``).
enum RecordedExchanges: PlaybackContributionKey {
    /// Nothing recorded.
    static let defaultValue: [RecordedExchange] = []
}

extension UpstreamRecorder {
    /// The exchanges recorded so far (``RecordedExchanges``).
    func contribute(to contributions: inout PlaybackContributions) {
        contributions[RecordedExchanges.self] = recordedExchanges
    }
}
