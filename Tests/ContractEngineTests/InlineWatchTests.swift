import ContractEngine
import RepositoryContractsPrimitives
import Testing

/// Calls parked on continuations nobody resumes until the test lets them go.
private final class Parking: Sendable {
    private let parked = Protected<[CheckedContinuation<Int, Never>]>([])
    let arrived = OneShot<Void>()

    func park() async -> Int {
        await withCheckedContinuation { continuation in
            parked.withLock { $0.append(continuation) }
            arrived.fire(())
        }
    }

    func release() { parked.withLock { $0.forEach { $0.resume(returning: 0) }; $0 = [] } }
}

/// A sequence's watched calls run inline, in the sequence's task; a call that stalls gives up the whole
/// sequence, which runs again with that call failing at once.
@Suite("Watchdog: calls watched inline", .timeLimit(.minutes(10)))
struct InlineWatchTests {
    private static func taskIdentity() -> Int { withUnsafeCurrentTask { $0?.hashValue ?? 0 } }

    @Test("a sequence's calls run in the sequence's own task; outside a sequence each call gets a task of its own")
    func callsRunInline() async throws {
        let outcome = await withInlineWatchedCalls { () -> [Bool] in
            var same: [Bool] = []
            for _ in 0..<5 {
                let sequenceTask = Self.taskIdentity()
                let callTask = try await withWatchdog(.seconds(30), operation: "identify") { Self.taskIdentity() }
                same.append(callTask == sequenceTask)
            }
            return same
        }
        guard case .finished(let result) = outcome else { Issue.record("abandoned"); return }
        #expect(try result.get() == [true, true, true, true, true])
        let outside = try await withWatchdog(.seconds(30), operation: "identify") { Self.taskIdentity() }
        #expect(outside != Self.taskIdentity())
    }

    @Test("an error a call throws reaches the sequence as it was thrown")
    func errorsPassThrough() async {
        struct Refused: Error, Equatable {}
        let outcome = await withInlineWatchedCalls { () -> String in
            do {
                _ = try await withWatchdog(.seconds(30), operation: "refuse") { () -> Int in throw Refused() }
                return "returned"
            } catch is Refused {
                return "caught"
            }
        }
        guard case .finished(let result) = outcome else { Issue.record("abandoned"); return }
        #expect((try? result.get()) == "caught")
    }

    @Test("a call that never returns, after many that did, gives up the sequence, naming its place, its operation and its stall")
    func hangGivesUpTheSequence() async throws {
        let parking = Parking()
        defer { parking.release() }
        // Nothing else counts as progress here: the other tests of the run would hold the watchdog off.
        let outcome = await ProgressMonitor.$sources.withValue([]) {
            await withInlineWatchedCalls { () -> Int in
                for index in 0..<30 { _ = try await withWatchdog(.milliseconds(100), operation: "quick \(index)") { index } }
                return try await withWatchdog(.milliseconds(100), operation: "park") { await parking.park() }
            }
        }
        guard case .abandoned(let hang?) = outcome else { Issue.record("\(outcome)"); return }
        #expect(hang.number == 31)
        #expect(hang.operation == "park")
        #expect(hang.stall.limit == .milliseconds(100))
        #expect(hang.stall.running >= .milliseconds(100))
    }

    @Test("run again, the hung call fails at once with its stall and is not made; the calls before it run, each in a task of its own")
    func replayFailsTheHungCall() async throws {
        let stall = Stall(limit: .milliseconds(100), running: .milliseconds(120), reachedCeiling: false)
        let hang = InlineHang(number: 3, operation: "park", stall: stall)
        let made = Protected<[String]>([])
        let outer = Self.taskIdentity()
        var thrown: OperationFailure?
        await withHangReplayed(hang) {
            for name in ["first", "second", "park"] {
                do {
                    let task = try await withWatchdog(.seconds(30), operation: name) { () -> Int in
                        made.withLock { $0.append(name) }
                        return Self.taskIdentity()
                    }
                    #expect(task != outer, "\(name) ran in the caller's task")
                } catch let failure as OperationFailure {
                    thrown = failure
                } catch {
                    Issue.record("\(error)")
                }
            }
        }
        #expect(made.withLock { $0 } == ["first", "second"])
        let failure = try #require(thrown)
        #expect(failure.operation == "park")
        #expect(failure.reason.stall == stall)
    }

    @Test("run again, a different operation at the hung call's place is made and watched as usual")
    func replayOfAnotherOperationRunsIt() async throws {
        let hang = InlineHang(number: 1, operation: "park", stall: Stall(limit: .seconds(1), running: .seconds(1), reachedCeiling: false))
        let value = try await withHangReplayed(hang) { try await withWatchdog(.seconds(30), operation: "fetch") { 42 } }
        #expect(value == 42)
    }

    @Test("calls of a sequence that overlap (async let) are each watched apart, and both answer")
    func overlappingCalls() async throws {
        let parking = Parking()
        let outcome = await withInlineWatchedCalls { () -> Int in
            async let parked = withWatchdog(.seconds(30), operation: "park") { await parking.park() }
            await parking.arrived.value()
            let quick = try await withWatchdog(.seconds(30), operation: "quick") { 7 }
            parking.release()
            return try await parked + quick
        }
        guard case .finished(let result) = outcome else { Issue.record("abandoned"); return }
        #expect(try result.get() == 7)
    }

    @Test("cancelling the caller gives up the sequence at once, without a hang")
    func cancellationGivesUp() async throws {
        let parking = Parking()
        defer { parking.release() }
        let caller = Task {
            await withInlineWatchedCalls { try await withWatchdog(.seconds(30), operation: "park") { await parking.park() } }
        }
        await parking.arrived.value()
        caller.cancel()
        guard case .abandoned(let hang) = await caller.value else { Issue.record("finished"); return }
        #expect(hang == nil)
    }
}
