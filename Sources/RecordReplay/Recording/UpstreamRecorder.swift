import Foundation
import RepositoryContractsPrimitives
import RecordReplayFixtures
import RecordReplayWire

/// Recording's unanswered-request handler: sends what playback could not answer to the live API,
/// answers with what came back, and keeps each exchange.
final class UpstreamRecorder: UnansweredRequestHandler {
    /// Where requests go.
    let forwarder: UpstreamForwarder
    /// What the upstream answered, by the playback's request number.
    private let recorded = Protected<[(sequenceNumber: Int, interaction: Interaction)]>([])

    init(_ forwarder: UpstreamForwarder) {
        self.forwarder = forwarder
    }

    func answer(_ request: StubRequest, sequenceNumber: Int) async -> UnansweredRequestAnswer {
        do {
            let response = try await forwarder.forward(request)
            recorded.withLock { $0.append((sequenceNumber, Interaction(request: request, response: response))) }
            return .response(response)
        } catch {
            let text = "Request #\(sequenceNumber) \(request.method) \(request.path) could not be recorded: \(error)"
            return .failed(
                StubResponse(status: 502, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8)),
                diagnostic: text)
        }
    }

    /// The exchanges recorded so far, in the order the requests arrived.
    var recordedInteractions: [Interaction] {
        recorded.withLock { $0 }.sorted { $0.sequenceNumber < $1.sequenceNumber }.map(\.interaction)
    }
}
