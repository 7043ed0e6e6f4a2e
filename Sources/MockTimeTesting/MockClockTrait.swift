public import Foundation
public import Testing
import RepositoryContractsPrimitives

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
/// A test case that makes no progress for ``timeLimit`` of real time (default two minutes) fails with an
/// issue saying what moved last and what is sleeping on the clock, and that the code may sleep on
/// another clock; the test is cancelled and the trait returns once it ends, so a bug in the code under
/// test fails instead of hanging. Progress is the test's clock moving (a sleeper registered or woken, an
/// advance, a task it started beginning or ending) or anything else in the process moving (a stub server
/// answering, another clock, a watched call ending): a test that is only slow because the machine is
/// busy keeps seeing it and is left alone, up to 24 × ``timeLimit``. Time spent waiting for the
/// process-wide URLSession interception turn is not counted. Every wait the package offers ends when the
/// test is cancelled; a test still running after it was cancelled, once nothing has moved for
/// ``timeLimit`` (at least a minute), gets a second issue saying it awaits something that ignores
/// cancellation. Problems
/// the clock reports without throwing (``MockClock/waitForSleepers(count:timeout:)`` giving up) are
/// recorded as issues of the test case.
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
    /// The most real time a test case may go without progress before it fails as hung.
    public let timeLimit: Duration

    /// The default ``timeLimit``: two minutes, well past any plausible slowness of a passing test.
    public static let defaultTimeLimit = Duration.seconds(120)

    /// Applies to every test of a suite it is attached to, one clock per test case.
    public var isRecursive: Bool { true }

    /// Runs `function` with a fresh clock as ``MockClock/current``, on the clock's executor, bounded by
    /// ``timeLimit``, then reports and cancels leftover sleepers.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let clock = MockClock(startDate: startDate, census: TaskCensus())
        let location = sourceLocation ?? test.sourceLocation
        let reporter = MockClock.ProblemReporter { message, isWarning in
            recordIssue(message, isWarning: isWarning, at: location)
        }
        let timeLimit = timeLimit
        let outcome = await MockClock.$problemReporter.withValue(reporter) {
                await BoundedRun(limit: timeLimit, local: { clock.movements.count }).run({
                    try await MockClock.$currentIfAny.withValue(clock) {
                        if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
                            try await withTaskExecutorPreference(clock.executor) {
                                try await clock.countingPlainTasks { try await function() }
                            }
                        } else {
                            try await clock.countingPlainTasks { try await function() }
                        }
                    }
                }, onTimeout: { stall in
                    Issue.record(
                        Comment(rawValue: Self.timeLimitMessage(stall, clock: clock)),
                        sourceLocation: location)
                    clock.cancelStartedTasks()
                    clock.cancelPendingSleepers()
                }, onStuck: {
                    Issue.record(
                        Comment(rawValue: "the test has not ended \(BoundedRun.stuckLimit(after: timeLimit).secondsText) (with nothing moving) after the .mockClock trait cancelled "
                            + "it: it awaits something that ignores cancellation (a continuation nobody resumes, an "
                            + "unstructured Task's value, a lock); \(clock.sleepingDescription())"),
                        sourceLocation: location)
                })
        }
        switch outcome {
        case .finished, .timedOut:
            reportLeaks(of: clock, in: test)
        case .threw(let error):
            reportLeaks(of: clock, in: test)
            throw error
        }
    }

    /// What a time limit that fired says: how long nothing moved, what moved last (this test's clock,
    /// anything else in the process), and what is sleeping on the clock.
    static func timeLimitMessage(_ stall: StallReading, clock: MockClock) -> String {
        "the test made no progress within the .mockClock trait's time limit of \(stall.limit.secondsText) (waits for "
            + "the URLSession interception turn not counted); \(clock.sleepingDescription()). If nothing is sleeping "
            + "here, the code under test may be sleeping on another clock (ContinuousClock, Task.sleep) or waiting on "
            + "something that never comes; if something is, the test may be waiting for work that needs an advance it "
            + "never makes. The test, its sleepers and the tasks the clock started were cancelled. "
            + MockClock.stallText(stall, clock: clock)
    }

    private func reportLeaks(of clock: MockClock, in test: Test) {
        if let unresolved = clock.unresolvedNotBackReport() {
            recordIssue(unresolved, isWarning: true, at: sourceLocation ?? test.sourceLocation)
        }
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
        MockClockTrait(startDate: MockClock.defaultStartDate, sourceLocation: nil, timeLimit: MockClockTrait.defaultTimeLimit)
    }

    /// Gives each test case a fresh ``MockClock`` as ``MockClock/current`` whose wall view starts at
    /// `startDate`, fails the test case when it leaves sleepers pending, and fails it as hung once
    /// it has made no progress for `timeLimit` of real time (see ``MockClockTrait``).
    public static func mockClock(
        startDate: Date = MockClock.defaultStartDate, timeLimit: Duration = MockClockTrait.defaultTimeLimit,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        MockClockTrait(startDate: startDate, sourceLocation: sourceLocation, timeLimit: timeLimit)
    }
}
