#if canImport(FoundationNetworking)
    public import FoundationNetworking
#else
    public import Foundation
#endif

extension URLSessionConfiguration {
    /// The configuration of the examples' sessions: ephemeral, with request and resource timeouts of a
    /// day. A contract judges a hung call with its progress-aware watchdog; a wall-clock request timeout
    /// (URLSession's default is 60 s) would fail a call that is only slow because the machine is starved.
    public static var examples: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 86_400
        configuration.timeoutIntervalForResource = 86_400
        return configuration
    }

    /// ``examples`` with no URL cache: a repository's own cache is then the only one, so what it counts
    /// as a request is one.
    public static var examplesUncached: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.examples
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }
}

extension URLSession {
    /// The examples' session (see ``URLSessionConfiguration/examples``).
    public static let examples = URLSession(configuration: .examples)
    /// The examples' session with no URL cache (see ``URLSessionConfiguration/examplesUncached``).
    public static let examplesUncached = URLSession(configuration: .examplesUncached)
}
