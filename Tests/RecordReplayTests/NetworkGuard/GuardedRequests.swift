import Foundation
import RecordReplay
import RecordReplayWire
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a client got for a request sent while a guard was on.
struct GuardedAnswer: Sendable {
    var status: Int?
    var text: String
    var error: URLError?

    /// Sends a GET for `url` from a new session made from `configuration`, after checking that the
    /// guard's variables are in place: when they are not (a broken guard), the test fails here and
    /// nothing is sent, so no request can leave the machine or wait for a name lookup.
    static func get(_ url: String, from configuration: URLSessionConfiguration) async throws -> GuardedAnswer {
        let target = try #require(URL(string: url))
        if let host = target.host, !["127.0.0.1", "localhost"].contains(host) { try requireGuardedEnvironment() }
        // Timeouts of a day: the guard answers at once, and no clock may decide the outcome.
        configuration.timeoutIntervalForRequest = 24 * 60 * 60
        configuration.timeoutIntervalForResource = 24 * 60 * 60
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        do {
            let (data, response) = try await session.data(from: target)
            return GuardedAnswer(status: (response as? HTTPURLResponse)?.statusCode, text: String(decoding: data, as: UTF8.self))
        } catch let error as URLError {
            return GuardedAnswer(status: nil, text: error.localizedDescription, error: error)
        }
    }

    /// Fails the test (and so stops it before it sends anything) unless every proxy variable names the
    /// guard's listener on `127.0.0.1` and `no_proxy` lists only loopback names and passed hosts.
    static func requireGuardedEnvironment(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let names = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]
        let values = Set(names.map { ProcessEnvironment.value(of: $0) })
        let proxy = try #require(values.count == 1 ? values.first ?? nil : nil, "the proxy variables differ: \(values)", sourceLocation: sourceLocation)
        try #require(proxy.hasPrefix("http://127.0.0.1:"), "the proxy variables do not name the guard: \(proxy)", sourceLocation: sourceLocation)
        let exclusions = ProcessEnvironment.value(of: "no_proxy") ?? ""
        try #require(exclusions.hasPrefix("localhost,127.0.0.1,::1"), "no_proxy is \(exclusions)", sourceLocation: sourceLocation)
    }
}

/// Runs `body` while this test holds the process's URLSession interception turn (through an
/// interception of its own that answers nothing): a stopped request goes to every guard on when it
/// arrives, and the interception tests elsewhere in the process, each holding a guard of its own, must
/// not see the requests these tests provoke. Requests to a loopback host are not intercepted.
func withoutOtherGuards<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
    URLSessionInterception.prepare()
    return try await StubServer().interceptingURLSession(body)
}

/// A session configuration by the name the tests give it.
enum SessionKind: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case ephemeral, `default`

    var configuration: URLSessionConfiguration {
        switch self {
        case .ephemeral: .ephemeral
        case .default: .default
        }
    }

    var testDescription: String { ".\(rawValue)" }
}
