import RecordReplayMessages
import RepositoryContractsPrimitives

/// What a drift check has learned and decided for each fixture it checks: the identifiers the live API
/// assigned, the first state-changing request it did not send, how many requests it checked, and the
/// turn order that sends one request of a fixture at a time.
final class DriftProgress: Sendable {
    /// One fixture's part of the check.
    struct FixtureProgress {
        var identifiers: IdentifierMap
        /// The first state-changing request not sent (`request #4 POST /todos`), after which no request
        /// of the fixture is checked.
        var skippedStateChange: String?
        /// How many requests reached the live API and were compared in full (whether or not they differed).
        var checkedCount = 0
        /// What the reads after ``skippedStateChange`` gave: compared by shape, or why not.
        var shapes = ShapeChecks()
    }

    /// The reads of a fixture sent after its first unsent state change: their answers cannot be
    /// compared by value (the recorded state was not built), so they are compared by shape.
    struct ShapeChecks: Sendable, Equatable {
        /// How many were compared by shape (whether or not they differed).
        var compared = 0
        /// Why each of the others could not be compared (`live status 404, recorded 200`).
        var notComparable: [String] = []
        /// Whether every read of the fixture was compared by shape because the live API was not brought
        /// to the recorded state (see ``DriftProgress/compareByShapeOnly()``).
        var wholeFixture = false
    }

    private struct State {
        var fixtures: [String: FixtureProgress] = [:]
        var shapeOnly = false
        /// The end of the last turn of each fixture.
        var lastTurns: [String: Task<Void, Never>] = [:]
    }

    private let state = Protected(State())

    /// Runs `operation` on `source`'s fixture state, creating it from `recordedRequests` when it is
    /// the fixture's first request.
    func withFixture<Result>(
        _ source: String, recordedRequests: () -> [StubRequest], _ operation: (inout FixtureProgress) -> Result
    ) -> Result {
        state.withLock { state in
            if state.fixtures[source] == nil {
                state.fixtures[source] = FixtureProgress(identifiers: IdentifierMap(requests: recordedRequests()))
            }
            return operation(&state.fixtures[source]!)
        }
    }

    /// How many requests of `source` reached the live API.
    func checkedCount(of source: String) -> Int {
        state.withLock { $0.fixtures[source]?.checkedCount ?? 0 }
    }

    /// What the reads of `source` compared by shape gave.
    func shapeChecks(of source: String) -> ShapeChecks {
        state.withLock { state in
            var checks = state.fixtures[source]?.shapes ?? ShapeChecks()
            checks.wholeFixture = state.shapeOnly
            return checks
        }
    }

    /// From now on every read is compared by shape, and nothing else is sent: the live API was not
    /// brought to the state the fixtures were recorded from (a shared backend's reset was withheld),
    /// so no value it answers is comparable.
    func compareByShapeOnly() {
        state.withLock { $0.shapeOnly = true }
    }

    /// Whether every read is compared by shape (see ``compareByShapeOnly()``).
    var comparesByShapeOnly: Bool {
        state.withLock { $0.shapeOnly }
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
