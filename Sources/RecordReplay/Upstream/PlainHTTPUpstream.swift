import RecordReplayMessages
import Foundation
import RepositoryContractsPrimitives
@_spi(Benchmarks) import RecordReplayWire

/// How an ``UpstreamForwarder`` reaches a plain `http` upstream: over the package's own HTTP/1.1 client
/// (``OutboundExchange``), one connection per request, blocking the thread that runs it (a recording
/// stub server's connection thread, or a thread of its own).
///
/// Not URLSession, because on Linux swift-corelibs-foundation ends the process on valid answers: a
/// chunked body with a trailer field stops it with `Fatal error: Transfer completed, but there's no
/// response.` (a trailer line reaches its header parser after the body, which then forgets the
/// response; measured with and without `TE: trailers`, through the delegate, completion-handler and
/// `async` APIs, over `http` and `https`; see `URLSessionTrailerCrashTests`), and a fatal error cannot
/// be caught: a recording would lose every interaction of the session. The own client reads every
/// valid HTTP/1.1 answer (chunked bodies with or without trailers, `1xx` answers before the final
/// one, `HEAD`, `204` and `304` with a `Content-Length`, bodies delimited by the close) and fails
/// cleanly on a broken one, naming what broke (``HTTPResponseError``).
///
/// It connects to the host directly: proxy variables are not read (as a forward under the network
/// guard, which lists the host in `no_proxy`, connects directly too).
final class PlainHTTPUpstream: Sendable {
    /// The longest wait for the connection and for each piece of the answer.
    let timeout: Duration
    private let inFlight = Protected(0)

    init(timeout: Duration) {
        self.timeout = timeout
    }

    /// How many requests are in flight (for tests).
    var inFlightCount: Int {
        inFlight.withLock { $0 }
    }

    /// The exchange that sends `method` to `url` with `headers` and `body` when run: on the calling thread,
    /// which it blocks (see ``PlainHTTPExchange``).
    ///
    /// - Throws: ``UpstreamError`` when `url` names no host.
    func prepare(_ method: String, to url: URL, headers: HTTPHeaders, body: Data) throws(UpstreamError) -> PlainHTTPExchange {
        guard let endpoint = Endpoint(url) else {
            throw UpstreamError(url: url.absoluteString, reason: "the URL names no host")
        }
        let bytes = RequestEncoder.encode(
            method: method, target: endpoint.target, host: endpoint.hostField, headers: headers, body: body)
        return PlainHTTPExchange(
            endpoint: endpoint, request: bytes, method: method, url: url, timeout: timeout, inFlight: inFlight)
    }
}

/// One request to a plain `http` upstream, ready to go: ``run()`` blocks the calling thread until the answer
/// is in, ``cancel()`` (from any thread, before or during the run) makes it throw at once.
struct PlainHTTPExchange: Sendable {
    fileprivate let endpoint: Endpoint
    fileprivate let request: [UInt8]
    fileprivate let method: String
    fileprivate let url: URL
    fileprivate let timeout: Duration
    fileprivate let inFlight: Protected<Int>
    private let exchange = OutboundExchange()

    /// The answer as received: status, fields in order and the body with its framing undone.
    ///
    /// - Throws: ``UpstreamError`` naming the URL and what failed.
    func run() throws(UpstreamError) -> StubResponse {
        inFlight.withLock { $0 += 1 }
        defer { inFlight.withLock { $0 -= 1 } }
        do {
            return try exchange.run(
                host: endpoint.host, port: endpoint.port, request: request, method: method, timeout: timeout
            ).response
        } catch {
            throw UpstreamError(url: url.absoluteString, reason: error.message)
        }
    }

    /// Stops the exchange: connecting, sending or reading, or before it starts.
    func cancel() {
        exchange.cancel()
    }
}

/// Where a plain `http` URL's request goes: host and port to connect to, the `Host` field, and the
/// request target (path and query, as percent-encoded in the URL).
private struct Endpoint: Sendable {
    var host: String
    var port: UInt16
    var hostField: String
    var target: String

    init?(_ url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            var host = components.percentEncodedHost, !host.isEmpty
        else { return nil }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host
        self.port = UInt16(clamping: components.port ?? 80)
        let bracketed = host.contains(":") ? "[\(host)]" : host
        hostField = components.port.map { "\(bracketed):\($0)" } ?? bracketed
        let path = components.percentEncodedPath
        target = (path.isEmpty ? "/" : path) + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }
}
