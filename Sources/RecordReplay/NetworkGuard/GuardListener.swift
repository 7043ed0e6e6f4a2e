import RecordReplayMessages
import Foundation
@_spi(Benchmarks) import RecordReplayWire

/// The loopback listener the proxy variables name while a guard is on: the package's HTTP listener,
/// reading a proxy's requests (`CONNECT api.example.com:443` for `https`, `GET http://host/path` for
/// plain `http`), answering each with `403` and the reason in plain text, and closing. It never
/// connects anywhere: nothing it receives goes further.
enum GuardListener {
    /// Starts a listener on `127.0.0.1` (and `::1`) on a free port that tells `onStop` of each request.
    static func start(
        onStop: @escaping @Sendable (NetworkGuard.StoppedRequest) -> Void
    ) throws(ServerStartError) -> HTTPListener {
        var options = ServerOptions()
        options.acceptsConnect = true
        let listener = HTTPListener(options: options) { request in
            let stopped = stoppedRequest(for: request)
            onStop(stopped)
            return .respond(refusal(of: stopped))
        }
        do {
            try listener.start()
        } catch let error as ServerStartError {
            throw error
        } catch {
            throw .systemError(call: "listen", errno: 0, message: "\(error)", address: "127.0.0.1")
        }
        return listener
    }

    /// What `request`, as a proxy receives it, was for.
    static func stoppedRequest(for request: StubRequest) -> NetworkGuard.StoppedRequest {
        if request.method == "CONNECT" {
            let (host, port) = hostAndPort(request.path, defaultPort: 443)
            let origin = HTTPOrigin(scheme: "https", host: host, port: port)
            return .init(method: request.method, host: origin.host, port: port, url: origin.description)
        }
        // The absolute form's scheme and host are not kept by the decoder; `Host` repeats them (RFC 9112
        // §3.2.2), and a proxied request with a scheme of its own is `http` (libcurl tunnels `https`).
        let (host, port) = hostAndPort(request.headers["Host"] ?? "", defaultPort: 80)
        let origin = HTTPOrigin(scheme: "http", host: host.isEmpty ? "unknown-host" : host, port: port)
        let query = request.query.isEmpty ? "" : "?" + URLText.query(request.query)
        return .init(method: request.method, host: origin.host, port: port, url: origin.description + request.path + query)
    }

    /// `api.example.com:443` → (`api.example.com`, 443); `[::1]:8080` → (`::1`, 8080); no port → the default.
    static func hostAndPort(_ authority: String, defaultPort: Int) -> (host: String, port: Int) {
        var host = Substring(authority)
        var port = defaultPort
        if let colon = host.lastIndex(of: ":"), !host[colon...].contains("]"), let number = Int(host[host.index(after: colon)...]) {
            port = number
            host = host[..<colon]
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        return (host.lowercased(), port)
    }

    /// The answer to a stopped request: `403 Forbidden`, why, and the connection closed.
    static func refusal(of stopped: NetworkGuard.StoppedRequest) -> StubResponse {
        StubResponse(
            status: 403, headers: ["Content-Type": "text/plain; charset=utf-8", "Connection": "close"],
            body: Data((stopped.description + "\n").utf8))
    }
}
