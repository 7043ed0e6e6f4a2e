// Every message the "Troubleshooting" article (MockTime.docc/Articles/Troubleshooting.md) quotes is
// produced here, by the mistake the article names, and the article is checked to quote it verbatim.
import Foundation
import MockTimeTesting
import RepositoryContractsPrimitives
import Testing

@Suite("Article: troubleshooting", .timeLimit(.minutes(10)))
struct TroubleshootingExamples {
    static let article = ArticleText.named("Troubleshooting")

    /// What the clock reported, and whether the article quotes each message in full.
    /// The last sentence of a bound's message ("What moved: …") varies with the machine's load: the
    /// article quotes the rest verbatim and that sentence as an example of its shape.
    static func expectQuoted(_ messages: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!messages.isEmpty, sourceLocation: sourceLocation)
        for message in messages.map({ $0.components(separatedBy: " What moved: ")[0] }) {
            #expect(article.contains(message), "the article does not quote:\n\(message)", sourceLocation: sourceLocation)
        }
    }

    @Test("a synchronous advance over a poller whose fetch does I/O")
    func synchronousAdvanceOverIO() async throws {
        let messages = Protected<[String]>([])
        try await withMockClock { clock in
            await MockClock.$problemReporter.withValue(MockClock.ProblemReporter { message, _ in messages.withLock { $0.append(message) } }) {
                let polls = Counter()
                let requests = ParkedRequests()
                let poller = Poller(clock: clock, startTask: clock.taskStarter) {
                    await requests.request()
                    polls.increment()
                }
                let polling = poller.start(polls: 3)
                await clock.waitForSleepers(count: 1)
                clock.advance(by: .seconds(90))
                #expect(polls.value == 0)   // the first fetch is still on its way
                requests.answerAll()
                await clock.advance(by: .seconds(90), settlingWithin: .seconds(600))
                await polling.value
            }
        }
        Self.expectQuoted(messages.withLock { $0 })
    }

    @Test("a sleeper that never arrives: the code sleeps with Task.sleep")
    func sleeperNeverArrives() async throws {
        let clock = MockClock()
        let messages = Protected<[String]>([])
        let work = clock.startTask { try? await Task.sleep(for: .seconds(3_600)) }   // not on the mock clock
        await Task {
            await MockClock.$problemReporter.withValue(MockClock.ProblemReporter { message, _ in messages.withLock { $0.append(message) } }) {
                await clock.waitForSleepers(count: 1, timeout: .milliseconds(100))
            }
        }.value
        _ = await work.result   // the clock cancelled it
        Self.expectQuoted(messages.withLock { $0 })
    }

    @Test("the trait's time limit: the test hangs on another clock")
    func timeLimit() async throws {
        let trait: MockClockTrait = .mockClock(timeLimit: .milliseconds(100))
        let test = try #require(Test.current)
        let messages = Protected<[String]>([])
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: nil) {
                try await ContinuousClock().sleep(for: .seconds(3_600))
            }
        } matching: { issue in
            messages.withLock { $0 += issue.comments.map(\.rawValue) }
            return true
        }
        Self.expectQuoted(messages.withLock { $0 })
    }

    @Test("a sleeper left pending at the end of the test")
    func leftPending() async throws {
        let trait: MockClockTrait = .mockClock
        let test = try #require(Test.current)
        let messages = Protected<[String]>([])
        let sleeper = Protected<Task<Void, any Error>?>(nil)
        try await withKnownIssue {
            try await trait.provideScope(for: test, testCase: nil) {
                let clock = MockClock.current
                sleeper.withLock { $0 = Task { try await clock.sleep(for: .seconds(60)) } }
                await clock.waitForSleepers(count: 1)
            }
        } matching: { issue in
            messages.withLock { $0 += issue.comments.map(\.rawValue) }
            return true
        }
        Self.expectQuoted(messages.withLock { $0 })
        let task = try #require(sleeper.withLock { $0 })
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("a plain task of a clock made outside any scope: the clock can never see it end")
    func plainTaskOutsideScope() async throws {
        let messages = Protected<[String]>([])
        // Detached: outside this test's own scope, as a test without the .mockClock trait is.
        try await Task.detached {
            let clock = MockClock()
            let task = Task { try await clock.sleep(for: .seconds(3)) }
            await clock.waitForSleepers(count: 1)
            MockClock.$problemReporter.withValue(MockClock.ProblemReporter { message, _ in messages.withLock { $0.append(message) } }) {
                #expect(clock.runUntilIdle().stop == .unverified)
            }
            try await task.value
        }.value
        Self.expectQuoted(messages.withLock { $0 })
    }

    @Test("the end of a scope: a task a run reported as not back still is not")
    func stillAwayAtTheEnd() async throws {
        let messages = Protected<[String]>([])
        let gate = Gate()
        let waiting = Protected<Task<Void, Never>?>(nil)
        try await MockClock.$problemReporter.withValue(MockClock.ProblemReporter { message, _ in messages.withLock { $0.append(message) } }) {
            try await withMockClock { clock in
                waiting.withLock { $0 = Task { try? await clock.sleep(for: .seconds(1)); await gate.wait() } }
                await clock.waitForSleepers(count: 1)
                #expect(clock.runUntilIdle().stop == .unverified)
            }
        }
        gate.open()
        await waiting.withLock { $0 }?.value
        Self.expectQuoted(messages.withLock { $0 })
    }

    @Test("an UnimplementedClock that the code under test sleeps on")
    func unimplementedClockUsed() async throws {
        let messages = Protected<[String]>([])
        let clock: any Clock<Duration> = UnimplementedClock("retryClock")
        await withKnownIssue {
            try? await clock.sleep(for: .seconds(30))
        } matching: { issue in
            messages.withLock { $0 += issue.comments.map(\.rawValue) }
            return true
        }
        #expect(messages.withLock { $0.count } == 2)
        Self.expectQuoted(messages.withLock { $0 })
    }

    #if os(macOS) || os(Linux)
    @Test("MockClock.current outside a scope stops the process with an explanation")
    func currentOutsideScope() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = MockClock.current
            })
        let printed = String(decoding: result.standardErrorContent, as: UTF8.self)
        let message = try #require(printed.components(separatedBy: "Fatal error: ").dropFirst().first?
            .components(separatedBy: "\n").first)
        Self.expectQuoted([message])
    }
    #endif
}
