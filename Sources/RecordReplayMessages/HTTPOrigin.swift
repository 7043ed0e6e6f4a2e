public import Foundation

/// Where a request was sent: scheme, host and port (RFC 6454's origin), as `https://api.example.com`.
///
/// A request the stub server receives on its socket has no origin (it was sent to the server itself);
/// a request intercepted in process from `URLSession` has the origin of the URL the client named, and
/// a fixture recorded that way keeps each interaction's origin, so one test can replay an API host, an
/// auth host and a CDN together. The scheme and host are kept in lower case and a port that is the
/// scheme's default (80 for `http`, 443 for `https`) is dropped, so equal origins compare equal
/// however the URL spelled them.
public struct HTTPOrigin: Sendable, Hashable, CustomStringConvertible {
    /// `http` or `https` (any scheme, lower case).
    public var scheme: String
    /// The host name or address, lower case; an IPv6 address without brackets.
    public var host: String
    /// The port, or `nil` for the scheme's default port.
    public var port: Int?

    /// Creates an origin; the scheme and host are lower-cased and a default port is dropped.
    public init(scheme: String, host: String, port: Int? = nil) {
        self.scheme = scheme.lowercased()
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host
        self.port = port == Self.defaultPort(for: self.scheme) ? nil : port
    }

    /// The origin of an absolute URL, or `nil` when it has no scheme or host.
    public init?(url: URL) {
        guard let scheme = url.scheme, let host = url.host, !host.isEmpty else { return nil }
        self.init(scheme: scheme, host: host, port: url.port)
    }

    /// The origin written as `scheme://host[:port]` (`https://api.example.com`, `http://[::1]:8080`), or
    /// `nil` when `text` is not one (a path, a query or a fragment after it is not allowed).
    public init?(_ text: String) {
        guard let url = URL(string: text), url.path.isEmpty || url.path == "/", url.query == nil, url.fragment == nil,
            url.user == nil, url.password == nil
        else { return nil }
        self.init(url: url)
    }

    /// `scheme://host[:port]`, with an IPv6 host in brackets and no default port.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)" + (port.map { ":\($0)" } ?? "")
    }

    /// The port a client connects to: the explicit one, or the scheme's default.
    public var effectivePort: Int? {
        port ?? Self.defaultPort(for: scheme)
    }

    private static func defaultPort(for scheme: String) -> Int? {
        switch scheme {
        case "http", "ws": 80
        case "https", "wss": 443
        default: nil
        }
    }
}
