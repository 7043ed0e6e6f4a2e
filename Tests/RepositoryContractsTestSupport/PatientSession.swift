#if canImport(FoundationNetworking)
    import Foundation
    package import FoundationNetworking
#else
    package import Foundation
#endif

extension URLSessionConfiguration {
    /// An ephemeral configuration whose request and resource timeouts (a day) lie far beyond any
    /// starvation a loaded machine inflicts: the tests that use it are about what is answered, never about
    /// the clock, so none of them may fail because URLSession's default 60 s ran out while the test
    /// process waited for a core. A request that truly hangs is caught by the suite's own time limit.
    package static var patient: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 24 * 60 * 60
        configuration.timeoutIntervalForResource = 24 * 60 * 60
        return configuration
    }
}

extension URLSession {
    /// The tests' stand-in for `URLSession.shared`: ``URLSessionConfiguration/patient`` timeouts, and no
    /// cookie store or URL cache, so one test's answers never leak into another's requests.
    package static let patient: URLSession = {
        let configuration = URLSessionConfiguration.patient
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()
}
