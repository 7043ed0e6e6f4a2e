import RecordReplayMessages
import Foundation
import RepositoryContractsPrimitives
import RecordReplayRedaction

/// A drift check in effect: where the live API is and what to compare. Asks the live API for one
/// request a recorded interaction answered and says how its answer differs.
struct DriftCheck: Sendable {
    let forwarder: UpstreamForwarder
    let options: DriftCheckOptions
    /// What the check learned and decided per fixture.
    let progress = DriftProgress()
    /// The checks that found a difference or could not ask the live API, in the order they finished.
    let found = Protected<[PlaybackReport.Drift]>([])
    private let comparison: ResponseDrift

    init(forwarder: UpstreamForwarder, options: DriftCheckOptions) {
        self.forwarder = forwarder
        self.options = options
        self.comparison = ResponseDrift(options: options)
    }

    /// Sends `request` (as the client sent it, credentials included, with the live API's identifiers in
    /// place of the recorded ones) to the live API in the fixture's turn, and compares the answer with
    /// what `item` recorded. A state-changing request, when ``DriftCheckOptions/stateChangingRequests``
    /// says to skip them, and every later request of its fixture, is not sent.
    ///
    /// - Parameter recordedRequests: The recorded requests of `item`'s fixture, read once per fixture
    ///   (the values they use in paths and queries are worth mapping).
    /// - Returns: `nil` when the answers agree; otherwise the drift, why the request was not sent, or
    ///   why the live API could not be asked (never the request's URL, whose query may hold a credential).
    func check(
        _ request: StubRequest, answeredBy item: StoredInteraction, sequenceNumber: Int,
        recordedRequests: @escaping @Sendable () -> [StubRequest]
    ) async -> PlaybackReport.Drift? {
        await progress.inTurn(of: item.source) {
            await checkInTurn(request, answeredBy: item, sequenceNumber: sequenceNumber, recordedRequests: recordedRequests)
        }
    }

    private func checkInTurn(
        _ request: StubRequest, answeredBy item: StoredInteraction, sequenceNumber: Int,
        recordedRequests: () -> [StubRequest]
    ) async -> PlaybackReport.Drift? {
        let shapeOnly = progress.comparesByShapeOnly
        let changesState = RequestMethod.changesState(request.method)
        let skipsIt = changesState && (options.stateChangingRequests == .skip || shapeOnly)
        // Messages show the recorded request as the check's redaction leaves it, whatever the fixture holds.
        // It is redacted only for a drift or a skipped write (here, before the fixture's lock is taken, for
        // the line the write leaves to the requests after it): a check that finds nothing needs none.
        let shownIfSkipped = skipsIt ? options.redaction.shown(item.interaction.request) : nil
        let line = shownIfSkipped.map { "request #\(sequenceNumber) \(DiagnosticText.requestLine($0))" } ?? ""
        // Only a GET's answer has a body whose shape says something; HEAD and OPTIONS are left unsent.
        let isGET = request.method.uppercased() == "GET"
        let decision: Decision = progress.withFixture(item.source, recordedRequests: recordedRequests) { fixture in
            if shapeOnly, !changesState {
                return isGET ? .sendForShape(request) : .notSent(.stateNotRebuilt)
            }
            if let skipped = fixture.skippedStateChange {
                return isGET ? .sendForShape(request) : .notSent(.followsSkipped(skipped))
            }
            if skipsIt {
                fixture.skippedStateChange = line
                return .notSent(.changesState(request.method))
            }
            fixture.checkedCount += 1
            return .send(fixture.identifiers.mappingToLive(request))
        }
        let outcome: PlaybackReport.Drift.Outcome
        switch decision {
        case .notSent(let notSent):
            outcome = .notSent(reason: notSent.reason)
        case .sendForShape(let liveRequest):
            guard let differences = await shapeDifferences(liveRequest, answeredBy: item, recordedRequests: recordedRequests)
            else { return nil }
            outcome = differences
        case .send(let liveRequest):
            do {
                let live = try await forwarder.forward(liveRequest)
                let comparable = progress.withFixture(item.source, recordedRequests: recordedRequests) { fixture in
                    if changesState {
                        fixture.identifiers.learn(recorded: item.interaction.response, live: live)
                    }
                    return fixture.identifiers.mappingToRecorded(live, recorded: item.interaction.response)
                }
                let differences = comparison.differences(
                    recorded: item.interaction, live: Interaction(request: request, response: comparable),
                    comparesBody: request.method != "HEAD")
                guard !differences.isEmpty else { return nil }
                outcome = .differs(differences)
            } catch {
                outcome = Self.unchecked(error)
            }
        }
        return PlaybackReport.Drift(
            sequenceNumber: sequenceNumber, source: item.source, index: item.index,
            request: shownIfSkipped ?? options.redaction.shown(item.interaction.request),
            upstream: forwarder.baseURL(for: request) ?? Self.noUpstream, outcome: outcome)
    }

    /// Sends a read that follows an unsent state change and compares the live answer's shape with the
    /// recorded one (member names and JSON types, not values: the live data is not the recorded data).
    /// Returns `nil` when the shapes agree or cannot be compared (noted in the fixture's progress).
    private func shapeDifferences(
        _ request: StubRequest, answeredBy item: StoredInteraction, recordedRequests: () -> [StubRequest]
    ) async -> PlaybackReport.Drift.Outcome? {
        let live: StubResponse
        do {
            live = try await forwarder.forward(request)
        } catch {
            return Self.unchecked(error)
        }
        let comparison = comparison.shapeDifferences(
            recorded: item.interaction, live: Interaction(request: request, response: live))
        progress.withFixture(item.source, recordedRequests: recordedRequests) { fixture in
            switch comparison {
            case .compared: fixture.shapes.compared += 1
            case .notComparable(let reason): fixture.shapes.notComparable.append(reason)
            }
        }
        guard case .compared(let lines) = comparison, !lines.isEmpty else { return nil }
        return .differs(lines)
    }

    /// The outcome of a request the live API could not be asked, with why (never its URL).
    /// What a drift names as the live API when its request had neither an origin nor an upstream to go
    /// to (the forward failed, and the drift says why).
    static let noUpstream = URL(string: "about:blank")!

    private static func unchecked(_ error: any Error) -> PlaybackReport.Drift.Outcome {
        let reason = (error as? UpstreamError)?.reason ?? "\(error)"
        return .unchecked(reason: Task.isCancelled ? "the server stopped before the live API answered" : reason)
    }

    /// What happens to a request: sent as given (the live API's identifiers in place), sent to compare
    /// the shape of its answer only, or not sent.
    private enum Decision {
        case send(StubRequest)
        case sendForShape(StubRequest)
        case notSent(NotSent)
    }

    /// Why a request was answered from the recording only.
    private enum NotSent {
        /// The request changes state and the options say to skip such requests.
        case changesState(String)
        /// An earlier state-changing request of the fixture (named) was not sent.
        case followsSkipped(String)
        /// The live API is not in the recorded state, and the request has no body to compare by shape.
        case stateNotRebuilt

        var reason: String {
            switch self {
            case .changesState(let method):
                "\(method) may change the live API's data, and state-changing requests are not sent"
            case .followsSkipped(let skipped):
                "it follows \(skipped), which was not sent, so the live answer would not be comparable"
            case .stateNotRebuilt:
                "the live API was not reset to the recorded state, so only GET answers are compared (by shape)"
            }
        }
    }
}
