package import Foundation
import RepositoryContractsPrimitives

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends a request the stub server received on to the live API and brings back its answer as a
/// ``StubResponse``: the building block of recording.
///
/// A request with an ``StubRequest/origin`` (one `URLSession` interception brought in process) goes to
/// that origin, its path as sent; any other goes to the upstream, its path appended to the upstream's.
/// The request keeps its method, path, query, headers and body,
/// minus hop-by-hop fields and `Host` (URLSession sets them for the upstream); it asks for
/// `Accept-Encoding: identity`, so bodies come back uncompressed and fixtures stay readable. Fields the
/// client did not send are not added either: on Linux, where URLSession would add `User-Agent`,
/// `Accept-Language`, `Accept` and (with a body) `Content-Type` (``fieldsURLSessionAddsUnasked``),
/// they are suppressed, as a localised API could answer differently. (Darwin's URLSession may still add
/// its own `User-Agent`, `Accept-Language` and `Content-Type`; it offers no way to send a request
/// without them.) Redirects are not followed: the client under test sees the 3xx, body included, as it
/// would from the live API.
///
/// The response's `Content-Length` and `Transfer-Encoding` fields are dropped (the server writes its own
/// framing), and so is `Content-Encoding` when the body arrived decoded (see ``keptHeaders(of:body:)``).
/// URLSession joins repeated response fields with `", "`, which RFC 9110 §5.3 allows for list fields;
/// `Set-Cookie` is not one, so it alone is split back into one field per cookie (see `SetCookieFields`).
/// The remaining response fields are sorted by name (URLSession hands them over unordered), so the same
/// answer always records the same bytes.
package struct UpstreamForwarder: Sendable {
    /// The live API's base URL, such as `https://api.example.com/v1`: where requests without an origin
    /// go (`nil` when every request names its own origin).
    package let upstream: URL?
    /// Where a request for an origin really goes, when not to the origin itself (tests).
    private let originRoutes: [HTTPOrigin: URL]
    private let connection: UpstreamConnection

    /// Creates a forwarder to `upstream`; `timeout`, rounded up to whole seconds (at least one), bounds
    /// each request. (Linux's URLSession drops the fraction of a timeout, and one under a second would
    /// fail every request at once.)
    package init(upstream: URL?, timeout: Duration = .seconds(30), originRoutes: [HTTPOrigin: URL] = [:]) {
        self.upstream = upstream
        self.originRoutes = originRoutes
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = Self.requestTimeoutInterval(for: timeout)
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        self.connection = UpstreamConnection(configuration: configuration)
    }

    /// `timeout` in whole seconds, rounded up, at least one: what URLSession is given.
    static func requestTimeoutInterval(for timeout: Duration) -> TimeInterval {
        let (seconds, attoseconds) = timeout.components
        return TimeInterval(max(1, attoseconds > 0 ? seconds + 1 : seconds))
    }

    /// How many requests are in flight to the upstream (for tests).
    var inFlightCount: Int {
        connection.transfers.inFlightCount
    }

    /// Hop-by-hop fields (RFC 9110 §7.6.1) and those URLSession sets itself.
    static let requestFieldsNotForwarded: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade",
        "host", "content-length", "accept-encoding", "expect",
    ]

    /// Request fields URLSession adds when a request lacks them, and that a blank value (`" "`) makes it
    /// leave out: on Linux, swift-corelibs-foundation and libcurl add `User-Agent` (`<process> (unknown
    /// version) curl/…`), `Accept-Language: en`, `Accept: */*` and, to a request with a body,
    /// `Content-Type: application/x-www-form-urlencoded`. Empty on Darwin, whose URLSession may add its
    /// own `User-Agent`, `Accept-Language` and `Content-Type` but would send a blank value as written.
    #if canImport(FoundationNetworking)
    static let fieldsURLSessionAddsUnasked = ["User-Agent", "Accept-Language", "Accept", "Content-Type"]
    #else
    static let fieldsURLSessionAddsUnasked: [String] = []
    #endif

    /// Response fields that describe the wire form of a body the fixture stores decoded.
    static let responseFieldsNotKept: Set<String> = [
        "content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive",
    ]

    /// Sends `request` to the upstream and returns its response.
    ///
    /// - Throws: ``UpstreamError`` naming the URL when the upstream cannot be reached.
    package func forward(_ request: StubRequest) async throws -> StubResponse {
        guard let url = self.url(for: request) else {
            throw UpstreamError(
                url: request.path,
                reason: "the request names no origin and no upstream is configured (set \(EnvironmentVariable.upstream))")
        }
        var outgoing = URLRequest(url: url)
        URLSessionInterception.exempt(&outgoing)
        // Through the network guard, if one is on: on Linux this session reads the proxy variables like any
        // other, so the host it is about to reach must be in `no_proxy` first (see `ForwardingPasses`).
        connection.passes.open(for: url)
        outgoing.httpMethod = request.method
        for field in request.headers where !Self.requestFieldsNotForwarded.contains(field.name.lowercased()) {
            outgoing.addValue(field.value, forHTTPHeaderField: field.name)
        }
        outgoing.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        for name in Self.fieldsURLSessionAddsUnasked where request.headers[name] == nil {
            outgoing.setValue(" ", forHTTPHeaderField: name)  // a blank value makes libcurl leave the field out
        }
        if !request.body.isEmpty {
            outgoing.httpBody = request.body
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await connection.transfers.data(for: outgoing, in: connection.session)
        } catch {
            throw UpstreamError(url: url.absoluteString, reason: error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else {
            throw UpstreamError(url: url.absoluteString, reason: "the answer is not an HTTP response")
        }
        return StubResponse(status: http.statusCode, headers: Self.keptHeaders(of: http, body: data), body: data)
    }

    /// The response's fields minus framing, sorted by name, with a joined `Set-Cookie` value split back
    /// into one field per cookie (in the order received). `Content-Encoding` goes too when URLSession
    /// decoded the body (it decodes gzip, deflate and br even when the upstream ignored `identity`); a
    /// body still encoded (a coding URLSession does not decode) keeps it, so replay stays faithful.
    static func keptHeaders(of response: HTTPURLResponse, body: Data) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for (name, value) in response.allHeaderFields {
            guard let name = name as? String, let value = value as? String,
                !Self.responseFieldsNotKept.contains(name.lowercased())
            else { continue }
            if name.equalsIgnoringASCIICase("Set-Cookie") {
                for cookie in SetCookieFields.split(value) { headers.append(name: name, value: cookie) }
            } else {
                headers.append(name: name, value: value)
            }
        }
        if let coding = response.value(forHTTPHeaderField: "Content-Encoding"),
            ContentCoding.bodyIsStillEncoded(body, contentEncoding: coding, storedAsBase64: true, mediaType: headers.mediaType)
        {
            headers.append(name: "Content-Encoding", value: coding)
        }
        // Sorted by name alone, fields of one name keeping their order (`sort` does not promise stability).
        headers.fields = headers.fields.enumerated()
            .sorted { ($0.element.name.lowercased(), $0.offset) < ($1.element.name.lowercased(), $1.offset) }
            .map(\.element)
        return headers
    }

    /// The base URL `request` goes to: its origin, else the upstream.
    func baseURL(for request: StubRequest) -> URL? {
        request.origin.flatMap { originRoutes[$0] ?? URL(string: $0.description) } ?? upstream
    }

    /// The live URL for `request`: its origin, or the upstream's URL and path; then the request's path,
    /// then its query. `nil` when the request names no origin and there is no upstream.
    func url(for request: StubRequest) -> URL? {
        guard let base = baseURL(for: request) else { return nil }
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += request.path
        if !request.query.isEmpty {
            text += "?" + URLText.query(request.query)
        }
        return URL(string: text) ?? base
    }
}

/// The live API could not be reached or did not answer in HTTP.
package struct UpstreamError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL that was requested.
    package var url: String
    /// What went wrong.
    package var reason: String

    package var description: String { "upstream \(url): \(reason)" }
}

/// The forwarder's session and its delegate, shared by copies of the forwarder; the session is
/// invalidated (releasing the delegate it retains) when the last copy goes.
private final class UpstreamConnection: Sendable {
    let session: URLSession
    let transfers: UpstreamTransfers
    /// The hosts this forwarder sent requests to, which pass the network guard while it exists.
    let passes = ForwardingPasses()

    init(configuration: URLSessionConfiguration) {
        let transfers = UpstreamTransfers()
        self.transfers = transfers
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }
}
