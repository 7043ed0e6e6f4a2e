import MockTime
import Testing

/// `@MainActor` models: a synchronous advance cannot run main-actor code while its caller holds the main
/// actor, so these tests await `advance(by:settlingWithin:)`, which gives the main actor turns between
/// deadlines.
@Suite("Main-actor models and the awaited advance", .timeLimit(.minutes(10)))
struct MainActorModelTests {
    /// The README's timer model: a count bumped at start and on every tick of a sleep loop.
    @MainActor
    final class TickModel {
        var count = 0
        var seen: [MockClock.Instant] = []
        private var task: Task<Void, Never>?

        /// Starts the loop; with `executor`, its task prefers that executor (its sleeps run there).
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        func start(on clock: MockClock, executor: (any TaskExecutor)?) {
            count += 1
            task = Task(executorPreference: executor) { await self.tick(on: clock) }
        }

        private func tick(on clock: MockClock) async {
            while true {
                guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
                count += 1
                seen.append(clock.now)
            }
        }

        func stop() async {
            task?.cancel()
            await task?.value
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @MainActor
    @Test("a @MainActor sleep-loop model whose task prefers the clock's executor counts 5 after one awaited 4 s advance")
    func mainActorModelOnTheExecutor() async throws {
        try await withMockClock { clock in
            let model = TickModel()
            model.start(on: clock, executor: clock.executor)
            let report = await clock.advance(by: .seconds(4), settlingWithin: .seconds(30))
            #expect(report == SettledAdvance(resumed: 4, now: .seconds(4), wokenOffExecutor: 0, isSettled: true))
            #expect(model.count == 5)
            #expect(model.seen == [.seconds(1), .seconds(2), .seconds(3), .seconds(4)])
            await model.stop()
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @MainActor
    @Test("a @MainActor model started with plain Task { }: resumed in order, bounded, and reported as off the executor")
    func mainActorModelOffTheExecutor() async throws {
        try await withMockClock { clock in
            let model = TickModel()
            model.start(on: clock, executor: nil)
            await clock.waitForSleepers(count: 1)
            let report = await clock.advance(by: .seconds(4), settlingWithin: .seconds(30))
            // Each woken sleep was seen to return and the main actor got turns, but nothing tells the
            // clock when such a task is done: the report says so rather than promising a count.
            #expect(report.resumed >= 1)
            #expect(report.wokenOffExecutor == report.resumed)
            #expect(model.count <= 5)
            #expect(model.seen.allSatisfy { $0 <= .seconds(4) })
            await model.stop()
        }
    }
}
