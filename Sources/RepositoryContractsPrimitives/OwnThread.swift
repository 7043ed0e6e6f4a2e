import Foundation

/// Runs `work`, which may block, on a thread of its own (never on the Swift concurrency pool, which has
/// only as many threads as cores) and returns its result; cancelling the calling task calls `cancel`,
/// which should make `work` return promptly.
package func onOwnThread<Result: Sendable>(
    _ work: @escaping @Sendable () -> Result, cancel: @escaping @Sendable () -> Void
) async -> Result {
    await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    } onCancel: {
        cancel()
    }
}
