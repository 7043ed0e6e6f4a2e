import Foundation
import RecordReplayMessages
import RecordReplayFixtures
import RepositoryContractsPrimitives

extension Playback {
    /// The journal as a fixture, for a person to open (as HAR, in a failed test's attachments): each
    /// request as received, with the response it got where the playback knows it — the recorded one of the
    /// interaction that answered it, the diagnostic of an unmatched one — and otherwise a response with
    /// status 0 whose reason names what answered (a stub, a fault, the live API). Not redacted: the caller
    /// redacts it before it leaves the process.
    package var journalAsFixture: Fixture {
        let (stored, unmatched) = state.withLock { ($0.index.stored, $0.unmatchedRequests) }
        let entries = journal.entries
        let interactions = entries.map { entry -> Interaction in
            if let (source, index) = entry.responder.interaction,
               let recorded = stored.first(where: { $0.source == source && $0.index == index }) {
                return Interaction(request: entry.request, response: recorded.interaction.response)
            }
            if let diagnostic = unmatched.first(where: { $0.sequenceNumber == entry.sequenceNumber }) {
                return Interaction(
                    request: entry.request,
                    response: StubResponse(
                        status: options.unmatchedStatus, reason: "Unmatched Stub Request",
                        headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(diagnostic.diagnostic.utf8)))
            }
            return Interaction(request: entry.request, response: StubResponse(status: 0, reason: "answered by \(entry.responder)"))
        }
        return Fixture(interactions: interactions)
    }
}
