import Foundation
import RepositoryContractsPrimitives

/// Stops requests that would leave the machine while a test runs, and names each one: the promise that
/// nothing reaches the network unless a record mode sends it, kept for the clients interception cannot
/// reach.
///
/// ```swift
/// let networkGuard = try NetworkGuard.engage()
/// let session = URLSession(configuration: .ephemeral)
/// _ = try? await session.data(from: URL(string: "https://api.example.com/todos")!)  // fails: stopped
/// networkGuard.end()
/// networkGuard.stoppedRequests.map(\.description)
/// // ["a request to https://api.example.com (CONNECT api.example.com:443 through the proxy environment: …) was stopped by the network guard; …"]
/// ```
///
/// While a guard is on, the proxy variables of the process's environment (`http_proxy`, `HTTP_PROXY`,
/// `https_proxy`, `HTTPS_PROXY`, `all_proxy`, `ALL_PROXY`) name a listener of the guard on `127.0.0.1`,
/// and `no_proxy`/`NO_PROXY` list `localhost,127.0.0.1,::1`. Every client that honours them sends its
/// request for any other host to that listener instead, which answers `403` with the reason and keeps
/// the request: on Linux every `URLSession` (swift-corelibs-foundation runs each request on libcurl,
/// which reads those variables for each request), other libcurl clients, and child processes started
/// meanwhile. Loopback requests (stub servers, local services) go where they went. When the last guard
/// ends, the variables get back the values they had before the first one began. No packet of a stopped
/// request leaves the machine, and no name is looked up: a client hands the proxy the host name.
///
/// A stub server's own forwards to the live API (recording, the drift check) are not stopped: the
/// server names each host it forwards to, and the guard lists it in `no_proxy` from then until the
/// server is gone, so a record mode reaches what it asks for (and, during that time, so does any
/// other client asking for that host).
///
/// **Several guards.** Guards are counted: each test may hold its own, and the environment is restored
/// when the last ends. A stopped request carries no test identity, so it is kept by every guard on when
/// it arrives; tests that run in parallel with guards on see each other's stopped requests (a suite
/// whose code never reaches for the network has none).
///
/// **Apple platforms.** CFNetwork ignores the proxy variables: a `URLSession` made from `.default` or
/// `.ephemeral` is not stopped there (see ``limitation``); only libcurl clients and child processes are.
/// `URLSession.shared` is covered on every platform by ``StubServer/interceptURLSession(fileID:line:)``, which
/// turns a guard on for as long as it lasts.
///
/// In Swift Testing, the `.networkGuard` trait (in `StubServerTesting`) holds one for each test and
/// records each stopped request as an issue; ``withNetworkGuard(_:)`` does it for a closure.
public final class NetworkGuard: Sendable {
    private let log: StoppedRequestLog
    private let registration: Int
    private let ended = Protected(false)

    private init(log: StoppedRequestLog, registration: Int) {
        self.log = log
        self.registration = registration
    }

    deinit {
        // Ended by its owner as a rule; a dropped guard must not leave the environment pointed at it.
        end()
    }

    /// Turns a guard on until ``end()``: from now on, requests to hosts other than loopback ones from
    /// the clients the guard reaches are stopped and kept in ``stoppedRequests``.
    ///
    /// On Apple platforms the first guard of the process writes ``limitation`` to standard error.
    ///
    /// - Throws: ``ServerStartError`` when the guard's listener cannot listen on `127.0.0.1`.
    public static func engage() throws -> NetworkGuard {
        try engage(noticing: { notice in
            FileHandle.standardError.write(Data("warning: \(notice)\n".utf8))
        })
    }

    /// Turns a guard on, calling `noticing` with ``limitation`` when this is the first guard of the
    /// process on a platform it does not cover, and `onStop` with each request it stops.
    package static func engage(
        noticing: (String) -> Void, onStop: @escaping @Sendable (StoppedRequest) -> Void = { _ in }
    ) throws(ServerStartError) -> NetworkGuard {
        let log = StoppedRequestLog(onStop: onStop)
        let registration = try NetworkGuardRegistry.shared.register(log)
        if let notice = LimitationNotice.takeFirst() { noticing(notice) }
        return NetworkGuard(log: log, registration: registration)
    }

    /// The requests stopped since the guard began, in the order they arrived.
    public var stoppedRequests: [StoppedRequest] {
        log.requests
    }

    /// Turns this guard off; when it is the last one on, the proxy variables get back the values they
    /// had before the first one began. Requests stopped so far stay in ``stoppedRequests``. Calling it
    /// again does nothing.
    public func end() {
        guard ended.withLock({ ended in defer { ended = true }; return !ended }) else { return }
        NetworkGuardRegistry.shared.unregister(registration)
    }

    /// Which clients the guard cannot stop on this platform, or `nil` when it stops every `URLSession`
    /// (Linux).
    public static var limitation: String? {
        LimitationNotice.text
    }
}

/// The requests one guard stopped, kept apart from the guard so that the process-wide registry does not
/// keep a dropped guard alive.
final class StoppedRequestLog: Sendable {
    private let stopped = Protected<[NetworkGuard.StoppedRequest]>([])
    private let onStop: @Sendable (NetworkGuard.StoppedRequest) -> Void

    init(onStop: @escaping @Sendable (NetworkGuard.StoppedRequest) -> Void) {
        self.onStop = onStop
    }

    var requests: [NetworkGuard.StoppedRequest] {
        stopped.withLock { $0 }
    }

    func append(_ request: NetworkGuard.StoppedRequest) {
        stopped.withLock { $0.append(request) }
        onStop(request)
    }
}
