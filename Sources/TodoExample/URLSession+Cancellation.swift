package import Foundation

#if canImport(FoundationNetworking)
    package import FoundationNetworking
#endif

extension URLSession {
    /// `data(for:)` that gives up as soon as the calling task is cancelled (the request is cancelled
    /// and `URLError.cancelled` thrown), on every platform: swift-corelibs-foundation's `data(for:)`
    /// keeps waiting for the server, so a timeout raced against it would wait too; and cancelling it
    /// can deadlock (its cancellation handler waits for the session's queue, which may be resuming the
    /// cancelled task).
    package func cancellableData(for request: URLRequest) async throws -> (Data, URLResponse) {
        let start = DataTaskStart()
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
                if start.begin(task) {
                    task.resume()
                } else {
                    continuation.resume(throwing: URLError(.cancelled))
                }
            }
        } onCancel: {
            start.cancel()
        }
    }
}

/// A data task and the cancellation of the task awaiting it, in whichever order they come.
private final class DataTaskStart: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false

    /// Records `task`; `false` when cancellation came first (the task is then never resumed).
    func begin(_ task: URLSessionDataTask) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !isCancelled else { return false }
        self.task = task
        return true
    }

    /// Records the cancellation and cancels the task if it has begun.
    ///
    /// The task is cancelled on another thread: this runs in a cancellation handler, under the Swift
    /// task's status lock, and `URLSessionTask.cancel()` waits for the session's queue, which may be
    /// resuming this very task (and so waiting for that lock).
    func cancel() {
        lock.lock()
        isCancelled = true
        let task = task
        lock.unlock()
        if let task {
            DispatchQueue.global().async { task.cancel() }
        }
    }
}
