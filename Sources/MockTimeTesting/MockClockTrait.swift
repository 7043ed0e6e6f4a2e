public import Foundation
public import Testing

/// A Swift Testing trait that gives each test case its own ``MockClock`` as ``MockClock/current``, runs
/// the test on that clock's ``MockClock/executor``, and fails the test case when it leaves sleepers
/// pending.
///
/// The test body runs with the clock's executor as its task executor preference (macOS 15, iOS 18 and
/// later, and Linux): its nonisolated code, `async let` and task-group children and the default actors
/// they call run there, so every advance runs their woken work to its next suspension before moving
/// time on. `Task { … }` does not inherit the preference (`Task(executorPreference: clock.executor)`
/// does), and `@MainActor` code runs on the main actor: await ``MockClock/advance(by:settlingWithin:)``
/// for it.
///
/// At the end of every test case it applies to, the trait cancels the sleepers still pending (their
/// tasks get `CancellationError`, so none hangs) and records one issue naming them, at the trait's source
/// location. Parallel test cases each get their own clock.
///
/// ```swift
/// @Test(.mockClock) func tokenRefreshesBeforeExpiry() async throws {
///     let clock = MockClock.current
///     …
/// }
/// ```
public struct MockClockTrait: TestTrait, SuiteTrait, TestScoping {
    /// Where the clocks' wall views start.
    public let startDate: Date
    /// Where leak issues are reported; nil reports them at the test's own location.
    let sourceLocation: SourceLocation?

    /// Applies to every test of a suite it is attached to, one clock per test case.
    public var isRecursive: Bool { true }

    /// Runs `function` with a fresh clock as ``MockClock/current``, on the clock's executor, then reports
    /// and cancels leftover sleepers.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let clock = MockClock(startDate: startDate)
        do {
            try await MockClock.$currentIfAny.withValue(clock) {
                if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
                    try await withTaskExecutorPreference(clock.executor) {
                        try await function()
                    }
                } else {
                    try await function()
                }
            }
        } catch {
            reportLeaks(of: clock, in: test)
            throw error
        }
        reportLeaks(of: clock, in: test)
    }

    private func reportLeaks(of clock: MockClock, in test: Test) {
        let now = clock.now
        let leaked = clock.cancelPendingSleepers()
        guard !leaked.isEmpty else { return }
        let error = PendingSleepersError(sleepers: leaked, now: now)
        Issue.record(
            Comment(rawValue: "\(error)\nThe .mockClock trait cancelled them at the end of the test case."),
            sourceLocation: sourceLocation ?? test.sourceLocation)
    }
}

extension Trait where Self == MockClockTrait {
    /// Gives each test case a fresh ``MockClock`` as ``MockClock/current``, starting at
    /// ``MockClock/defaultStartDate``, and fails the test case when it leaves sleepers pending.
    public static var mockClock: Self {
        MockClockTrait(startDate: MockClock.defaultStartDate, sourceLocation: nil)
    }

    /// Gives each test case a fresh ``MockClock`` as ``MockClock/current`` whose wall view starts at
    /// `startDate`, and fails the test case when it leaves sleepers pending.
    public static func mockClock(startDate: Date, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        MockClockTrait(startDate: startDate, sourceLocation: sourceLocation)
    }
}
