public import RecordReplayFixtures
import RecordReplayMessages
/// Header fields a recording leaves out because they change on every run (dates, request ids, the
/// loopback port in `Host`) or describe the connection rather than the exchange: without them,
/// recording the same traffic twice writes the same bytes.
///
/// Matching never compares headers unless asked, so dropping these loses nothing a replay needs.
public struct VolatileHeaders: Sendable, Hashable {
    /// Request fields left out by default.
    public static let defaultRequestNames = [
        "Host", "Connection", "Keep-Alive", "Content-Length", "Transfer-Encoding", "Accept-Encoding",
        "User-Agent", "Accept-Language", "Expect", "TE",
    ]
    /// Response fields left out by default.
    public static let defaultResponseNames = [
        "Date", "Age", "Connection", "Keep-Alive", "Content-Length", "Transfer-Encoding", "X-Request-Id",
        "X-Correlation-Id", "X-Amzn-RequestId", "X-Amz-Cf-Id", "X-Runtime", "CF-Ray", "Server-Timing",
        "X-Response-Time", "Report-To", "NEL",
    ]

    /// Request fields to leave out (case-insensitive).
    public var requestNames: [String]
    /// Response fields to leave out (case-insensitive).
    public var responseNames: [String]

    /// Creates a list; the defaults are ``defaultRequestNames`` and ``defaultResponseNames``.
    public init(requestNames: [String] = defaultRequestNames, responseNames: [String] = defaultResponseNames) {
        self.requestNames = requestNames
        self.responseNames = responseNames
    }

    /// `fixture` without the listed fields.
    public func removed(from fixture: Fixture) -> Fixture {
        var fixture = fixture
        let request = Set(requestNames.map { $0.lowercased() })
        let response = Set(responseNames.map { $0.lowercased() })
        for index in fixture.interactions.indices {
            fixture.interactions[index].request.headers.fields.removeAll { request.contains($0.name.lowercased()) }
            fixture.interactions[index].response.headers.fields.removeAll { response.contains($0.name.lowercased()) }
        }
        return fixture
    }
}
