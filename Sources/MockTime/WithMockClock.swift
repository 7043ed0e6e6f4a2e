public import Foundation

/// Runs `body` with a fresh ``MockClock`` (also ``MockClock/current`` inside), on the clock's
/// ``MockClock/executor``, and fails if sleepers are left pending at the end.
///
/// `body` runs with the clock's executor as its task executor preference (where the OS has task
/// executors: macOS 15, iOS 18 and later, and Linux), so its nonisolated code, its `async let` and
/// task-group children and the default actors they call run there, and every advance runs their woken
/// work to its next suspension before moving time on. `Task { … }` does not inherit the preference:
/// start the tasks the clock should run with ``MockClock/startTask(name:fileID:line:_:)->Task<Void,Never>`` (or inject
/// ``MockClock/taskStarter``), which also lets the clock follow them to their end.
///
/// Called from code isolated to an actor (a `@MainActor` test), `body` runs on that actor, not on the
/// executor; the plain tasks it starts (`Task { … }`) are counted all the same, so awaited advances and
/// runs see them end, and code it starts with ``MockClock/startTask(name:fileID:line:_:)->Task<Void,Never>``
/// still runs on the executor. At the end, tasks that a run or advance reported as not back and that
/// still are not are named, as a warning (a Swift Testing issue under the `.mockClock` trait, standard
/// error elsewhere), with the form that would have waited for them.
///
/// When `body` returns and sleepers are still pending, they are cancelled (their tasks get
/// `CancellationError`, so none hangs) and ``PendingSleepersError`` is thrown, naming them. When `body`
/// throws, pending sleepers are cancelled likewise and `body`'s error is rethrown. Only registered
/// sleepers are seen: await ``MockClock/waitForSleepers(count:timeout:)`` or the tasks themselves before the end.
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
///   - now: Where the clock's time starts (offset zero by default).
///   - startDate: Where the clock's wall view starts.
///   - isolation: The caller's isolation, which `body` runs in (so `body` and its result need not be
///     `Sendable`).
///   - body: The code to run with the clock.
/// - Returns: What `body` returned.
public func withMockClock<Result>(
    now: MockClock.Instant = MockClock.Instant(),
    startDate: Date = MockClock.defaultStartDate,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (MockClock) async throws -> Result
) async throws -> Result {
    let clock = MockClock(now: now, startDate: startDate, census: TaskCensus())
    let result: Result
    do {
        result = try await MockClock.$currentIfAny.withValue(clock) {
            if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
                try await withTaskExecutorPreference(clock.executor) {
                    try await clock.countingPlainTasks { try await body(clock) }
                }
            } else {
                try await clock.countingPlainTasks { try await body(clock) }
            }
        }
    } catch {
        clock.cancelPendingSleepers()
        throw error
    }
    if let unresolved = clock.unresolvedNotBackReport() { MockClock.report(unresolved, isWarning: true) }
    let now = clock.now
    let leaked = clock.cancelPendingSleepers()
    if !leaked.isEmpty { throw PendingSleepersError(sleepers: leaked, now: now) }
    return result
}
