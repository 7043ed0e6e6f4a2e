import Foundation
import MockTime
import Testing

/// Within one advance or run, work woken at an earlier deadline finishes before work woken at a later
/// one, for code on the clock's executor.
@Suite("Woken work runs in deadline order", .timeLimit(.minutes(10)))
struct WorkOrderTests {
    /// Rounds of the inversion probe: 100,000 (about 0.6 s); `MOCKTIME_PROBE_ROUNDS` overrides it.
    static let probeRounds = ProcessInfo.processInfo.environment["MOCKTIME_PROBE_ROUNDS"].flatMap(Int.init) ?? 100_000

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("run sorting: a task group collects the 1 s child before the 2 s child after one runUntilIdle")
    func runSorting() async throws {
        try await withMockClock { clock in
            let values = await withTaskGroup(of: Int.self) { group in
                group.addTask { try? await clock.sleep(for: .seconds(2)); return 2 }
                group.addTask { try? await clock.sleep(for: .seconds(1)); return 1 }
                let run = clock.runUntilIdle()
                // The children run on the clock's executor: each ran to its end within the run.
                #expect(run == IdleRun(steps: 2, now: .seconds(2), pendingSleepers: 0, stop: .idle))
                return await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(values == [1, 2])
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("inversion probe: sleepers at 2 s and 1 s, one advance(by: 2 s), the 1 s work always finishes first")
    func inversionProbe() async throws {
        let clock = MockClock()
        var inversions = 0
        try await withTaskExecutorPreference(clock.executor) {
            for _ in 0..<Self.probeRounds {
                let order = Recorder<Int>()
                let origin = clock.now
                let late = Task(executorPreference: clock.executor) {
                    try await clock.sleep(until: origin.advanced(by: .seconds(2)))
                    order.append(2)
                }
                let early = Task(executorPreference: clock.executor) {
                    try await clock.sleep(until: origin.advanced(by: .seconds(1)))
                    order.append(1)
                }
                clock.advance(by: .seconds(2))
                if order.values != [1, 2] { inversions += 1 }
                try await late.value
                try await early.value
            }
        }
        #expect(inversions == 0)
        print("inversion probe: \(inversions) inversions in \(Self.probeRounds) rounds")
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test("registration order breaks ties, also for sleepers registered by woken work inside the advance")
    func tiesRegisteredDuringTheAdvance() async throws {
        try await withMockClock { clock in
            let order = Recorder<String>()
            async let first: Void = {
                try await clock.sleep(until: .seconds(1))
                order.append("a@1")
                try await clock.sleep(until: .seconds(3))
                order.append("a@3")
            }()
            async let second: Void = {
                try await clock.sleep(until: .seconds(2))
                order.append("b@2")
                try await clock.sleep(until: .seconds(3))
                order.append("b@3")
            }()
            clock.advance(by: .seconds(3))
            #expect(order.values == ["a@1", "b@2", "a@3", "b@3"])
            try await first
            try await second
        }
    }
}
