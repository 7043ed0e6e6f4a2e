import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends a request the stub server received on to the live API and brings back its answer as a
/// ``StubResponse``: the building block of recording.
///
/// The request keeps its method, path (appended to the upstream's path), query, headers and body,
/// minus hop-by-hop fields and `Host` (URLSession sets them for the upstream); it asks for
/// `Accept-Encoding: identity`, so bodies come back uncompressed and fixtures stay readable. Redirects
/// are not followed: the client under test sees the 3xx, as it would from the live API. The response's
/// `Content-Length` and `Transfer-Encoding` fields are dropped (the server writes its own framing), and
/// so is `Content-Encoding` when the body arrived decoded (see ``keptHeaders(of:body:)``). The remaining response fields are sorted by
/// name (URLSession hands them over unordered), so the same answer always records the same bytes.
public struct UpstreamForwarder: Sendable {
    /// The live API's base URL, such as `https://api.example.com/v1`.
    public let upstream: URL
    private let session: URLSession

    /// Creates a forwarder to `upstream`; `timeout` bounds each request.
    public init(upstream: URL, timeout: Duration = .seconds(30)) {
        self.upstream = upstream
        let configuration = URLSessionConfiguration.ephemeral
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        configuration.timeoutIntervalForRequest = seconds
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        self.session = URLSession(
            configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
    }

    /// Hop-by-hop fields (RFC 9110 §7.6.1) and those URLSession sets itself.
    static let requestFieldsNotForwarded: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade",
        "host", "content-length", "accept-encoding", "expect",
    ]

    /// Response fields that describe the wire form of a body the fixture stores decoded.
    static let responseFieldsNotKept: Set<String> = [
        "content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive",
    ]

    /// Sends `request` to the upstream and returns its response.
    ///
    /// - Throws: ``UpstreamError`` naming the URL when the upstream cannot be reached.
    public func forward(_ request: StubRequest) async throws -> StubResponse {
        let url = self.url(for: request)
        var outgoing = URLRequest(url: url)
        outgoing.httpMethod = request.method
        for field in request.headers where !Self.requestFieldsNotForwarded.contains(field.name.lowercased()) {
            outgoing.addValue(field.value, forHTTPHeaderField: field.name)
        }
        outgoing.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        if !request.body.isEmpty {
            outgoing.httpBody = request.body
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: outgoing)
        } catch {
            throw UpstreamError(url: url.absoluteString, reason: error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else {
            throw UpstreamError(url: url.absoluteString, reason: "the answer is not an HTTP response")
        }
        return StubResponse(status: http.statusCode, headers: Self.keptHeaders(of: http, body: data), body: data)
    }

    /// The response's fields minus framing, sorted by name. `Content-Encoding` goes too when URLSession
    /// decoded the body (it decodes gzip, deflate and br even when the upstream ignored `identity`); a
    /// body still encoded (a coding URLSession does not decode) keeps it, so replay stays faithful.
    static func keptHeaders(of response: HTTPURLResponse, body: Data) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for (name, value) in response.allHeaderFields {
            guard let name = name as? String, let value = value as? String,
                !Self.responseFieldsNotKept.contains(name.lowercased())
            else { continue }
            headers.append(name: name, value: value)
        }
        if let coding = response.value(forHTTPHeaderField: "Content-Encoding"),
            ContentCoding.bodyIsStillEncoded(body, contentEncoding: coding, storedAsBase64: true, mediaType: headers.mediaType)
        {
            headers.append(name: "Content-Encoding", value: coding)
        }
        headers.fields.sort { $0.name.lowercased() < $1.name.lowercased() }
        return headers
    }

    /// The upstream URL for `request`: the upstream's path, then the request's path, then its query.
    func url(for request: StubRequest) -> URL {
        var text = upstream.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += request.path
        if !request.query.isEmpty {
            text += "?" + URLText.query(request.query)
        }
        return URL(string: text) ?? upstream
    }
}

/// The live API could not be reached or did not answer in HTTP.
public struct UpstreamError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL that was requested.
    public var url: String
    /// What went wrong.
    public var reason: String

    public var description: String { "upstream \(url): \(reason)" }
}

/// Lets the client under test see redirects instead of URLSession following them.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
