import RecordReplayMessages
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
/// minus hop-by-hop fields and `Host` (the client sets them for the upstream); it asks for
/// `Accept-Encoding: identity`, so bodies come back uncompressed and fixtures stay readable. Redirects
/// are not followed: the client under test sees the 3xx, body included, as it would from the live API.
///
/// **Two clients.** A plain `http` URL goes over the package's own HTTP/1.1 client
/// (``PlainHTTPUpstream``): on Linux, URLSession ends the process on a valid answer with a trailer
/// field, which a recording must survive. It sends exactly the fields the client sent (less those
/// above) and reads every valid answer; proxy variables are not read. An `https` URL goes over
/// URLSession, the only TLS client the toolchain offers. There, on Linux, an answer with a chunked body
/// and a trailer field ends the process (swift-corelibs-foundation's fatal error; asking for trailers
/// with `TE: trailers` or not makes no difference, see `URLSessionTrailerCrashTests`, and the same was
/// measured over `https` against `openssl s_server`). Given `forwardingInChildProcess` (as the
/// `repo-contracts` tool does on Linux), each such forward runs in a child process (``ForwardJob``): the
/// fatal error ends the child, and that request alone is not recorded, named with why; such an answer
/// can be recorded over `http` only (a local TLS-terminating proxy in front of the API). On Linux, where URLSession would
/// add `User-Agent`, `Accept-Language`, `Accept` and (with a body) `Content-Type`
/// (``fieldsURLSessionAddsUnasked``), they are suppressed, as a localised API could answer differently.
/// (Darwin's URLSession may still add its own `User-Agent`, `Accept-Language` and `Content-Type`; it
/// offers no way to send a request without them.)
///
/// The response's `Content-Length`, `Transfer-Encoding`, `Trailer` and connection fields are dropped
/// (the server writes its own framing, and replays the body whole, with no trailer section: a chunked
/// answer's trailer fields are not recorded), and so is `Content-Encoding` when the body arrived
/// decoded (see ``keptHeaders(_:body:mayBeDecoded:)``). URLSession joins repeated response fields
/// with `", "`, which RFC 9110 §5.3 allows for list fields; `Set-Cookie` is not one, so it alone is
/// split back into one field per cookie (see `SetCookieFields`); the own client keeps them apart as
/// received. The remaining response fields are sorted by name (URLSession hands them over unordered),
/// so the same answer always records the same bytes, whichever client brought it.
package struct UpstreamForwarder: Sendable {
    /// The live API's base URL, such as `https://api.example.com/v1`: where requests without an origin
    /// go (`nil` when every request names its own origin).
    package let upstream: URL?
    /// Where a request for an origin really goes, when not to the origin itself (tests).
    private let originRoutes: [HTTPOrigin: URL]
    private let connection: UpstreamConnection
    /// The client of plain `http` URLs; `nil` sends them over URLSession too (tests that measure it).
    private let plainHTTP: PlainHTTPUpstream?
    /// Runs what would go over URLSession in a child process, when set (see ``ForwardJob``).
    private let forwardingInChildProcess: ChildProcessForwarding?
    /// The timeout handed to URLSession, in whole seconds.
    private let timeoutSeconds: Int

    /// Sends a ``ForwardJob`` over URLSession in a child process and returns its answer; throws
    /// ``UpstreamError`` naming the URL when the child fails or dies (the `repo-contracts` tool passes
    /// one that starts a copy of itself).
    package typealias ChildProcessForwarding = @Sendable (ForwardJob) async throws(UpstreamError) -> StubResponse

    /// Creates a forwarder to `upstream`; `timeout`, rounded up to whole seconds (at least one), bounds
    /// each wait for the upstream: for the connection, and for each piece of the answer. (Linux's
    /// URLSession drops the fraction of a timeout, and one under a second would fail every request at
    /// once.) `plainHTTPOverURLSession` sends `http` URLs over URLSession too: only for tests that
    /// measure URLSession itself. `forwardingInChildProcess` sends what would go over URLSession
    /// (`https`) through a child process instead, so that a fatal error of URLSession on an answer costs
    /// that request only.
    package init(
        upstream: URL?, timeout: Duration = .seconds(30), originRoutes: [HTTPOrigin: URL] = [:],
        plainHTTPOverURLSession: Bool = false, forwardingInChildProcess: ChildProcessForwarding? = nil
    ) {
        self.upstream = upstream
        self.originRoutes = originRoutes
        let configuration = URLSessionConfiguration.ephemeral
        let seconds = Self.requestTimeoutInterval(for: timeout)
        configuration.timeoutIntervalForRequest = seconds
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        self.connection = UpstreamConnection(configuration: configuration)
        self.plainHTTP = plainHTTPOverURLSession ? nil : PlainHTTPUpstream(timeout: .seconds(seconds))
        self.forwardingInChildProcess = forwardingInChildProcess
        self.timeoutSeconds = Int(seconds)
    }

    /// `timeout` in whole seconds, rounded up, at least one: what URLSession is given.
    static func requestTimeoutInterval(for timeout: Duration) -> TimeInterval {
        let (seconds, attoseconds) = timeout.components
        return TimeInterval(max(1, attoseconds > 0 ? seconds + 1 : seconds))
    }

    /// How many requests are in flight to the upstream (for tests).
    var inFlightCount: Int {
        connection.transfers.inFlightCount + (plainHTTP?.inFlightCount ?? 0)
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
        "content-encoding", "content-length", "transfer-encoding", "trailer", "connection", "keep-alive",
    ]

    /// Sends `request` to the upstream and returns its response.
    ///
    /// - Throws: ``UpstreamError`` naming the URL and what failed: the upstream cannot be reached, its
    ///   answer was cut short or is not HTTP.
    package func forward(_ request: StubRequest) async throws -> StubResponse {
        guard let url = self.url(for: request) else {
            throw UpstreamError(
                url: request.path,
                reason: "the request names no origin and no upstream is configured (set \(EnvironmentVariable.upstream))")
        }
        if let exchange = try plainHTTPExchange(for: request, to: url) {
            let result = await onOwnThread({ Result { () throws(UpstreamError) in try exchange.run() } }, cancel: exchange.cancel)
            return try result.get()
        }
        if let forwardingInChildProcess {
            return try await forwardingInChildProcess(ForwardJob(request: request, url: url, timeoutSeconds: timeoutSeconds))
        }
        return try await forwardInThisProcess(request, to: url)
    }

    /// The forward of `request` as a call that blocks the calling thread, when it goes to a plain `http`
    /// URL (over the own client, no concurrency-pool hop): the recorder runs it on the connection's own
    /// thread. `nil` when the request goes over URLSession or names no URL (``forward(_:)`` then does it,
    /// or says why it cannot).
    package func blockingForward(_ request: StubRequest) -> BlockingForward? {
        guard let url = url(for: request), let exchange = try? plainHTTPExchange(for: request, to: url) else { return nil }
        return exchange
    }

    /// The own client's exchange for `request` to `url` when `url` is plain `http`, `nil` otherwise.
    ///
    /// - Throws: ``UpstreamError`` when `url` names no host.
    private func plainHTTPExchange(for request: StubRequest, to url: URL) throws(UpstreamError) -> BlockingForward? {
        guard let plainHTTP, url.scheme?.lowercased() == "http" else { return nil }
        var fields = HTTPHeaders(request.headers.filter { !Self.requestFieldsNotForwarded.contains($0.name.lowercased()) })
        fields.append(name: "Accept-Encoding", value: "identity")
        return BlockingForward(exchange: try plainHTTP.prepare(request.method, to: url, headers: fields, body: request.body))
    }

    /// One forward over the own HTTP/1.1 client, ready to run on the calling thread, which it blocks.
    package struct BlockingForward: Sendable {
        fileprivate let exchange: PlainHTTPExchange

        /// Sends the request and returns the answer as a fixture keeps it (see ``UpstreamForwarder``).
        ///
        /// - Throws: ``UpstreamError`` naming the URL and what failed.
        package func run() throws(UpstreamError) -> StubResponse {
            var response = try exchange.run()
            // Compressed although identity was asked for: stored decoded when it is gzip or deflate, as
            // URLSession would; any other coding is kept as it came, with its Content-Encoding.
            if let coding = response.headers["Content-Encoding"],
                let decoded = CompressedBody.decoded(response.body, contentEncoding: coding)
            {
                response.body = decoded
                response.headers = HTTPHeaders(response.headers.filter { !$0.name.equalsIgnoringASCIICase("Content-Encoding") })
            }
            return StubResponse(
                status: response.status,
                headers: UpstreamForwarder.keptHeaders(response.headers, body: response.body, mayBeDecoded: false),
                body: response.body)
        }

        /// Stops the forward at once, before or while it runs.
        package func cancel() {
            exchange.cancel()
        }
    }

    /// `request` sent to `url` over URLSession, in this process.
    package func forwardInThisProcess(_ request: StubRequest, to url: URL) async throws -> StubResponse {
        var outgoing = URLRequest(url: url)
        StubURLProtocol.exempt(&outgoing)
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

    /// URLSession's response fields as ``keptHeaders(_:body:mayBeDecoded:)`` keeps them, with a joined
    /// `Set-Cookie` value split back into one field per cookie (in the order received).
    static func keptHeaders(of response: HTTPURLResponse, body: Data) -> HTTPHeaders {
        var received = HTTPHeaders()
        for (name, value) in response.allHeaderFields {
            guard let name = name as? String, let value = value as? String else { continue }
            if name.equalsIgnoringASCIICase("Set-Cookie") {
                for cookie in SetCookieFields.split(value) { received.append(name: name, value: cookie) }
            } else {
                received.append(name: name, value: value)
            }
        }
        return keptHeaders(received, body: body, mayBeDecoded: true)
    }

    /// The `received` response fields minus framing (``responseFieldsNotKept``), sorted by name.
    /// `Content-Encoding` stays when the body is still encoded: always with the own client, which
    /// removes it itself when it decodes a body (gzip, deflate: see ``CompressedBody``); with URLSession
    /// (`mayBeDecoded`), which decodes gzip, deflate and br, only when the body still looks encoded (a
    /// coding it does not decode), so replay stays faithful.
    static func keptHeaders(_ received: HTTPHeaders, body: Data, mayBeDecoded: Bool) -> HTTPHeaders {
        var headers = HTTPHeaders(received.filter { !Self.responseFieldsNotKept.contains($0.name.lowercased()) })
        if let coding = received["Content-Encoding"],
            !mayBeDecoded
                || ContentCoding.bodyIsStillEncoded(body, contentEncoding: coding, storedAsBase64: true, mediaType: headers.mediaType)
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

    /// An error for `url`, saying `reason`.
    package init(url: String, reason: String) {
        self.url = url
        self.reason = reason
    }

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
