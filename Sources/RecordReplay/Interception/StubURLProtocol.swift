import Foundation
import RepositoryContractsPrimitives
@_spi(Benchmarks) import RecordReplayWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLProtocol` that hands intercepted requests to the active interception's playback (the same
/// entry point the socket uses, ``Playback/plan(for:)``) and carries the plan out as URLSession
/// callbacks: a response, or the `URLError` a real connection would surface for a fault.
final class StubURLProtocol: URLProtocol {
    /// The `URLProtocol` property that marks a request interception must leave alone.
    static let exemptionMark = "RepositoryContracts.NotIntercepted"

    /// The running answer, cancelled by `stopLoading`; `stopped` once the client gave up.
    private let load = Protected<(task: Task<Void, Never>?, stopped: Bool)>((nil, false))

    override class func canInit(with request: URLRequest) -> Bool {
        InterceptionRouter.shared.intercepts(request)
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    /// Marks `request` as never intercepted (the forwards of recording and the drift check to the live API).
    static func exempt(_ request: inout URLRequest) {
        if let mutable = (request as NSURLRequest).mutableCopy() as? NSMutableURLRequest {
            URLProtocol.setProperty(true, forKey: exemptionMark, in: mutable)
            request = mutable as URLRequest
        }
    }

    override func startLoading() {
        guard let scope = InterceptionRouter.shared.activeScope else {
            // The interception ended between the session's choice and now.
            let delivery = InterceptedDelivery(protocol: self, redaction: nil)
            delivery.deliver(.failure(delivery.error(.cancelled, "the URLSession interception ended before the request started")))
            return
        }
        ProcessActivity.note("an intercepted request was received")
        let playback = scope.playback
        let delivery = InterceptedDelivery(protocol: self, redaction: playback.redaction, heads: scope.responseHeads)
        let plan = playback.plan(for: InterceptedRequest.stubRequest(from: request))
        // An answer that needs no waiting and no redirect is delivered at once; a redirect answered at
        // once is followed from the outcome already computed.
        let immediate = delivery.immediateOutcome(of: plan)
        if let immediate, InterceptedRedirect.next(after: immediate, from: request) == nil {
            delivery.deliver(immediate)
            return
        }
        let (task, load) = (self.task, self.load)
        let running = scope.run {
            let outcome = await Self.outcome(
                following: immediate.map(Step.outcome) ?? .plan(plan), delivery: delivery, playback: playback)
            InterceptionPlatform.deliverLater(for: task) {
                guard !load.withLock({ $0.stopped }) else { return }
                delivery.deliver(outcome)
            }
        }
        let stoppedAlready = load.withLock { load in
            load.task = running
            return load.stopped
        }
        if stoppedAlready { running.cancel() }
    }

    /// Where following a request starts: a plan still to be carried out, or its outcome when it needed no
    /// waiting.
    private enum Step {
        case plan(ResponsePlan)
        case outcome(InterceptedDelivery.Outcome)
    }

    /// How `delivery`'s request ends from `first`: waiting as each plan says, and following redirects
    /// through `playback` (up to ``InterceptedRedirect/limit``).
    private static func outcome(
        following first: Step, delivery: InterceptedDelivery, playback: Playback
    ) async -> InterceptedDelivery.Outcome {
        var (step, redirects) = (delivery, 0)
        var next = first
        while true {
            let outcome: InterceptedDelivery.Outcome
            switch next {
            case .outcome(let known): outcome = known
            case .plan(let plan):
                outcome = await step.outcome(of: plan, timeout: step.request.timeoutInterval, clock: playback.clock)
            }
            guard let redirected = InterceptedRedirect.next(after: outcome, from: step.request), !Task.isCancelled
            else { return outcome }
            redirects += 1
            guard redirects <= InterceptedRedirect.limit else {
                return .failure(step.error(.httpTooManyRedirects, "more than \(InterceptedRedirect.limit) redirects"))
            }
            step = InterceptedDelivery(
                protocol: delivery.urlProtocol, request: redirected, redaction: delivery.redaction, heads: delivery.heads)
            next = .plan(playback.plan(for: InterceptedRequest.stubRequest(from: redirected)))
        }
    }

    override func stopLoading() {
        let task = load.withLock { load in
            load.stopped = true
            return load.task
        }
        task?.cancel()
    }
}
