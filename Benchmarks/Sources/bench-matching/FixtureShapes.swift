import Foundation
@_spi(Benchmarks) import RecordReplay

/// Fixtures and requests shaped like a Todo API's traffic: `GET /todos/{n}`, `GET /todos` with 2–3
/// query items, `POST /todos` with a JSON body. Every interaction's request is distinct; the same
/// count always gives the same fixture.
enum FixtureShapes {
    /// A fixture of `count` interactions, cycling through the three request shapes.
    static func fixture(count: Int) -> Fixture {
        Fixture(
            interactions: (0..<count).map { n in
                Interaction(request: recordedRequest(n), response: response(n))
            },
            upstream: "https://api.example.com")
    }

    /// Interaction `n`'s request as recorded: query items in one of three orders, JSON keys in one order.
    static func recordedRequest(_ n: Int) -> StubRequest {
        switch n % 3 {
        case 0:
            return StubRequest(method: "GET", path: "/todos/\(n)", headers: ["Accept": "application/json"])
        case 1:
            var items = listQuery(n)
            items.rotate(by: n % items.count)
            return StubRequest(method: "GET", path: "/todos", query: items, headers: ["Accept": "application/json"])
        default:
            let body = #"{"title":"Todo number \#(n)","userId":\#(n % 97),"completed":false,"tags":["a","b"]}"#
            return StubRequest(
                method: "POST", path: "/todos", headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
    }

    /// A request that matches interaction `n` as a client would send it again: query items in another
    /// order, JSON keys in another order with other spacing, other header values.
    static func matchingRequest(_ n: Int) -> StubRequest {
        switch n % 3 {
        case 0:
            return StubRequest(
                method: "GET", path: "/todos/\(n)", headers: ["Accept": "*/*", "User-Agent": "bench-matching"])
        case 1:
            var items = listQuery(n)
            items.rotate(by: (n + 1) % items.count)
            return StubRequest(method: "GET", path: "/todos", query: items, headers: ["User-Agent": "bench-matching"])
        default:
            let body = #"{ "completed": false, "tags": ["a", "b"], "userId": \#(n % 97), "title": "Todo number \#(n)" }"#
            return StubRequest(
                method: "POST", path: "/todos", headers: ["Content-Type": "application/json; charset=utf-8"],
                body: Data(body.utf8))
        }
    }

    /// A request of the same shapes that no interaction of a `count`-interaction fixture matches (a
    /// JSON body or query value that differs in one field, or an id beyond the fixture).
    static func unmatchedRequest(_ n: Int, count: Int) -> StubRequest {
        switch n % 3 {
        case 0:
            return StubRequest(method: "GET", path: "/todos/\(count + n)")
        case 1:
            var items = listQuery(n)
            items[0].value = "\(count + n)"
            return StubRequest(method: "GET", path: "/todos", query: items)
        default:
            let body = #"{"title":"Todo number \#(n)","userId":\#(n % 97),"completed":true,"tags":["a","b"]}"#
            return StubRequest(
                method: "POST", path: "/todos", headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
    }

    /// The three origins of a multi-host fixture: an API host, an auth host and a CDN.
    static let origins = ["https://api.example.com", "https://auth.example.com", "https://cdn.example.com"].map {
        HTTPOrigin($0)!
    }

    /// `fixture` with interaction `n` recorded from origin `n % 3` (of ``origins``), as an intercepted
    /// recording of three hosts writes it.
    static func fromThreeOrigins(_ fixture: Fixture) -> Fixture {
        var spread = fixture
        for index in spread.interactions.indices {
            spread.interactions[index].request.origin = origins[index % origins.count]
        }
        return spread
    }

    /// ``matchingRequest(_:)`` as intercepted from a client that sent it to `origin`.
    static func matchingRequest(_ n: Int, origin: HTTPOrigin) -> StubRequest {
        var request = matchingRequest(n)
        request.origin = origin
        return request
    }

    /// `page`, `userId` and (for two in three) `completed`: 2–3 items, distinct per `n`.
    private static func listQuery(_ n: Int) -> [QueryItem] {
        var items = [QueryItem(name: "page", value: "\(n)"), QueryItem(name: "userId", value: "\(n % 97)")]
        if n % 2 == 1 { items.append(QueryItem(name: "completed", value: n % 4 == 1 ? "true" : "false")) }
        return items
    }

    private static func response(_ n: Int) -> StubResponse {
        let body = #"{"id":\#(n),"title":"Todo number \#(n)","userId":\#(n % 97),"completed":false}"#
        return StubResponse(status: n % 3 == 2 ? 201 : 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }
}

extension Array {
    /// Rotates left by `count` places.
    mutating func rotate(by count: Int) {
        guard !isEmpty else { return }
        let shift = count % self.count
        self = Array(self[shift...] + self[..<shift])
    }
}
