import RecordReplayMessages
import Foundation
import RepositoryContractsPrimitives

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Requests sent through `URLSession.shared`, answered in process by a ``StubServer``'s playback instead
/// of the network, whatever host they name: for app code that calls `URLSession.shared` with a
/// production URL and cannot take the server's ``StubServer/baseURL``.
///
/// ```swift
/// let interception = try await server.interceptURLSession()
/// let todo = try await Todo(from: "https://jsonplaceholder.typicode.com/todos/10")
/// await interception.end()
/// ```
///
/// While it lasts, every request `URLSession.shared` sends goes to the server's ``Playback`` (matching,
/// ordered replay, the journal, faults, delays on the server's clock, recording with the record mode)
/// with its ``StubRequest/origin`` set to the URL's scheme, host and port, and nothing reaches the
/// network unless a record mode sends it on. Requests to a loopback host (stub servers' sockets, other
/// tests' local servers) and the server's own forwards to the live API are never intercepted.
///
/// **One at a time.** A request through `URLSession.shared` carries no test identity, so interceptions
/// are serialized process-wide: ``StubServer/interceptURLSession(fileID:line:)`` waits until no other interception
/// is active. Tests that do not intercept keep running in parallel.
///
/// **Sessions.** `URLSession.shared` is intercepted on every platform. On Linux, a session's protocol
/// classes are fixed when it is made, and those of a session made from the `default` or `ephemeral`
/// configuration claim every `http` and `https` request first, so only `URLSession.shared` is reached
/// there, and only when it was created after ``prepare()`` (the `.stubServer(interceptsURLSession:)`
/// trait prepares when the test list is built). A session that lists
/// ``protocolClass`` first in its configuration's `protocolClasses` is intercepted everywhere. While an
/// interception lasts, a ``NetworkGuard`` stops the requests of the sessions it does not reach (on Linux;
/// see ``stoppedRequests``).
///
/// A fault reaches the client as the `URLError` a real connection surfaces (a reset as
/// `URLError.networkConnectionLost`, a request never answered as `URLError.timedOut` once its
/// `timeoutInterval` has passed on the server's clock), and redirects are followed through the
/// playback: see <doc:InterceptingURLSession>.
public final class URLSessionInterception: Sendable {
    let scope: InterceptionScope
    /// The server whose playback answers the intercepted requests.
    public let server: StubServer
    private let ownsGate: Bool
    private let ended = Protected(false)

    /// How long ``StubServer/interceptURLSession(fileID:line:)`` waited for the process-wide turn before this
    /// interception began (`.zero` when no other interception was active).
    public let waitedForTurn: Duration
    /// Who held the turn when the wait began: the test that owned the interception then, when known.
    public let turnHeldBy: String?

    init(
        server: StubServer, scope: InterceptionScope, ownsGate: Bool, wait: InterceptionGate.Wait = .init(duration: .zero)
    ) {
        self.server = server
        self.scope = scope
        self.ownsGate = ownsGate
        self.waitedForTurn = wait.duration
        self.turnHeldBy = wait.heldBy
    }

    /// What waiting for the turn took, for a report (`nil` when it took under `threshold`): how long,
    /// who held it, and that the wait did not count against a time limit.
    public func turnWaitNotice(threshold: Duration = .seconds(1)) -> String? {
        guard waitedForTurn >= threshold else { return nil }
        return "waited \(waitedForTurn.secondsText(fractionDigits: 1)) for the URLSession interception held by "
            + "\(turnHeldBy ?? "another interception") (interceptions run one at a time across the process; the "
            + "wait does not count against a .mockClock time limit)"
    }

    deinit {
        // Ended by its owner as a rule; a dropped handle must not keep the gate from the next test.
        if !ended.withLock({ $0 }) {
            InterceptionRouter.shared.deactivate(scope)
            scope.cancelLoads()
            if ownsGate { InterceptionRouter.shared.gate.release() }
        }
    }

    /// Stops intercepting: new requests go to the network again, requests still waiting (a delay, a
    /// never-answered request) are cancelled and fail, and the next waiting interception may start.
    /// Returns when every intercepted request has been answered or failed. Calling it again does nothing.
    public func end() async {
        guard ended.withLock({ ended in defer { ended = true }; return !ended }) else { return }
        InterceptionRouter.shared.deactivate(scope)
        scope.cancelLoads()
        await scope.waitForLoads()
        if ownsGate { InterceptionRouter.shared.gate.release() }
    }

    /// Registers the intercepting protocol class with `URLProtocol`, ahead of the system's own: call it
    /// before anything in the process uses `URLSession` when ``StubServer/interceptURLSession(fileID:line:)`` says
    /// `URLSession.shared` was created too early (on Linux). Idempotent and cheap; interception does it
    /// itself otherwise.
    public static func prepare() {
        InterceptionRegistration.register()
    }

    /// The `URLProtocol` subclass that answers intercepted requests: list it first in a session
    /// configuration's `protocolClasses` to intercept a session other than `URLSession.shared`.
    public static var protocolClass: AnyClass { StubURLProtocol.self }
}

extension URLSessionInterception {
    /// The requests the interception's network guard stopped: requests from sessions the interception
    /// does not reach (on Linux, those made from `.default` or `.ephemeral`) to hosts that are not
    /// loopback. Each is also an error in the server's ``StubServer/report``. See ``NetworkGuard``.
    public var stoppedRequests: [NetworkGuard.StoppedRequest] {
        scope.guarding.stoppedRequests
    }
}

extension StubServer {
    /// Intercepts the requests sent through `URLSession.shared` until ``URLSessionInterception/end()``,
    /// answering them from this server's playback (see ``URLSessionInterception``). Waits while another
    /// interception of the process is active. The server need not be started: intercepted requests never
    /// touch its socket.
    ///
    /// For XCTest: call it in `setUp` and `end()` it in `tearDown`, then read ``report``.
    ///
    /// The wait for the turn ends when the task is cancelled, and its time does not count against the
    /// `.mockClock` trait's time limit; ``URLSessionInterception/waitedForTurn`` says how long it took.
    ///
    /// - Throws: ``URLSessionInterceptionError`` when `URLSession.shared` cannot be reached (on Linux,
    ///   when it was created before interception was prepared) or when this task already holds an
    ///   interception it has not ended; `CancellationError` when the task is cancelled while it waits for
    ///   the turn.
    /// - Parameters:
    ///   - fileID: Where the interception is started, to name it to the interceptions that wait for it
    ///     (outside the `.stubServer` trait, which names it by its test).
    ///   - line: The line it is started at.
    public func interceptURLSession(fileID: StaticString = #fileID, line: UInt = #line) async throws -> URLSessionInterception {
        try InterceptionRegistration.checkSharedSessionIsReachable()
        let router = InterceptionRouter.shared
        let nested = InterceptionRouter.$heldByCurrentTask.get()
        var wait = InterceptionGate.Wait(duration: .zero)
        if !nested { wait = try await router.gate.acquire(as: interceptionHolderName(startedAt: "\(fileID):\(line)")) }
        let scope = InterceptionScope(playback: playback)
        router.activate(scope)
        return URLSessionInterception(server: self, scope: scope, ownsGate: !nested, wait: wait)
    }

    /// How the interceptions waiting behind this server's name it: its test, when the trait made it, or
    /// where it was started.
    private func interceptionHolderName(startedAt location: String) -> String {
        guard let test = configuration.test else { return "the interception started at \(location)" }
        return ([test.moduleName] + test.nameComponents).joined(separator: ".")
    }

    /// Runs `body` while the requests sent through `URLSession.shared` are answered by this server (see
    /// ``interceptURLSession(fileID:line:)``), and ends the interception when `body` returns or throws. An
    /// interception nested inside this one (from the same task) takes over until it ends.
    public func interceptingURLSession<Result: Sendable>(
        fileID: StaticString = #fileID, line: UInt = #line, _ body: () async throws -> Result
    ) async throws -> Result {
        try await interceptingURLSession(fileID: fileID, line: line, onStart: { _ in }, body)
    }

    /// ``interceptingURLSession(fileID:line:_:)``, handing the interception to `onStart` once it has begun (the trait
    /// reports its wait for the turn).
    package func interceptingURLSession<Result: Sendable>(
        fileID: StaticString = #fileID, line: UInt = #line,
        onStart: (URLSessionInterception) -> Void, _ body: () async throws -> Result
    ) async throws -> Result {
        let interception = try await interceptURLSession(fileID: fileID, line: line)
        onStart(interception)
        do {
            let result = try await InterceptionRouter.$heldByCurrentTask.withValue(true) { try await body() }
            await interception.end()
            return result
        } catch {
            await interception.end()
            throw error
        }
    }
}
