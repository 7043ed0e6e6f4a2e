import RepositoryContractsPrimitives

/// The process's guards, counted: the first to begin starts the listener (once per process) and points
/// the proxy variables at it, the last to end restores them; every stopped request goes to each guard
/// on when it arrives. Also the hosts that stub servers forward to, which pass the guard.
///
/// Every change of the environment happens under this one lock, so guards beginning and ending on many
/// threads never interleave their writes (see ``ProcessEnvironment`` for readers on other threads).
final class NetworkGuardRegistry: Sendable {
    /// The process's registry.
    static let shared = NetworkGuardRegistry()

    private struct State {
        /// The listener, started by the first guard and kept for the process's life, so its address
        /// (and so the proxy variables' value) never changes, and a request sent just as the last
        /// guard ended is still refused, not left without an answer.
        var listener: HTTPListener?
        var logs: [Int: StoppedRequestLog] = [:]
        var nextRegistration = 0
        /// The proxy variables as they were before the first guard began, while any is on.
        var savedEnvironment: [(name: String, value: String?)]?
        /// Hosts stub servers forward to, each with the number of forwarders that named it.
        var passes: [String: Int] = [:]
        /// What the guard last set `no_proxy` to, while it is on.
        var publishedExclusions: String?
    }

    private let state = Protected(State())

    /// Adds a guard; when it is the first on, starts the listener if needed and points the proxy
    /// variables at it. Returns the number ``unregister(_:)`` takes.
    func register(_ log: StoppedRequestLog) throws(ServerStartError) -> Int {
        try state.withLock { state throws(ServerStartError) in
            let listener: HTTPListener
            if let started = state.listener {
                listener = started
            } else {
                listener = try GuardListener.start(onStop: { [weak self] in self?.stopped($0) })
                state.listener = listener
            }
            let registration = state.nextRegistration
            state.nextRegistration += 1
            state.logs[registration] = log
            if state.savedEnvironment == nil {
                state.savedEnvironment = ProxyEnvironment.names.map { ($0, ProcessEnvironment.value(of: $0)) }
                let exclusions = ProxyEnvironment.exclusions(passing: Array(state.passes.keys))
                ProcessEnvironment.apply(ProxyEnvironment.guarded(proxyPort: listener.port, exclusions: exclusions))
                state.publishedExclusions = exclusions
            }
            return registration
        }
    }

    /// Removes a guard; when it was the last on, gives the proxy variables back their earlier values.
    func unregister(_ registration: Int) {
        state.withLock { state in
            guard state.logs.removeValue(forKey: registration) != nil, state.logs.isEmpty,
                let saved = state.savedEnvironment
            else { return }
            ProcessEnvironment.apply(saved)
            state.savedEnvironment = nil
            state.publishedExclusions = nil
        }
    }

    /// Whether any guard is on.
    var isOn: Bool {
        state.withLock { !$0.logs.isEmpty }
    }

    /// Keeps a request the listener refused, in every guard on.
    private func stopped(_ request: NetworkGuard.StoppedRequest) {
        let logs = state.withLock { Array($0.logs.values) }
        for log in logs { log.append(request) }
    }

    /// Lets requests for `host` pass the guard (one more forwarder names it).
    func openPass(to host: String) {
        changePasses { $0[host, default: 0] += 1 }
    }

    /// Undoes one ``openPass(to:)``.
    func closePass(to host: String) {
        changePasses { passes in
            guard let count = passes[host] else { return }
            passes[host] = count > 1 ? count - 1 : nil
        }
    }

    /// Changes the passes, and `no_proxy` with them while a guard is on.
    private func changePasses(_ change: (inout [String: Int]) -> Void) {
        state.withLock { state in
            change(&state.passes)
            guard state.savedEnvironment != nil else { return }
            let exclusions = ProxyEnvironment.exclusions(passing: Array(state.passes.keys))
            guard exclusions != state.publishedExclusions else { return }
            ProcessEnvironment.apply(ProxyEnvironment.exclusionNames.map { ($0, exclusions) })
            state.publishedExclusions = exclusions
        }
    }
}
