import Foundation
import MockTimeTesting
import Testing

/// The `.mockClock` trait: a fresh clock per test case as `MockClock.current`, leaks as one issue.
@Suite("The .mockClock trait", .timeLimit(.minutes(10)))
struct MockClockTraitTests {
    @Test(.mockClock)
    func providesTheCurrentClock() async throws {
        let clock = MockClock.current
        #expect(clock.now == .seconds(0))
        #expect(clock.date == MockClock.defaultStartDate)
        let sleeper = Task { try await MockClock.current.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(count: 1)
        #expect(clock.advance(by: .seconds(1)) == 1)
        try await sleeper.value
    }

    @Test(.mockClock(startDate: Date(timeIntervalSince1970: 1_700_000_000)))
    func startsAtTheGivenDate() {
        #expect(MockClock.current.date == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test("each test case gets a fresh clock", .mockClock, arguments: 1...4)
    func freshClockPerCase(_ seconds: Int) {
        let clock = MockClock.current
        #expect(clock.now == .seconds(0))
        clock.advance(by: .seconds(seconds))
        #expect(clock.now == .seconds(seconds))
    }

    @Test("outside a scope there is no current clock")
    func noCurrentClockOutside() {
        #expect(MockClock.currentIfAny == nil)
    }

    @Test("a sleeper left pending is cancelled and reported as one issue at the trait's location")
    func leakIsReported() async throws {
        let line = #line + 1
        let trait: MockClockTrait = .mockClock(startDate: MockClock.defaultStartDate)
        let test = try #require(Test.current)
        let sleepers = Recorder<Task<Void, any Error>>()
        let issues = Recorder<Issue>()
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: nil) {
                let clock = MockClock.current
                sleepers.append(Task { try await clock.sleep(for: .seconds(10)) })
                sleepers.append(Task { try await clock.sleep(for: .seconds(20)) })
                await clock.waitForSleepers(count: 2)
                clock.advance(by: .seconds(4))
            }
        } matching: { issue in
            issues.append(issue)
            return issue.comments.contains { comment in
                comment.rawValue.hasPrefix("2 sleepers were still pending on the mock clock at +4 s:")
                    && comment.rawValue.contains("until +10 s, 6 s from now")
                    && comment.rawValue.contains("until +20 s, 16 s from now")
                    && comment.rawValue.contains("The .mockClock trait cancelled them")
            }
        }
        #expect(issues.values.count == 1)
        #expect(issues.values.first?.sourceLocation?.line == line)
        for sleeper in sleepers.values {
            await #expect(throws: CancellationError.self) { try await sleeper.value }
        }
    }

    @Test("a test that throws still has its leak reported, and its error passes through")
    func leakReportedWhenTheTestThrows() async throws {
        struct Failure: Error {}
        let trait: MockClockTrait = .mockClock
        let test = try #require(Test.current)
        let sleepers = Recorder<Task<Void, any Error>>()
        await withKnownIssue {
            await #expect(throws: Failure.self) {
                try await trait.provideScope(for: test, testCase: nil) {
                    sleepers.append(Task { try await MockClock.current.sleep(for: .seconds(1)) })
                    await MockClock.current.waitForSleepers(count: 1)
                    throw Failure()
                }
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("1 sleeper was still pending") }
                && issue.sourceLocation == test.sourceLocation
        }
        let sleeper = try #require(sleepers.values.first)
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test("a test that leaves nothing pending records nothing")
    func noLeakNoIssue() async throws {
        let trait: MockClockTrait = .mockClock
        let test = try #require(Test.current)
        try await trait.provideScope(for: test, testCase: nil) {
            let sleeper = Task { try await MockClock.current.sleep(for: .seconds(1)) }
            await MockClock.current.waitForSleepers(count: 1)
            MockClock.current.advance(by: .seconds(1))
            try await sleeper.value
        }
    }

    @Test("checkNoPendingSleepers(_:) records an issue naming the sleepers and leaves them pending")
    func checkNoPendingSleepersRecordsAnIssue() async throws {
        let clock = MockClock()
        checkNoPendingSleepers(clock)
        let sleeper = Task { try await clock.sleep(for: .seconds(3)) }
        await clock.waitForSleepers(count: 1)
        withKnownIssue {
            checkNoPendingSleepers(clock)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("sleeper #1 until +3 s, 3 s from now") }
        }
        #expect(clock.pendingSleeperCount == 1)
        clock.advance(by: .seconds(3))
        try await sleeper.value
    }
}

/// On a suite, the trait still gives every test its own clock.
@Suite("The .mockClock trait on a suite", .mockClock, .timeLimit(.minutes(10)))
struct MockClockSuiteTraitTests {
    /// The clocks the tests of this suite were given (kept alive, so no address is reused).
    static let clocks = Recorder<MockClock>()

    private func claimOwnClock() {
        let clock = MockClock.current
        #expect(!Self.clocks.values.contains { $0 === clock })
        Self.clocks.append(clock)
        #expect(clock.now == .seconds(0))
        clock.advance(by: .seconds(5))
    }

    @Test func firstTestGetsItsOwnClock() { claimOwnClock() }

    @Test func secondTestGetsItsOwnClock() { claimOwnClock() }
}
