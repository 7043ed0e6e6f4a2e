import RepositoryContractsPrimitives

/// The network guard an interception holds while it is active: sessions interception cannot reach (on
/// Linux, those made from `.default` or `.ephemeral`) are stopped instead of reaching the network, and
/// each stopped request is an error in the intercepting server's ``StubServer/report``.
final class InterceptionGuarding: Sendable {
    private let networkGuard = Protected<NetworkGuard?>(nil)

    /// Turns the guard on for an interception `playback` answers. When the guard cannot start, the
    /// playback's report says so (an error: the promise does not hold for that test).
    func begin(for playback: Playback) {
        do {
            let started = try NetworkGuard.engage(
                noticing: { playback.noteNetworkGuardFinding(.init(severity: .warning, message: $0)) },
                onStop: { playback.noteNetworkGuardFinding(.init(severity: .error, message: $0.description)) })
            networkGuard.withLock { $0 = started }
        } catch {
            playback.noteNetworkGuardFinding(
                .init(
                    severity: .error,
                    message: "the network guard of the URLSession interception could not start (\(error)): requests "
                        + "from sessions other than URLSession.shared were not stopped"))
        }
    }

    /// Turns the guard off.
    func end() {
        networkGuard.withLock { $0 }?.end()
    }

    /// The requests the guard stopped.
    var stoppedRequests: [NetworkGuard.StoppedRequest] {
        networkGuard.withLock { $0 }?.stoppedRequests ?? []
    }
}
