import Foundation

/// Runs `body` with a fresh ``MockClock`` (also ``MockClock/current`` inside), and fails if sleepers are
/// left pending at the end.
///
/// When `body` returns and sleepers are still pending, they are cancelled (their tasks get
/// `CancellationError`, so none hangs) and ``PendingSleepersError`` is thrown, naming them. When `body`
/// throws, pending sleepers are cancelled likewise and `body`'s error is rethrown. Only registered
/// sleepers are seen: await ``MockClock/waitForSleepers(count:)`` or the tasks themselves before the end.
///
/// ```swift
/// try await withMockClock { clock in
///     let retry = Task { try await client.fetchWithRetry(clock: clock) }
///     await clock.waitForSleepers(count: 1)
///     clock.advance(by: .seconds(2))
///     _ = try await retry.value
/// }
/// ```
///
/// - Parameters:
///   - startDate: Where the clock's wall view starts.
///   - isolation: The caller's isolation, which `body` runs in (so `body` and its result need not be
///     `Sendable`).
///   - body: The code to run with the clock.
/// - Returns: What `body` returned.
public func withMockClock<Result>(
    startDate: Date = MockClock.defaultStartDate,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (MockClock) async throws -> Result
) async throws -> Result {
    let clock = MockClock(startDate: startDate)
    let result: Result
    do {
        result = try await MockClock.$currentIfAny.withValue(clock) {
            try await body(clock)
        }
    } catch {
        clock.cancelPendingSleepers()
        throw error
    }
    let now = clock.now
    let leaked = clock.cancelPendingSleepers()
    if !leaked.isEmpty { throw PendingSleepersError(sleepers: leaked, now: now) }
    return result
}
