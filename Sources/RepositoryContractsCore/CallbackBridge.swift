import RepositoryContractsPrimitives

/// Calls a completion-handler API and waits for its answer, catching the two ways such APIs go wrong.
///
/// - A handler that is called twice: the first answer wins and the second is reported to the running
///   clause as a failure ("completion handler of fetchAll() called 2 times").
/// - A handler that is dropped without being called (an early `return` before `completion(...)`): the
///   handler's storage is released, and the call throws ``CallbackError/completionNeverCalled(operation:)``
///   at once instead of hanging until the watchdog fires.
///
/// ```swift
/// fetchAll: {
///     try await withCompletion("fetchAll()") { done in
///         legacy.fetch { todos in done(.success(todos ?? [])) }
///     }
/// }
/// ```
public func withCompletion<Value: Sendable>(
    _ operation: String,
    _ start: (_ complete: @escaping @Sendable (Result<Value, any Error>) -> Void) -> Void
) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        let handler = CompletionHandler(operation: operation, continuation: continuation, anomalies: AnomalyLog.current)
        start { result in handler.complete(result) }
    }
}

/// How a callback-based API broke its contract.
///
/// A struct over private storage rather than an enum, so that a new way of breaking it is not a breaking
/// change for code that switches over the ones it knows: compare with `==`, or read ``operation``.
public struct CallbackError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The ways, for the package's own exhaustive switches.
    package enum Kind: Sendable, Hashable {
        case completionNeverCalled(operation: String)
    }

    /// Which way this is.
    package let kind: Kind

    private init(_ kind: Kind) {
        self.kind = kind
    }

    /// The completion handler was released without ever being called: the operation can never finish.
    public static func completionNeverCalled(operation: String) -> Self { Self(.completionNeverCalled(operation: operation)) }

    /// The call whose handler broke the contract, as the witness names it.
    public var operation: String {
        switch kind {
        case .completionNeverCalled(let operation): operation
        }
    }

    /// What went wrong with the handler, naming the call.
    public var description: String {
        switch kind {
        case .completionNeverCalled(let operation):
            "\(operation) returned without ever calling its completion handler (the handler was released uncalled)"
        }
    }
}

/// The one object a callback API holds on to: it resumes the continuation once, and notices a second call
/// or its own release without a call.
private final class CompletionHandler<Value: Sendable>: Sendable {
    private let operation: String
    private let anomalies: AnomalyLog?
    private let state: Protected<(continuation: CheckedContinuation<Value, any Error>?, calls: Int)>

    init(operation: String, continuation: CheckedContinuation<Value, any Error>, anomalies: AnomalyLog?) {
        self.operation = operation
        self.anomalies = anomalies
        self.state = Protected((continuation, 0))
    }

    func complete(_ result: Result<Value, any Error>) {
        let (continuation, calls) = state.withLock { state in
            state.calls += 1
            defer { state.continuation = nil }
            return (state.continuation, state.calls)
        }
        if let continuation {
            continuation.resume(with: result)
        } else {
            anomalies?.record("completion handler of \(operation) was called \(calls) times; it must be called exactly once")
        }
    }

    deinit {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(throwing: CallbackError.completionNeverCalled(operation: operation))
    }
}
