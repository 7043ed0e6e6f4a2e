import Foundation
import RepositoryContractsPrimitives

/// The hosts one upstream forwarder (recording, the drift check) has sent requests to: each passes the
/// network guard from the forwarder's first request to it until the forwarder is gone, so what a record
/// mode sends reaches the live API while a guard is on.
///
/// The pass is the host in `no_proxy`: the forwarder's URLSession then connects to it directly, as it
/// would with no guard. That is the only way through for a URLSession on Linux, which applies the proxy
/// variables to every session (it ignores `connectionProxyDictionary`). It opens the host to every
/// client of the process while it lasts, not only to the forwarder: a test that records sends live
/// requests to that host by choice. A forward to a loopback upstream passes anyway.
final class ForwardingPasses: Sendable {
    private let hosts = Protected<Set<String>>([])

    /// Lets requests for `url`'s host pass the guard, before the forwarder sends the first of them.
    func open(for url: URL) {
        guard let host = url.host?.lowercased(), !host.isEmpty else { return }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        // Under the lock: a second forward to a new host waits until the pass is open.
        hosts.withLock { hosts in
            if hosts.insert(bare).inserted { NetworkGuardRegistry.shared.openPass(to: bare) }
        }
    }

    deinit {
        for host in hosts.withLock({ $0 }) { NetworkGuardRegistry.shared.closePass(to: host) }
    }
}
