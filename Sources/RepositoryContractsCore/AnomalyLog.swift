import RepositoryContractsPrimitives

/// Where misbehaviour noticed outside a clause's own control flow is written down (a completion handler
/// called twice, on whatever thread), so that the clause that was running fails for it.
package final class AnomalyLog: Sendable {
    /// The log of the clause running in this task, if any.
    @TaskLocal package static var current: AnomalyLog?

    private let entries = Protected<[String]>([])

    package init() {}

    package func record(_ message: String) {
        entries.withLock { $0.append(message) }
    }

    package var messages: [String] {
        entries.withLock { $0 }
    }
}
