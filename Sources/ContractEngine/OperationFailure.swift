import RepositoryContractsPrimitives

/// A repository operation that a clause needed to succeed, and that did not.
public struct OperationFailure: Error, CustomStringConvertible {
    /// Why it failed.
    public enum Reason: Sendable {
        /// The conformer threw.
        case threw(any Error)
        /// The call went the conformance's timeout without any sign of progress (or ran far longer than
        /// it while work kept moving): how it looked then.
        case timedOut(Stall)
    }

    /// The call, as the clause made it ("update(Todo(id: 3, …))").
    public var operation: String
    /// Why it failed.
    public var reason: Reason

    public var description: String {
        switch reason {
        case .threw(let error as CallbackError):
            "\(error)"
        case .threw(let error):
            "\(operation) threw \(describe(error)), but the clause needs it to succeed"
        case .timedOut(let stall):
            "\(operation) did not complete: \(stall)"
        }
    }
}

/// An error as `type: description`, so that `Error` values without a useful description still say what
/// they are.
package func describe(_ error: any Error) -> String {
    let text = String(describing: error)
    let type = String(describing: Swift.type(of: error))
    return text.hasPrefix(type) ? text : "\(type): \(text)"
}

extension Stall: CustomStringConvertible {
    /// What the watchdog saw, so that a hang can be told from a slow machine.
    public var description: String {
        let timeout = "the conformance's timeout of \(limit.secondsText)"
        var lastMoves: [String] = []
        if let since = sinceLocalProgress { lastMoves.append("another call of this subject ended \(since.secondsText(fractionDigits: 1)) ago") }
        if let since = sinceOtherProgress { lastMoves.append("other work in this process moved \(since.secondsText(fractionDigits: 1)) ago") }
        if reachedCeiling {
            return "still running after \(running.secondsText(fractionDigits: 1)), \(ceilingFactor) × \(timeout), although work kept "
                + "moving (\(lastMoves.joined(separator: "; "))): a loop that never ends, or a timeout far too short "
                + "for this machine"
        }
        let moved = lastMoves.isEmpty
            ? "nothing else moved while it ran (no other call of this subject ended, no stub server answered)"
            : "the last sign of progress: \(lastMoves.joined(separator: "; "))"
        return "running for \(running.secondsText(fractionDigits: 1)) with no sign of progress for \(limit.secondsText) (\(timeout)); "
            + "\(moved): a completion handler that is never called, a lock never released, or a request never answered"
    }
}
