import RecordReplayMessages
import Foundation
import RepositoryContractsPrimitives
@_spi(Benchmarks) import RecordReplayWire

/// How an ``UpstreamForwarder`` reaches a plain `http` upstream: over the package's own HTTP/1.1 client
/// (``OutboundExchange``), one connection per request, on a thread of its own.
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

    /// Sends `method` to `url` with `headers` (the fields to forward, in order) and `body`, and returns
    /// the answer as received: status, fields in order and the body with its framing undone.
    ///
    /// Cancelling the calling task stops the exchange at once (connecting, sending or reading).
    ///
    /// - Throws: ``UpstreamError`` naming `url` and what failed.
    func send(_ method: String, to url: URL, headers: HTTPHeaders, body: Data) async throws(UpstreamError) -> StubResponse {
        guard let endpoint = Endpoint(url) else {
            throw UpstreamError(url: url.absoluteString, reason: "the URL names no host")
        }
        let bytes = RequestEncoder.encode(
            method: method, target: endpoint.target, host: endpoint.hostField, headers: headers, body: body)
        let exchange = OutboundExchange()
        let timeout = self.timeout
        inFlight.withLock { $0 += 1 }
        defer { inFlight.withLock { $0 -= 1 } }
        let result: Result<StubResponse, OutboundExchangeError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Blocking socket calls: off the concurrency pool, which has only as many threads as cores.
                Thread.detachNewThread {
                    continuation.resume(returning: Result { () throws(OutboundExchangeError) in
                        try exchange.run(
                            host: endpoint.host, port: endpoint.port, request: bytes, method: method, timeout: timeout
                        ).response
                    })
                }
            }
        } onCancel: {
            exchange.cancel()
        }
        switch result {
        case .success(let response): return response
        case .failure(let error): throw UpstreamError(url: url.absoluteString, reason: error.message)
        }
    }
}

/// Where a plain `http` URL's request goes: host and port to connect to, the `Host` field, and the
/// request target (path and query, as percent-encoded in the URL).
private struct Endpoint {
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
