import RepositoryContractsPrimitives

/// What a drift check has learned and decided for each fixture it checks: the identifiers the live API
/// assigned, the first state-changing request it did not send, how many requests it checked, and the
/// turn order that sends one request of a fixture at a time.
final class DriftProgress: Sendable {
    /// One fixture's part of the check.
    struct Fixture {
        var identifiers: IdentifierMap
        /// The first state-changing request not sent (`request #4 POST /todos`), after which no request
        /// of the fixture is checked.
        var skippedStateChange: String?
        /// How many requests reached the live API (whether or not they differed).
        var checkedCount = 0
    }

    private struct State {
        var fixtures: [String: Fixture] = [:]
        /// The end of the last turn of each fixture.
        var lastTurns: [String: Task<Void, Never>] = [:]
    }

    private let state = Protected(State())

    /// Runs `operation` on `source`'s fixture state, creating it from `recordedRequests` when it is
    /// the fixture's first request.
    func withFixture<Result>(
        _ source: String, recordedRequests: () -> [StubRequest], _ operation: (inout Fixture) -> Result
    ) -> Result {
        state.withLock { state in
            if state.fixtures[source] == nil {
                state.fixtures[source] = Fixture(identifiers: IdentifierMap(requests: recordedRequests()))
            }
            return operation(&state.fixtures[source]!)
        }
    }

    /// How many requests of `source` reached the live API.
    func checkedCount(of source: String) -> Int {
        state.withLock { $0.fixtures[source]?.checkedCount ?? 0 }
    }

    /// How many requests of every fixture reached the live API.
    var checkedCount: Int {
        state.withLock { $0.fixtures.values.reduce(0) { $0 + $1.checkedCount } }
    }

    /// Runs `operation` after every earlier turn of `source` has ended, so a fixture's requests reach the
    /// live API one at a time, in the order they were answered (for a client that waits for each
    /// answer, the recorded order). Cancelling the caller cancels its turn.
    func inTurn<Result: Sendable>(
        of source: String, _ operation: @escaping @Sendable () async -> Result
    ) async -> Result {
        let turn: Task<Result, Never> = state.withLock { state in
            let previous = state.lastTurns[source]
            let turn = Task {
                await previous?.value
                return await operation()
            }
            state.lastTurns[source] = Task { _ = await turn.value }
            return turn
        }
        return await withTaskCancellationHandler { await turn.value } onCancel: { turn.cancel() }
    }
}
