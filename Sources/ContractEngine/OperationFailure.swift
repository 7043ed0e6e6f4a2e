/// A repository operation that a clause needed to succeed, and that did not.
public struct OperationFailure: Error, CustomStringConvertible {
    /// Why it failed.
    public enum Reason: Sendable {
        /// The conformer threw.
        case threw(any Error)
        /// The call did not complete within the conformance's timeout.
        case timedOut(Duration)
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
        case .timedOut(let limit):
            "\(operation) did not complete within \(limit.formattedSeconds) (the conformance's timeout): "
                + "a completion handler that is never called, a lock never released, or a request never answered"
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

extension Duration {
    /// "5 s", "0.25 s".
    package var formattedSeconds: String {
        let (seconds, attoseconds) = components
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return value == value.rounded() ? "\(Int64(value)) s" : "\(value) s"
    }
}
