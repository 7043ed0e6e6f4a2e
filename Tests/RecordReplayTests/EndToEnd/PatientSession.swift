import Foundation
import Testing
@_spi(Benchmarks) import RecordReplay
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension UpstreamForwarder {
    /// A forwarder to `upstream` whose timeout (a day) lies far beyond any starvation of a loaded machine,
    /// for the tests about what is recorded or compared: the forwarder's own default, 30 s, could run out
    /// while the test process waits for a core, and turn a slow answer into a failed forward.
    /// `client` chooses how a plain `http` upstream is reached (the own client by default).
    static func patient(_ upstream: URL, client: ForwardingClient = .own) -> UpstreamForwarder {
        UpstreamForwarder(
            upstream: upstream, timeout: .seconds(24 * 60 * 60), plainHTTPOverURLSession: client == .urlSession)
    }
}

/// The two clients an ``UpstreamForwarder`` can reach a plain `http` upstream with: its own (the
/// default) and URLSession (what `https` takes), for tests that check both keep a promise.
enum ForwardingClient: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case own
    case urlSession

    var testDescription: String {
        self == .own ? "own client" : "URLSession"
    }
}
