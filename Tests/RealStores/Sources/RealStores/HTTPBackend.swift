public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live HTTP to-do API the tests run against (`TodoBackend`, started by `.ci/real-stores`), from
/// `REAL_STORES_HTTP_URL` (`http://127.0.0.1:port`).
public enum HTTPBackend {
    /// The environment variable naming the server.
    public static let environmentVariable = "REAL_STORES_HTTP_URL"
    /// The environment variable naming the folder recordings are written to (a temporary one unless set).
    public static let fixturesVariable = "REAL_STORES_HTTP_FIXTURES"

    /// The server's base URL, or `nil` when the variable is unset or empty.
    public static var url: URL? {
        guard let text = ProcessInfo.processInfo.environment[environmentVariable], !text.isEmpty else { return nil }
        return URL(string: text)
    }

    /// Whether a server is configured.
    public static var isConfigured: Bool { url != nil }

    /// What the server at `baseURL` has served so far (`GET /stats`).
    public static func stats(at baseURL: URL) async throws -> Stats {
        var request = URLRequest(url: baseURL.appendingPathComponent("stats"))
        request.timeoutInterval = HTTPTodoStore.requestTimeout
        request.httpMethod = "GET"
        let (data, _) = try await HTTPTodoStore.session.cancellableData(for: request)
        return try JSONDecoder().decode(Stats.self, from: data)
    }

    /// The body of `GET /stats`: the requests served, `GET /stats` left out.
    public struct Stats: Codable, Sendable {
        /// Every request.
        public var requests: Int
        /// The requests that may change data: all but `GET`, `HEAD` and `OPTIONS`.
        public var writes: Int

        /// Stats of `requests` served, `writes` of them writes.
        public init(requests: Int, writes: Int) {
            self.requests = requests
            self.writes = writes
        }
    }
}
