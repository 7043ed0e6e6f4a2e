import Foundation
import Testing
@_spi(Benchmarks) import RecordReplay
import RepositoryContractsTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionConfiguration {
    /// An ephemeral configuration whose request and resource timeouts (a day) lie far beyond any
    /// starvation a loaded machine inflicts: the tests that use it are about what is answered, never about
    /// the clock, so none of them may fail because URLSession's default 60 s ran out while the test
    /// process waited for a core. A request that truly hangs is caught by the suite's own time limit.
    static var patient: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 24 * 60 * 60
        configuration.timeoutIntervalForResource = 24 * 60 * 60
        return configuration
    }
}

extension URLSession {
    /// The tests' stand-in for `URLSession.patient`: ``URLSessionConfiguration/patient`` timeouts, and no
    /// cookie store or URL cache, so one test's answers never leak into another's requests.
    static let patient: URLSession = {
        let configuration = URLSessionConfiguration.patient
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()
}

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
