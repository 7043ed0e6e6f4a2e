import RecordReplayMessages
import Foundation
import RepositoryContractsPrimitives
import RecordReplayFixtures
import RecordReplayWire
import RecordReplayRedaction

/// Recording's unanswered-request handler: sends what playback could not answer to the live API,
/// answers with what came back, and keeps each exchange with its flight.
final class UpstreamRecorder: UnansweredRequestHandler {
    /// Where requests go.
    let forwarder: UpstreamForwarder
    /// What the message about a request that could not be recorded redacts from it.
    let redaction: Redaction
    /// Told the message about each request that could not be recorded, as it happens.
    let onFailure: (@Sendable (String) -> Void)?
    /// What the upstream answered, and the ticks that order the flights.
    private let state = Protected(State())

    private struct State {
        var recorded: [RecordedExchange] = []
        /// The next tick: one for each request that starts and for each answer that comes back.
        var ticks = 0

        mutating func tick() -> Int {
            defer { ticks += 1 }
            return ticks
        }
    }

    init(_ forwarder: UpstreamForwarder, redaction: Redaction, onFailure: (@Sendable (String) -> Void)? = nil) {
        self.forwarder = forwarder
        self.redaction = redaction
        self.onFailure = onFailure
    }

    func answer(_ request: StubRequest, sequenceNumber: Int) async -> UnansweredRequestAnswer {
        let started = state.withLock { $0.tick() }
        do {
            return recorded(try await forwarder.forward(request), for: request, sequenceNumber: sequenceNumber, started: started)
        } catch {
            return failed(request, sequenceNumber: sequenceNumber, error: error)
        }
    }

    /// The forward over the own HTTP client, on the connection's thread, when the request goes to a plain
    /// `http` URL.
    func blockingAnswer(to request: StubRequest, sequenceNumber: Int) -> BlockingUnansweredAnswer? {
        guard let forward = forwarder.blockingForward(request) else { return nil }
        return BlockingUnansweredAnswer(
            answer: { [self] in
                let started = state.withLock { $0.tick() }
                do {
                    return recorded(try forward.run(), for: request, sequenceNumber: sequenceNumber, started: started)
                } catch {
                    return failed(request, sequenceNumber: sequenceNumber, error: error)
                }
            },
            cancel: forward.cancel)
    }

    /// Keeps the exchange of `request`, handed over at tick `started`, and answers with `response`.
    private func recorded(_ response: StubResponse, for request: StubRequest, sequenceNumber: Int, started: Int)
        -> UnansweredRequestAnswer
    {
        state.withLock {
            let flight = started..<$0.tick()
            $0.recorded.append(
                RecordedExchange(
                    interaction: Interaction(request: request, response: response), sequenceNumber: sequenceNumber,
                    flight: flight))
        }
        return .response(response)
    }

    /// The 502 answer, and the message, for `request` that could not be recorded because of `error`.
    private func failed(_ request: StubRequest, sequenceNumber: Int, error: any Error) -> UnansweredRequestAnswer {
        // The request, and the URL it went to, as the redaction leaves them.
        let shown = redaction.shown(request)
        let reason =
            (error as? UpstreamError).map {
                UpstreamError(url: forwarder.url(for: shown)?.absoluteString ?? shown.path, reason: $0.reason).description
            } ?? "\(error)"
        let text = "Request #\(sequenceNumber) \(DiagnosticText.requestLine(shown)) could not be recorded: \(reason)"
        onFailure?(text)
        return .failed(
            StubResponse(status: 502, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8)),
            diagnostic: text)
    }

    /// The exchanges recorded so far, in the order the requests arrived.
    var recordedExchanges: [RecordedExchange] {
        state.withLock { $0.recorded }.sorted { $0.sequenceNumber < $1.sequenceNumber }
    }
}

/// One exchange recorded from the live API, with when it was in flight.
package struct RecordedExchange: Sendable, Hashable {
    /// The request and what the live API answered.
    package var interaction: Interaction
    /// The request's number in the playback (the order requests arrived in).
    package var sequenceNumber: Int
    /// From the tick at which the request was handed to the live API to the tick at which its answer
    /// came back; two exchanges whose flights overlap were in flight at the same time (the client sent
    /// the second before it had the answer to the first), so their order is chance.
    package var flight: Range<Int>

    /// Creates an exchange.
    package init(interaction: Interaction, sequenceNumber: Int, flight: Range<Int>) {
        self.interaction = interaction
        self.sequenceNumber = sequenceNumber
        self.flight = flight
    }
}
