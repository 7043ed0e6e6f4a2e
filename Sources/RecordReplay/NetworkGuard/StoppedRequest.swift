extension NetworkGuard {
    /// A request the guard stopped before it reached the network: where it was going and how it was sent.
    public struct StoppedRequest: Sendable, Hashable, CustomStringConvertible {
        /// The method the client sent the guard: `CONNECT` for an `https` request (a tunnel the client
        /// asked for before encrypting anything), else the request's own (`GET`, `POST`, …).
        public let method: String
        /// The host the request was for, lower case; an IPv6 address without brackets.
        public let host: String
        /// The port the request was for.
        public let port: Int
        /// What is known of the URL: scheme, host and port for an `https` request
        /// (`https://api.example.com`: the path would have been inside the tunnel), the whole URL for
        /// plain `http` (`http://api.example.com/todos/1?full=true`).
        public let url: String

        /// How the request reached the guard, as the message says it.
        static let route =
            "through the proxy environment: a URLSession made from .default/.ephemeral, or another libcurl client"

        /// Creates a stopped request (``NetworkGuard`` makes them; tests may too).
        public init(method: String, host: String, port: Int, url: String) {
            self.method = method
            self.host = host
            self.port = port
            self.url = url
        }

        /// The request and how it was sent, with what to do:
        /// `a request to https://api.example.com (CONNECT api.example.com:443 through the proxy
        /// environment: …) was stopped by the network guard; …`.
        public var description: String {
            let requestLine = method == "CONNECT" ? "CONNECT \(Self.bracketed(host)):\(port)" : method
            return "a request to \(url) (\(requestLine) \(Self.route)) was stopped by the network guard; "
                + "send it to the stub server's baseURL, or list URLSessionInterception.protocolClass first in the "
                + "session configuration's protocolClasses so interception answers it"
        }

        /// The host as a URL or a request target spells it: an IPv6 address in brackets.
        static func bracketed(_ host: String) -> String {
            host.contains(":") ? "[\(host)]" : host
        }
    }
}
