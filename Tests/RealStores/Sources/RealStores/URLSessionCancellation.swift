import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSession {
    /// `data(for:)` that ends as soon as the calling task is cancelled (the data task is cancelled and
    /// `URLError.cancelled` thrown): swift-corelibs-foundation's own `data(for:)` waits for the server
    /// whatever happens to the task, so a contract's watchdog could not give up on a hung call.
    func cancellableData(for request: URLRequest) async throws -> (Data, URLResponse) {
        let pending = PendingDataTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                if pending.start(task) { task.resume() } else { continuation.resume(throwing: URLError(.cancelled)) }
            }
        } onCancel: {
            pending.cancel()
        }
    }
}

/// A data task and the cancellation of the Swift task awaiting it, whichever comes first.
private final class PendingDataTask: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false

    /// Keeps `task`; `false` when the cancellation came first (the task must then not be resumed).
    func start(_ task: URLSessionDataTask) -> Bool {
        lock.withLock {
            guard !isCancelled else { return false }
            self.task = task
            return true
        }
    }

    /// Notes the cancellation and cancels the task, on another thread: the handler runs under the Swift
    /// task's lock, and `cancel()` waits for the session's queue, which may be resuming this very task.
    func cancel() {
        let task = lock.withLock {
            isCancelled = true
            return self.task
        }
        if let task { DispatchQueue.global().async { task.cancel() } }
    }
}
