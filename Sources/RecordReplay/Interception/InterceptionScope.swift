import Foundation
import RepositoryContractsPrimitives

/// One interception: the playback that answers, and the requests still being answered (a delay, a stub
/// closure, a recording forward, a request never answered), so that ending the interception cancels and
/// awaits them.
final class InterceptionScope: Sendable {
    /// What answers the intercepted requests (a ``StubServer``'s ``StubServer/playback``).
    let playback: Playback
    /// The network guard the scope holds while it is active (see ``InterceptionGuarding``).
    let guarding = InterceptionGuarding()
    /// The response heads built for the scope's answers, reused while they repeat.
    let responseHeads = ResponseHeadCache()
    private let loads = Protected(Loads())

    private struct Loads {
        var nextID = 0
        var running: [Int: Task<Void, Never>] = [:]
        var isCancelled = false
    }

    init(playback: Playback) {
        self.playback = playback
    }

    /// Runs `work` as one of the scope's loads; cancelled at once when the scope already ended.
    @discardableResult
    func run(_ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        loads.withLock { loads in
            let id = loads.nextID
            loads.nextID += 1
            let task = Task { [weak self] in
                await work()
                self?.finish(id)
            }
            if loads.isCancelled { task.cancel() }
            loads.running[id] = task
            return task
        }
    }

    private func finish(_ id: Int) {
        loads.withLock { _ = $0.running.removeValue(forKey: id) }
    }

    /// Cancels every load still running, and any started later.
    func cancelLoads() {
        let running = loads.withLock { loads in
            loads.isCancelled = true
            return Array(loads.running.values)
        }
        for task in running { task.cancel() }
    }

    /// Returns when no load is running. (A load is listed before its task can take the lock to remove
    /// itself, and removes itself before its task completes, so each one awaited is gone afterwards.)
    func waitForLoads() async {
        while let next = loads.withLock({ $0.running.values.first }) {
            await next.value
        }
    }
}
