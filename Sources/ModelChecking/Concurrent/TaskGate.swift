import ContractEngine

/// Holds tasks until a number of them have arrived, then lets them all go at once, so that their calls
/// overlap: how a concurrent check starts its tasks, and how the Swift it prints for a failure starts
/// them too (without it, the first task often finishes before the second begins, and the race hides).
///
/// ```swift
/// let gate = TaskGate(tasks: 2)
/// try await withThrowingTaskGroup(of: Void.self) { group in
///     group.addTask { await gate.arriveAndWait(); _ = try await store.add("a", tags: []) }
///     group.addTask { await gate.arriveAndWait(); _ = try await store.add("a", tags: ["x"]) }
///     try await group.waitForAll()
/// }
/// ```
public final class TaskGate: Sendable {
    private let gate: StartGate

    /// A gate that opens when `tasks` tasks have arrived.
    public init(tasks: Int) {
        gate = StartGate(parties: tasks)
    }

    /// Waits until every task has arrived; the last to arrive lets them all go.
    public func arriveAndWait() async {
        await gate.arriveAndWait()
    }
}
