/// How the stub server listens and what it accepts: address, port, size limits and timeouts.
///
/// The defaults suit a server started by a test: loopback only, an ephemeral port, limits that no
/// ordinary request reaches, and timeouts that close forgotten or trickling connections.
public struct ServerOptions: Sendable, Hashable {
    /// Where the server listens.
    ///
    /// A struct over private storage rather than an enum, so that a new kind of address is not a
    /// breaking change for code that switches over the ones it knows: compare with `==`, or read
    /// ``numericAddress``.
    public struct BindAddress: Sendable, Hashable {
        /// The addresses, for the package's own exhaustive switches.
        package enum Kind: Sendable, Hashable {
            case loopback
            case address(String)
        }

        /// Which address this is.
        package let kind: Kind

        private init(_ kind: Kind) {
            self.kind = kind
        }

        /// `127.0.0.1`, and `::1` on the same port when IPv6 is available (best effort). Nothing outside
        /// the machine can connect.
        public static let loopback = BindAddress(.loopback)

        /// One numeric IPv4 or IPv6 address, such as `"0.0.0.0"` or `"::"` (every interface) or one
        /// interface's address. Anything beyond loopback exposes the stub's fixtures to the network:
        /// choose it explicitly.
        public static func address(_ numeric: String) -> BindAddress { BindAddress(.address(numeric)) }

        /// The numeric address given to ``address(_:)``; nil for ``loopback``.
        public var numericAddress: String? {
            if case .address(let numeric) = kind { numeric } else { nil }
        }
    }

    /// Where the server listens; loopback by default.
    public var bindAddress: BindAddress
    /// The TCP port; `0` (the default) lets the system choose a free one.
    public var port: UInt16
    /// The longest request line accepted, in bytes without its line ending (default 8 KiB); longer is
    /// answered with `414 URI Too Long`.
    public var maxRequestLineBytes: Int
    /// The largest header section accepted, in bytes (default 64 KiB); larger is answered with
    /// `431 Request Header Fields Too Large`.
    public var maxHeaderBytes: Int
    /// The most header fields accepted (default 100); more is answered with `431`.
    public var maxHeaderCount: Int
    /// The largest request body accepted, in bytes after de-chunking (default 64 MiB); larger is answered
    /// with `413 Content Too Large`, before reading it when the client sent `Expect: 100-continue`.
    public var maxBodyBytes: Int
    /// How long an open connection may wait for the first byte of its next request, and how long a write
    /// may stall because the client does not read (default 30 s); the server then closes it. `.zero`
    /// turns the limit off.
    public var idleTimeout: Duration
    /// How long a request may take to arrive, from its first byte to the end of its body (default 30 s);
    /// the server then answers `408 Request Timeout` and closes. This is the defence against clients
    /// trickling bytes (slowloris), which a per-read timeout alone does not stop. `.zero` turns the limit
    /// off (each read then waits at most ``idleTimeout``).
    public var requestTimeout: Duration
    /// The most connections open at once (default 256), and so the most threads of connections that left
    /// the event loops (see the article "The server"). A connection beyond it is answered
    /// `503 Service Unavailable` with `Retry-After: 1` and closed at once, without a thread, and the
    /// journal notes it (``Journal/refusals``). A parallel test suite's clients keep a
    /// few connections each per server; a client opening connections in a loop meets the limit.
    public var maxConnections: Int
    /// The most bytes of request bodies held at once across all connections while they are received and
    /// answered (default 256 MiB). A request whose body would go beyond it is answered `503` and its
    /// connection closed, and the journal notes it; each body alone is still bounded by ``maxBodyBytes``.
    public var maxBufferedBodyBytes: Int
    /// Whether `CONNECT host:port` is read as a request (the network guard's listener, a proxy that
    /// refuses); otherwise it is 400, as every target the stub server cannot serve.
    package var acceptsConnect = false

    /// Creates options; every parameter has the documented default.
    public init(
        bindAddress: BindAddress = .loopback, port: UInt16 = 0, maxRequestLineBytes: Int = 8 * 1024,
        maxHeaderBytes: Int = 64 * 1024, maxHeaderCount: Int = 100, maxBodyBytes: Int = 64 * 1024 * 1024,
        idleTimeout: Duration = .seconds(30), requestTimeout: Duration = .seconds(30), maxConnections: Int = 256,
        maxBufferedBodyBytes: Int = 256 * 1024 * 1024
    ) {
        self.maxConnections = maxConnections
        self.maxBufferedBodyBytes = maxBufferedBodyBytes
        self.bindAddress = bindAddress
        self.port = port
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
    }

    /// The limits in the parser's terms.
    var parserLimits: HTTPParserLimits {
        var limits = HTTPParserLimits(
            maxRequestLineBytes: max(maxRequestLineBytes, 0), maxHeaderBytes: max(maxHeaderBytes, 0),
            maxHeaderCount: max(maxHeaderCount, 0), maxBodyBytes: max(maxBodyBytes, 0))
        limits.acceptsConnect = acceptsConnect
        return limits
    }
}
