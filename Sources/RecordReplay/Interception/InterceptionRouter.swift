import Foundation
import RepositoryContractsPrimitives

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where intercepted requests go: the innermost active interception's scope, or nowhere (the request
/// then goes to the network as if no interception existed).
final class InterceptionRouter: Sendable {
    /// The process's router.
    static let shared = InterceptionRouter()

    /// Whether the current task holds the gate (inside ``StubServer/interceptingURLSession(fileID:line:_:)``): an
    /// interception started from it nests instead of waiting for itself.
    @TaskLocal static var heldByCurrentTask = false

    let gate = InterceptionGate()
    private let scopes = Protected<[InterceptionScope]>([])

    /// The scope that answers requests now, if any.
    var activeScope: InterceptionScope? {
        scopes.withLock { $0.last }
    }

    /// Makes `scope` the one that answers; it guards the network meanwhile (see ``NetworkGuard``).
    func activate(_ scope: InterceptionScope) {
        scope.guarding.begin(for: scope.playback)
        scopes.withLock { $0.append(scope) }
    }

    func deactivate(_ scope: InterceptionScope) {
        scopes.withLock { $0.removeAll { $0 === scope } }
        scope.guarding.end()
    }

    /// Cancels the loads of the active scopes `playback` answers (see ``StubServer/cancelPendingAnswers()``).
    func cancelLoads(of playback: Playback) {
        let owned = scopes.withLock { $0.filter { $0.playback === playback } }
        for scope in owned { scope.cancelLoads() }
    }

    /// Whether a request goes to the active scope: `http` and `https` requests while one is active,
    /// except the server's own forwards to the live API and requests to a loopback host (stub servers'
    /// sockets and other local servers of parallel tests, which must reach them).
    func intercepts(_ request: URLRequest) -> Bool {
        guard activeScope != nil, let url = request.url, let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else { return false }
        if URLProtocol.property(forKey: StubURLProtocol.exemptionMark, in: request) != nil { return false }
        if let host = url.host, LoopbackHost.contains(host) { return false }
        return true
    }
}

/// Names of this machine's loopback interface, as a URL's host spells them.
enum LoopbackHost {
    static func contains(_ host: String) -> Bool {
        let host = host.lowercased()
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
