import Foundation
import RepositoryContractsPrimitives

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of an ``UpstreamForwarder``'s session: runs its data tasks, collecting each task's body
/// from the delegate callbacks, and refuses redirects so that the client under test sees them.
///
/// `URLSession.data(for:)` is not used because on Linux (swift-corelibs-foundation) the body of a
/// refused redirect reaches only the delegate's `urlSession(_:dataTask:didReceive:)`: `data(for:)`
/// would return a 3xx with an empty body. Each task's state lives in ``transfers`` (keyed by task
/// identifier, under a lock) from just before the task is resumed until its completion, which resumes
/// the awaiting caller exactly once and removes the state.
final class UpstreamTransfers: NSObject, URLSessionDataDelegate, Sendable {
    /// A task in flight: the caller waiting for it, and the body received so far.
    private struct Transfer {
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>
        var body = Data()
    }

    private let transfers = Protected<[Int: Transfer]>([:])

    /// How many tasks are in flight (for tests: none once every ``data(for:in:)`` has returned).
    var inFlightCount: Int {
        transfers.withLock { $0.count }
    }

    /// Runs `request` as a data task of `session` (whose delegate must be `self`) and returns the body
    /// and the response, the response of a refused redirect included.
    ///
    /// Cancelling the calling task cancels the data task, which then fails with `URLError.cancelled`;
    /// a caller already cancelled fails the same way without starting a task.
    func data(for request: URLRequest, in session: URLSession) async throws -> (Data, URLResponse) {
        let start = TaskStart()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard !start.isCancelled else {
                    continuation.resume(throwing: URLError(.cancelled))
                    return
                }
                let task = session.dataTask(with: request)
                transfers.withLock { $0[task.taskIdentifier] = Transfer(continuation: continuation) }
                task.resume()
                if !start.started(task) { task.cancel() }
            }
        } onCancel: {
            // Not here: a cancellation handler runs under the task's status lock, and
            // `URLSessionTask.cancel()` waits for the session's queue, which may be resuming this very
            // task (and so waiting for that lock): a deadlock, seen on Linux.
            if let task = start.cancel() {
                DispatchQueue.global().async { task.cancel() }
            }
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfers.withLock { $0[dataTask.taskIdentifier]?.body.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            transfer.continuation.resume(throwing: error)
        } else if let response = task.response {
            transfer.continuation.resume(returning: (transfer.body, response))
        } else {
            transfer.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

/// The start of one data task and the cancellation of the Swift task awaiting it, in whichever order
/// they come: the data task is cancelled only once it has been resumed, and exactly once.
private final class TaskStart: Sendable {
    private enum Phase {
        case notStarted
        case started(URLSessionTask)
        case cancelled
    }

    private let phase = Protected(Phase.notStarted)

    /// Whether the awaiting Swift task was cancelled before the data task started.
    var isCancelled: Bool {
        phase.withLock {
            if case .cancelled = $0 { true } else { false }
        }
    }

    /// Records that `task` has been resumed; `false` when the Swift task was cancelled meanwhile (the
    /// caller then cancels `task`).
    func started(_ task: URLSessionTask) -> Bool {
        phase.withLock {
            if case .cancelled = $0 { return false }
            $0 = .started(task)
            return true
        }
    }

    /// Records the cancellation; returns the data task to cancel if it has been resumed already.
    func cancel() -> URLSessionTask? {
        phase.withLock { phase in
            let started: URLSessionTask? = if case .started(let task) = phase { task } else { nil }
            phase = .cancelled
            return started
        }
    }
}
