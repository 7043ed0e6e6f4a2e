/// The proxy variables the guard sets while it is on, and their values.
enum ProxyEnvironment {
    /// The variables naming a proxy. libcurl reads `http_proxy` (never `HTTP_PROXY`) for `http`,
    /// `https_proxy` or `HTTPS_PROXY` for `https`, and `all_proxy` or `ALL_PROXY` for any scheme without
    /// its own; other programs read the upper-case `HTTP_PROXY` too.
    static let proxyNames = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]
    /// The variables listing hosts reached without the proxy.
    static let exclusionNames = ["no_proxy", "NO_PROXY"]
    /// Every variable the guard sets.
    static let names = proxyNames + exclusionNames
    /// The loopback names every client may still reach directly: the stub servers' addresses.
    static let loopbackHosts = ["localhost", "127.0.0.1", "::1"]

    /// The variables pointing at the guard's listener on `proxyPort`, and excluding `exclusions`.
    static func guarded(proxyPort: UInt16, exclusions: String) -> [(name: String, value: String?)] {
        proxyNames.map { ($0, "http://127.0.0.1:\(proxyPort)") } + exclusionNames.map { ($0, exclusions) }
    }

    /// The `no_proxy` value: the loopback names, then the hosts that pass, sorted.
    static func exclusions(passing hosts: [String]) -> String {
        (loopbackHosts + hosts.filter { !loopbackHosts.contains($0) }.sorted()).joined(separator: ",")
    }
}
