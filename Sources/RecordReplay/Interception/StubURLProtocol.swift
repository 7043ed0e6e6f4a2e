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

    override func startLoading() {
        guard let scope = InterceptionRouter.shared.activeScope else {
            // The interception ended between the session's choice and now.
            let delivery = InterceptedDelivery(protocol: self, redaction: nil)
            delivery.deliver(.failure(delivery.error(.cancelled, "the URLSession interception ended before the request started")))
            return
        }
        ProcessActivity.note("an intercepted request was received")
        let delivery = InterceptedDelivery(protocol: self, redaction: scope.server.playback.redaction)
        let plan = scope.server.playback.plan(for: InterceptedRequest.stubRequest(from: request))
        if let outcome = delivery.immediateOutcome(of: plan), InterceptedRedirect.next(after: outcome, from: request) == nil {
            delivery.deliver(outcome)
            return
        }
        let (task, first, load) = (self.task, request, self.load)
        let running = scope.run {
            let outcome = await Self.outcome(following: plan, for: first, delivery: delivery, scope: scope)
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

    /// How `request` ends after `plan`: waiting as the plan says, and following redirects through the
    /// playback (up to ``InterceptedRedirect/limit``).
    private static func outcome(
        following plan: ResponsePlan, for request: URLRequest, delivery: InterceptedDelivery, scope: InterceptionScope
    ) async -> InterceptedDelivery.Outcome {
        let clock = scope.server.playback.clock
        var (current, plan, redirects) = (request, plan, 0)
        while true {
            let step = InterceptedDelivery(protocol: delivery.urlProtocol, request: current, redaction: delivery.redaction)
            let outcome = await step.outcome(of: plan, timeout: current.timeoutInterval, clock: clock)
            guard let next = InterceptedRedirect.next(after: outcome, from: current), !Task.isCancelled else { return outcome }
            redirects += 1
            guard redirects <= InterceptedRedirect.limit else {
                return .failure(step.error(.httpTooManyRedirects, "more than \(InterceptedRedirect.limit) redirects"))
            }
            current = next
            plan = scope.server.playback.plan(for: InterceptedRequest.stubRequest(from: next))
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
