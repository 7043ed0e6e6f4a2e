import Foundation

/// A drift check in effect: where the live API is and what to compare. Asks the live API for one
/// request a recorded interaction answered and says how its answer differs.
struct DriftCheck: Sendable {
    let forwarder: UpstreamForwarder
    let options: DriftCheckOptions
    private let comparison: ResponseDrift

    init(forwarder: UpstreamForwarder, options: DriftCheckOptions) {
        self.forwarder = forwarder
        self.options = options
        self.comparison = ResponseDrift(options: options)
    }

    /// Sends `request` (as the client sent it, credentials included) to the live API and compares the
    /// answer with what `item` recorded.
    ///
    /// - Returns: `nil` when the answers agree; otherwise the drift, or why the live API could not be
    ///   asked (never the request's URL, whose query may hold a credential).
    func check(_ request: StubRequest, answeredBy item: StoredInteraction, sequenceNumber: Int) async
        -> PlaybackReport.Drift?
    {
        let outcome: PlaybackReport.Drift.Outcome
        do {
            let live = try await forwarder.forward(request)
            let differences = comparison.differences(
                recorded: item.interaction, live: Interaction(request: request, response: live),
                comparesBody: request.method != "HEAD")
            guard !differences.isEmpty else { return nil }
            outcome = .differs(differences)
        } catch {
            let reason = (error as? UpstreamError)?.reason ?? "\(error)"
            outcome = .unchecked(
                reason: Task.isCancelled ? "the server stopped before the live API answered" : reason)
        }
        return PlaybackReport.Drift(
            sequenceNumber: sequenceNumber, source: item.source, index: item.index,
            request: item.interaction.request, upstream: forwarder.upstream, outcome: outcome)
    }
}
