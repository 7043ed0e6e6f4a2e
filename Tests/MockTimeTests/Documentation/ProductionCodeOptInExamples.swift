// The code of the "Production code that takes a clock" article
// (MockTime.docc/Articles/ProductionCodeOptIn.md), compiled and run here. The article also quotes
// `TokenRefresher` from ProductionModels.swift.
import Foundation
import MockTimeTesting
import Testing

/// A session that expires a fixed time after sign-in, by the wall clock, and signs out by itself when
/// it does: it takes a clock for the sleep, a wall clock for the timestamp, and a task starter.
final class ExpiringSession: Sendable {
    private let lifetime: Duration
    private let clock: any Clock<Duration>
    private let wallClock: any WallClock
    private let startTask: TaskStarter
    private let signedInAt: Date
    private let signedOut = Counter()

    init(lifetime: Duration, clock: any Clock<Duration> = ContinuousClock(),
         wallClock: any WallClock = SystemWallClock(), startTask: TaskStarter = .standard) {
        self.lifetime = lifetime
        self.clock = clock
        self.wallClock = wallClock
        self.startTask = startTask
        self.signedInAt = wallClock.date
    }

    var isSignedIn: Bool { signedOut.value == 0 }

    var expiresAt: Date {
        signedInAt.addingTimeInterval(Double(lifetime.components.seconds))
    }

    @discardableResult
    func startExpiryTimer() -> Task<Void, Never> {
        startTask(name: "session expiry") {
            guard (try? await self.clock.sleep(for: self.lifetime)) != nil else { return }
            self.signedOut.increment()
        }
    }
}

@Suite("Article: production code that takes a clock")
struct ProductionCodeOptInExamples {
    @Test(.mockClock) func signsOutWhenTheSessionExpires() async throws {
        let clock = MockClock.current
        let session = ExpiringSession(lifetime: .seconds(900), clock: clock, wallClock: clock,
                                      startTask: clock.taskStarter)
        #expect(session.expiresAt == MockClock.defaultStartDate.addingTimeInterval(900))
        let timer = session.startExpiryTimer()
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(899))
        #expect(session.isSignedIn)
        clock.advance(by: .seconds(1))
        #expect(!session.isSignedIn)
        await timer.value
    }

    @Test("the app's defaults: a plain task, the continuous clock and the system's date")
    func appDefaults() async throws {
        let before = Date()
        let session = ExpiringSession(lifetime: .zero)
        #expect(session.expiresAt >= before)
        await session.startExpiryTimer().value   // a zero lifetime: the real sleep returns at once
        #expect(!session.isSignedIn)
    }

    @Test("the task's name shows in a sleeper's description where task names exist, as the article quotes")
    func namedTask() async throws {
        let clock = MockClock()
        let task = TaskStarter.standard(name: "session expiry") { try? await clock.sleep(for: .seconds(5)) }
        await clock.waitForSleepers(count: 1)
        let sleeper = try #require(clock.pendingSleepers.first)
        #if compiler(>=6.2)
            if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
                #expect(sleeper.description == #"sleeper #1 until +5 s in task "session expiry""#)
                #expect(ArticleText.named("ProductionCodeOptIn").contains("`\(sleeper.description)`"))
            }
        #endif
        clock.cancelPendingSleepers()
        await task.value
    }
}

/// The code of the article's "Plain tasks, async let and task groups", compiled and run here (the
/// helpers are the scenarios' own: `SwiftClocksUserScenarios`).
@Suite("Article: plain tasks, async let and task groups")
struct StructuredAndPlainTaskExamples {
    func fetchWithRetry(failures: Int, clock: some Clock<Duration>) async throws -> Int {
        try await SwiftClocksUserScenarios.fetchWithRetry(failures: failures, clock: clock)
    }

    func sleepSort(_ values: [Int], clock: some Clock<Duration>) async -> [Int] {
        await SwiftClocksUserScenarios.sleepSort(values, clock: clock)
    }

    typealias ToastModel = SwiftClocksUserScenarios.ToastModel

    @Test(.mockClock) func retriesBackOff() async throws {
        let clock = MockClock.current
        async let first = fetchWithRetry(failures: 2, clock: clock)    // sleeps 1 s, then 2 s
        async let second = fetchWithRetry(failures: 1, clock: clock)   // sleeps 1 s
        await clock.waitForSleepers(count: 2)
        let run = clock.runUntilIdle()
        #expect(run.stop == .idle, "\(run)")
        #expect(try await first == 3)
        #expect(try await second == 2)
    }

    @Test(.mockClock) func sleepSortReturnsInOrder() async {
        let clock = MockClock.current
        async let sorted = sleepSort([3, 1, 2], clock: clock)   // a task group, one sleeping child per value
        await clock.waitForSleepers(count: 3)
        #expect(clock.runUntilIdle().stop == .idle)
        #expect(await sorted == [1, 2, 3])
    }

    // swift-clocks:
    //   let clock = TestClock()
    //   let task = Task { await model.show(clock: clock) }
    //   await clock.advance(by: .seconds(3))
    @MainActor @Test(.mockClock) func toastHidesAfterThreeSeconds() async {
        let clock = MockClock.current
        let model = ToastModel(clock: clock)
        let task = Task { await model.show() }
        await clock.waitForSleepers(count: 1)
        #expect(model.isShowing)
        await clock.advance(by: .seconds(3), settlingWithin: .seconds(30))
        #expect(!model.isShowing)
        await task.value
        #expect(await clock.run().stop == .idle)
    }
}
