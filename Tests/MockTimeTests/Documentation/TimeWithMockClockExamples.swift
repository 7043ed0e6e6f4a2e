// The code of the "Time without waiting" article (MockTime.docc/Articles/TimeWithMockClock.md), compiled
// and run here; each test asserts what the article says the code shows.
import Foundation
import MockTimeTesting
import Testing

@Suite("Article: time with MockClock")
struct TimeWithMockClockExamples {
    /// The declaration of `type` in `file` (a path under `Tests/MockTimeTests`): from its first line to
    /// the closing brace at the start of a line, attributes above it included.
    static func declaration(of type: String, in file: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(file)
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let first = try #require(lines.firstIndex { $0.hasPrefix("final class \(type)") }, "no class \(type) in \(file)")
        let last = try #require(lines[first...].firstIndex(of: "}"))
        let start = lines[first - 1] == "@MainActor" ? first - 1 : first
        return lines[start...last].joined(separator: "\n")
    }

    @Test("the article states the trait's time limit and the sleeper wait as the package defines them")
    func statedLimits() {
        let article = ArticleText.named("TimeWithMockClock")
        #expect(MockClockTrait.defaultTimeLimit == .seconds(120) && MockClock.defaultSleeperWait == .seconds(30))
        #expect(article.contains("makes no progress for 120 s of real time is cancelled"))
        #expect(article.contains("``MockClockTrait/defaultTimeLimit``, 120 s"))
        #expect(article.contains("``MockClock/defaultSleeperWait`` (30 s)"))
    }

    @Test("the article defines every type its snippets use, as this target compiles it, or links to where it is defined")
    func snippetsDefineWhatTheyUse() throws {
        let article = ArticleText.named("TimeWithMockClock")
        for (type, file) in [("Poller", "ProductionModels.swift"), ("Counter", "ScenarioSupport.swift"),
                             ("TickingModel", "ProductionModels.swift"), ("TickingLoop", "Documentation/TimeWithMockClockExamples.swift")] {
            let declaration = try Self.declaration(of: type, in: file)
            #expect(article.contains(declaration), "the article does not quote \(type) as \(file) declares it:\n\(declaration)")
        }
        // TokenRefresher is quoted by the article it links to.
        #expect(article.contains("`TokenRefresher` is an actor that sleeps an hour between refreshes; <doc:ProductionCodeOptIn> shows it."))
        #expect(ArticleText.named("ProductionCodeOptIn").contains("actor TokenRefresher {"))
    }

    @Test func pollsEveryThirtySeconds() async throws {
        try await withMockClock { clock in
            let polls = Counter()
            let poller = Poller(clock: clock, startTask: clock.taskStarter) { polls.increment() }
            let polling = poller.start(polls: 3)
            await clock.waitForSleepers(count: 1)   // the poller is asleep: now an advance will see it
            clock.advance(by: .seconds(90))         // wakes it at 30 s, 60 s and 90 s
            #expect(polls.value == 3)
            await polling.value                     // it ended after its third poll: nothing left pending
        }
    }

    @Test(.mockClock) func ticksThroughTheMainActor() async throws {
        let clock = MockClock.current
        let model = await TickingModel(clock: clock, startTask: clock.taskStarter)
        await model.start()
        await clock.waitForSleepers(count: 1)
        let advance = await clock.advance(by: .seconds(5), settlingWithin: .seconds(60))
        #expect(advance.isSettled)                  // every woken task was followed to its next sleep
        #expect(await model.count == 5)
        await model.stop()
    }

    @Test(.mockClock) func drivesLoopsToTheEnd() async throws {
        let clock = MockClock.current
        let poller = Poller(clock: clock, startTask: clock.taskStarter) {}
        poller.start(polls: 4)
        await clock.waitForSleepers(count: 1)
        let run = clock.runUntilIdle()
        #expect(run.stop == .idle)                  // the poller slept 4 times, then ended
        #expect(run.steps == 4 && run.now == .init(offset: .seconds(120)))

        let endless = TickingLoop(clock: clock)
        clock.startTask { await endless.run() }
        await clock.waitForSleepers(count: 1)
        let capped = clock.runUntilIdle(maxSteps: 100)
        #expect(capped.stop == .stepLimit)          // a loop that never ends stops at maxSteps
        #expect(capped.pendingSleepers == 1)
        clock.cancelPendingSleepers()               // ends the loop: its sleep throws CancellationError
    }

    @Test func wallTimeFollowsTheClock() {
        let clock = MockClock()                      // its date starts at 2000-01-01T00:00:00Z
        clock.advance(by: .seconds(90))
        #expect(clock.date == MockClock.defaultStartDate.addingTimeInterval(90))
        clock.skewWallClock(by: .seconds(-30))      // the device clock is set back: no sleeper wakes
        #expect(clock.date == MockClock.defaultStartDate.addingTimeInterval(60))
        #expect(clock.now == MockClock.Instant(offset: .seconds(90)))
    }

    @Test func sleepsThatAreAlreadyDue() async throws {
        let clock = MockClock()
        clock.advance(by: .seconds(10))
        try await clock.sleep(until: .init(offset: .seconds(5)))   // in the past: returns at once
        try await clock.sleep(for: .zero)                         // so does a sleep until now
        #expect(clock.pendingSleeperCount == 0)
    }

    @Test("a tick loop counts one tick per second, as the article says")
    func tickLoop() async throws {
        try await withMockClock { clock in
            let loop = TickingLoop(clock: clock)
            let task = clock.startTask { await loop.run() }
            await clock.waitForSleepers(count: 1)
            clock.advance(by: .seconds(4))
            #expect(loop.ticks == 4)
            task.cancel()
            await task.value
        }
    }
}

/// A loop that ticks every second until cancelled, for the article's endless-loop example.
final class TickingLoop: Sendable {
    private let clock: any Clock<Duration>
    private let counter = Counter()

    init(clock: any Clock<Duration>) {
        self.clock = clock
    }

    var ticks: Int { counter.value }

    func run() async {
        while (try? await clock.sleep(for: .seconds(1))) != nil {
            counter.increment()
        }
    }
}
