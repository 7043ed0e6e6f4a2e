/// Runs `body`, but gives up after `limit`: a call that never completes fails with
/// ``OperationFailure/Reason/timedOut(_:)`` and the run goes on.
///
/// The body runs in its own task so that a body that ignores cancellation (a continuation nobody resumes)
/// cannot hold the caller: it is cancelled and abandoned. The limit is measured on the continuous clock
/// because it guards against real hangs; it is never what a test waits for.
package func withWatchdog<Value: Sendable>(
    _ limit: Duration,
    operation: String,
    _ body: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let race = Race<Value>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            race.start(continuation)
            race.attach(
                work: Task {
                    do { race.finish(.success(try await body())) } catch { race.finish(.failure(error)) }
                },
                timer: Task {
                    try await Task.sleep(for: limit)
                    race.finish(.failure(OperationFailure(operation: operation, reason: .timedOut(limit))))
                })
        }
    } onCancel: {
        race.finish(.failure(CancellationError()))
    }
}

/// The state shared by the work, the timer and the caller: the first to finish resumes the caller and
/// cancels the others.
private final class Race<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var finishedBeforeStart: Result<Value, any Error>?
        var isDone = false
        var work: Task<Void, Never>?
        var timer: Task<Void, any Error>?
    }

    private let state = Protected(State())

    func start(_ continuation: CheckedContinuation<Value, any Error>) {
        let early: Result<Value, any Error>? = state.withLock { state in
            guard let early = state.finishedBeforeStart else {
                state.continuation = continuation
                return nil
            }
            state.isDone = true
            return early
        }
        if let early { continuation.resume(with: early) }
    }

    func attach(work: Task<Void, Never>, timer: Task<Void, any Error>) {
        let isDone = state.withLock { state in
            state.work = work
            state.timer = timer
            return state.isDone
        }
        if isDone {
            work.cancel()
            timer.cancel()
        }
    }

    func finish(_ result: Result<Value, any Error>) {
        let winner: (CheckedContinuation<Value, any Error>, Task<Void, Never>?, Task<Void, any Error>?)? =
            state.withLock { state in
                guard !state.isDone else { return nil }
                guard let continuation = state.continuation else {
                    if state.finishedBeforeStart == nil { state.finishedBeforeStart = result }
                    return nil
                }
                state.isDone = true
                state.continuation = nil
                return (continuation, state.work, state.timer)
            }
        guard let (continuation, work, timer) = winner else { return }
        work?.cancel()
        timer?.cancel()
        continuation.resume(with: result)
    }
}
