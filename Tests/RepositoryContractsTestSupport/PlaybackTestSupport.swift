import Foundation
package import RecordReplayFixtures
package import RecordReplayMessages
@_spi(Benchmarks) package import RecordReplayWire

/// Builders and plan readers shared by the playback tests.
package enum PlaybackTestSupport {
    /// A request from a target such as `/todos?b=2&a=1` (the query is split and percent-decoded; an
    /// item without `=` has no value).
    package static func request(
        _ method: String, _ target: String, headers: HTTPHeaders = [:], body: String? = nil
    ) -> StubRequest {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let query: [QueryItem] =
            parts.count < 2
            ? []
            : parts[1].split(separator: "&").map { item in
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(pair[0]).removingPercentEncoding ?? String(pair[0])
                return QueryItem(
                    name: name, value: pair.count > 1 ? (String(pair[1]).removingPercentEncoding ?? "") : nil)
            }
        return StubRequest(
            method: method, path: String(parts[0]), query: query, headers: headers, body: Data((body ?? "").utf8))
    }

    /// A JSON request.
    package static func json(_ method: String, _ target: String, _ body: String) -> StubRequest {
        request(method, target, headers: ["Content-Type": "application/json"], body: body)
    }

    /// A 200 response whose body is `text`.
    package static func response(_ text: String, status: Int = 200) -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "text/plain"], body: Data(text.utf8))
    }

    /// A fixture answering each request with the response at the same position.
    package static func fixture(_ pairs: [(StubRequest, StubResponse)]) -> Fixture {
        Fixture(interactions: pairs.map { Interaction(request: $0.0, response: $0.1) })
    }

    /// The plan with every deferred and blocking step carried out.
    package static func resolve(_ plan: ResponsePlan) async -> ResponsePlan {
        await plan.settled()
    }

    /// The response a plan sends, if it sends one (deferred steps carried out).
    package static func response(of plan: ResponsePlan) async -> StubResponse? {
        if case .respond(let response) = await resolve(plan) { return response }
        return nil
    }

    /// The response an immediate plan sends; `nil` for any other plan.
    package static func immediateResponse(of plan: ResponsePlan) -> StubResponse? {
        if case .respond(let response) = plan { return response }
        return nil
    }

    /// The body of the response an immediate plan sends, as text.
    package static func bodyText(of plan: ResponsePlan) -> String? {
        immediateResponse(of: plan).map { String(decoding: $0.body, as: UTF8.self) }
    }
}
