import ContractEngine
import MockTime
import Testing

/// Holds continuations forever: an operation that never completes and ignores cancellation.
private final class BlackHole: Sendable {
    private let parked = Protected<[CheckedContinuation<[Item], Never>]>([])
    func swallow() async -> [Item] {
        await withCheckedContinuation { continuation in parked.withLock { $0.append(continuation) } }
    }
    func release() { parked.withLock { $0.forEach { $0.resume(returning: []) }; $0 = [] } }
}

@Suite("Watchdog", .timeLimit(.minutes(1)))
struct WatchdogTests {
    @Test("an operation that never completes fails its clause naming the call and the limit, and the run goes on")
    func hangingOperation() async throws {
        let hole = BlackHole()
        defer { hole.release() }
        var conformance = Item.conformance
        conformance.timeout = .milliseconds(50)
        let base = ItemStore.witness()
        conformance.makeSubject = {
            RepositoryWitness(create: base.create, fetch: base.fetch, fetchAll: { await hole.swallow() },
                              update: base.update, delete: base.delete)
        }
        let contract = Contract<Item>("watchdog", factory: Item.factory, clauses: [
            Clause("hangs", "fetchAll hangs") { context in _ = try await context.subject.fetchAll() },
            Clause("fine", "create works") { context in try await context.subject.create(context.newEntity()) },
        ])
        // Nothing else counts as progress here: the other tests of the run would hold the watchdog off.
        let report = await ProgressMonitor.$sources.withValue([]) { await contract.report(on: conformance) }
        #expect(report.clauses.map(\.status) == [.failed, .passed])
        let message = try #require(report.clauses.first?.failures.first?.message)
        #expect(message.hasPrefix("fetchAll() did not complete: running for "))
        #expect(message.contains("with no sign of progress for 0.05 s (the conformance's timeout of 0.05 s); nothing else moved"))
    }

    @Test("calls queued behind siblings that keep ending are left alone, however long each one waits")
    func queuedCallsMakingProgress() async throws {
        let watch = GatedCalls(count: 3)
        let result = await watch.run { clock in
            // t = 0.75 s: the first call ends; 1.75 s: the second; 2.75 s: the third. The last two ran
            // longer than the 1 s timeout, but each time a sibling had ended less than 1 s before.
            for released in 0..<3 {
                await watch.step(clock, times: 3, active: 3 - released)
                await watch.release(next: released)
                await watch.step(clock, times: 1, active: 2 - released)
            }
        }
        #expect(result.status == .passed, "\(result.failures)")
    }

    @Test("a call stuck after its siblings ended fails once nothing has moved for the timeout, saying when work last moved")
    func stallAfterProgress() async throws {
        let watch = GatedCalls(count: 3)
        let result = await watch.run { clock in
            await watch.step(clock, times: 3, active: 3)
            await watch.release(next: 0)  // t = 0.75 s; its end is seen at 1 s
            // The other two wait on: at 2 s nothing has moved for 1 s.
            await watch.step(clock, times: 5, active: 2)
        }
        #expect(result.status == .failed)
        let message = try #require(result.failures.first?.message)
        #expect(message.hasPrefix("create(Item(id: "))
        #expect(message.contains(
            "did not complete: running for 2.0 s with no sign of progress for 1 s (the conformance's timeout of 1 s); "
                + "the last sign of progress: another call of this subject ended 1.0 s ago"), "\(message)")
    }

    @Test("work that keeps moving forever is given up at 24 × the timeout, and the message says it kept moving")
    func ceiling() async throws {
        let watch = GatedCalls(count: 1)
        let ticks = Protected<UInt64>(0)
        // A source that moves at every look: a retry loop hammering a server, say.
        let result = await watch.run(sources: [{ ticks.withLock { $0 += 1; return $0 } }]) { clock in
            await watch.step(clock, times: 24 * 4, active: 1)
        }
        let message = try #require(result.failures.first?.message)
        #expect(message.contains(
            "did not complete: still running after 24.0 s, 24 × the conformance's timeout of 1 s, although work kept moving "
                + "(other work in this process moved 0.0 s ago)"), "\(message)")
    }

    @Test("a clause body that throws its own error fails with that error")
    func throwingBody() async throws {
        struct Oops: Error {}
        let contract = Contract<Item>("errors", factory: Item.factory, clauses: [
            Clause("throws", "the body throws") { _ in throw Oops() },
        ])
        let result = try #require(await contract.cases(for: Item.conformance).first?.run())
        #expect(result.status == .failed)
        #expect(result.failures.first?.message.contains("Oops") == true)
    }

    @Test("a makeSubject that throws fails the clause and says the clause could not run")
    func throwingFactory() async throws {
        var conformance = Item.conformance
        conformance.makeSubject = { throw RepositoryError.unavailable("database is down") }
        let contract = Contract<Item>.init("setup", factory: Item.factory, clauses: [Clause("any", "anything") { _ in }])
        let result = try #require(await contract.cases(for: conformance).first?.run())
        #expect(result.status == .failed)
        #expect(result.failures.first?.message == "makeSubject() failed, so the clause could not run: RepositoryError.unavailable: database is down")
    }
}

/// A clause of `count` concurrent creates, each held at a gate the test opens, with the watchdog on a
/// mock clock and nothing but the subject's own calls counting as progress: the test moves time in
/// steps of a quarter of the 1 s timeout (the watchdog's polling interval) and ends calls at chosen
/// moments, all by handshakes.
private final class GatedCalls: Sendable {
    let count: Int
    let clock = MockClock()
    private let held = Protected<[CheckedContinuation<Void, Never>?]>([])
    private let arrivals = Protected<(count: Int, waiter: CheckedContinuation<Void, Never>?)>((0, nil))
    private let ended = Protected<(count: Int, waiters: [(Int, CheckedContinuation<Void, Never>)])>((0, []))

    init(count: Int) {
        self.count = count
    }

    /// Runs the clause; `drive` moves the clock and opens gates once every call is held.
    func run(
        sources: [@Sendable () -> UInt64] = [],
        _ drive: @escaping @Sendable (MockClock) async -> Void
    ) async -> ClauseResult {
        var conformance = Item.conformance
        conformance.timeout = .seconds(1)
        let base = ItemStore.witness()
        conformance.makeSubject = { [self] in
            RepositoryWitness(create: { item in
                await self.hold(item.id)
                return try await base.create(item)
            }, fetch: base.fetch, fetchAll: base.fetchAll, update: base.update, delete: base.delete)
        }
        let contract = Contract<Item>("watchdog", factory: Item.factory, clauses: [
            Clause("concurrent", "concurrent creates") { [self] context in
                let items = (0..<count).map { _ in context.newEntity() }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for item in items {
                        group.addTask {
                            try await context.subject.create(item)
                            self.noteEnded()
                        }
                    }
                    try await group.waitForAll()
                }
            },
        ])
        let check = contract.cases(for: conformance)[0]
        let clock = clock
        let running = Task {
            await ProgressMonitor.$clock.withValue(clock) {
                await ProgressMonitor.$sources.withValue(sources) { await check.run() }
            }
        }
        await waitForArrivals()
        // A clause that ends before the drive is done (a watchdog that fired too early) stops the drive:
        // its waits for sleepers return when cancelled.
        let driving = Task { await drive(clock) }
        let result = await running.value
        driving.cancel()
        await driving.value
        releaseAll()
        return result
    }

    /// Advances the clock `times` quarter-seconds, each once the `active` watchdogs sleep (again).
    func step(_ clock: MockClock, times: Int, active: Int) async {
        for _ in 0..<times {
            await clock.waitForSleepers(count: active)
            clock.advance(by: .milliseconds(250))
        }
    }

    /// Opens the gate of the `index`th call held, and returns once that call has ended in the clause.
    func release(next index: Int) async {
        guard !Task.isCancelled else { return }
        let gate = held.withLock { held -> CheckedContinuation<Void, Never>? in
            defer { held[index] = nil }
            return held[index]
        }
        gate?.resume()
        await withCheckedContinuation { continuation in
            let done = ended.withLock { ended in
                if ended.count > index { return true }
                ended.waiters.append((index + 1, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }

    private func hold(_ id: Int) async {
        await withCheckedContinuation { continuation in
            held.withLock { $0.append(continuation) }
            let waiter = arrivals.withLock { arrivals -> CheckedContinuation<Void, Never>? in
                arrivals.count += 1
                guard arrivals.count == count else { return nil }
                defer { arrivals.waiter = nil }
                return arrivals.waiter
            }
            waiter?.resume()
        }
    }

    private func waitForArrivals() async {
        await withCheckedContinuation { continuation in
            let all = arrivals.withLock { arrivals in
                if arrivals.count == count { return true }
                arrivals.waiter = continuation
                return false
            }
            if all { continuation.resume() }
        }
    }

    private func noteEnded() {
        let ready = ended.withLock { ended -> [CheckedContinuation<Void, Never>] in
            ended.count += 1
            let count = ended.count
            let ready = ended.waiters.filter { $0.0 <= count }.map(\.1)
            ended.waiters.removeAll { $0.0 <= count }
            return ready
        }
        for waiter in ready { waiter.resume() }
    }

    private func releaseAll() {
        let gates = held.withLock { held in
            defer { held = held.map { _ in nil } }
            return held.compactMap { $0 }
        }
        for gate in gates { gate.resume() }
    }
}
