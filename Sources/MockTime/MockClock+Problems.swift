import Foundation
import RepositoryContractsPrimitives

extension MockClock {
    /// Where the clock reports a problem it cannot throw (a wait that gave up, a scope that cannot run on
    /// the executor): the `.mockClock` trait records it as a Swift Testing issue; elsewhere it goes to
    /// standard error.
    @TaskLocal package static var problemReporter: (@Sendable (_ message: String, _ isWarning: Bool) -> Void)?

    /// Reports `message` to the current reporter, or to standard error.
    static func report(_ message: String, isWarning: Bool = false) {
        if let reporter = problemReporter {
            reporter(message, isWarning)
        } else {
            FileHandle.standardError.write(Data(("MockClock: " + message + "\n").utf8))
        }
    }

    /// What is sleeping on this clock, for a message: one line per sleeper, or that none is.
    package func sleepingDescription() -> String {
        let (sleepers, now) = state.withLock { ($0.pendingSleepers, $0.now) }
        guard !sleepers.isEmpty else { return "nothing is sleeping on this clock (now \(now))" }
        return "sleeping on this clock (now \(now)):" + sleepers.map { "\n  - \($0)" }.joined()
    }
}

extension MockClock {
    /// How many times this clock moved (a sleeper registered or woke, time advanced, a task it started
    /// began or ended) and what moved last: the clock's signs of progress for real-time bounds.
    package var movements: (count: UInt64, last: String) {
        state.withLock { ($0.movements, "\($0.lastMovement)") }
    }
}
