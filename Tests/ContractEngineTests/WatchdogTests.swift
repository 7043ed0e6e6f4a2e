import RepositoryContractsPlatform
import RepositoryContractsPrimitives
import ContractEngine
import Testing

/// Holds continuations forever: an operation that never completes and ignores cancellation.
private final class BlackHole: Sendable {
    private let parked = Protected<[CheckedContinuation<[Item], Never>]>([])
    func swallow() async -> [Item] {
        await withCheckedContinuation { continuation in parked.withLock { $0.append(continuation) } }
    }
    func release() { parked.withLock { $0.forEach { $0.resume(returning: []) }; $0 = [] } }
}

@Suite("Watchdog", .timeLimit(.minutes(10)))
struct WatchdogTests {
    @Test("an operation that never completes fails its clause naming the call and the limit, and the run goes on")
    func hangingOperation() async throws {
        let hole = BlackHole()
        defer { hole.release() }
        var conformance = Item.conformance
        conformance.timeout = .milliseconds(50)
        let base = ItemStore.witness()
        conformance.makeRepository = {
            RepositoryWitness(create: base.create, fetch: base.fetch, fetchAll: { await hole.swallow() },
                              update: base.update, delete: base.delete)
        }
        let contract = Contract<CRUD<Item>>("watchdog", terms: CRUD(factory: Item.factory), clauses: [
            Clause("hangs", "fetchAll hangs") { context in _ = try await context.subject.fetchAll() },
            Clause("fine", "create works") { context in try await context.subject.create(context.newEntity()) },
        ])
        // Nothing else counts as progress here: the other tests of the run would hold the watchdog off.
        let report = await ProgressMonitor.$sources.withValue([]) { await contract.report(on: conformance) }
        #expect(report.clauses.map(\.status) == [.failed, .passed])
        let message = try #require(report.clauses.first?.failures.first?.message)
        #expect(message.hasPrefix("fetchAll() did not complete: running for "))
        #expect(message.contains("with no sign of progress for 0.05 s (the conformance's timeout of 0.05 s); nothing else moved"))
        // The CPU time read as the call started (shared with watchdogs started within 10 ms) opens the window.
        #expect(message.contains(" of CPU in the last "), "\(message)")
    }

    /// Feeds `detector` a look every quarter of its limit up to `until`, with `local` and `elsewhere`
    /// counts given by time; returns the first stall and when it came.
    private func run(
        _ detector: inout StallDetector, until: Duration,
        local: (Duration) -> UInt64, elsewhere: (Duration) -> UInt64 = { _ in 0 }
    ) -> Stall? {
        while detector.nextLook <= until {
            let look = detector.nextLook
            if let stall = detector.observe(at: look, local: local(look), elsewhere: elsewhere(look)) { return stall }
            if look == detector.ceiling { break }
        }
        return nil
    }

    @Test("calls queued behind siblings that keep ending are left alone, however long each one waits")
    func queuedCallsMakingProgress() {
        // Siblings end at 0.75 s, 1.75 s and 2.75 s: this call runs 3 s, never 1 s without progress.
        var detector = StallDetector(limit: .seconds(1), local: 0, elsewhere: 0)
        let stall = run(&detector, until: .seconds(3), local: { look in
            UInt64([0.75, 1.75, 2.75].filter { .milliseconds(Int($0 * 1000)) <= look }.count)
        })
        #expect(stall == nil)
    }

    @Test("a call stuck after its siblings ended fails once nothing has moved for the timeout, saying when work last moved")
    func stallAfterProgress() throws {
        var detector = StallDetector(limit: .seconds(1), local: 0, elsewhere: 0)
        let stall = try #require(run(&detector, until: .seconds(10), local: { $0 >= .milliseconds(800) ? 1 : 0 }))
        // The sibling's end is seen at the 1 s look; at 2 s nothing has moved for the timeout.
        #expect(stall.running == .seconds(2))
        #expect(stall.sinceLocalProgress == .seconds(1))
        #expect(stall.sinceOtherProgress == nil)
        #expect(!stall.reachedCeiling)
        #expect(stall.description.hasPrefix(
            "running for 2.0 s with no sign of progress for 1 s (the conformance's timeout of 1 s); "
                + "the last sign of progress: another call of this subject ended 1.0 s ago"))
    }

    @Test("work moving elsewhere in the process holds the watchdog off, and the message tells it apart")
    func otherWorkMoving() throws {
        var detector = StallDetector(limit: .seconds(1), local: 0, elsewhere: 0)
        // Other work moves until 5 s, then stops.
        let stall = try #require(run(&detector, until: .seconds(30), local: { _ in 0 }, elsewhere: { look in
            UInt64(min(look, .seconds(5)) / .milliseconds(250))
        }))
        #expect(stall.running == .seconds(6))
        #expect(stall.sinceLocalProgress == nil)
        #expect(stall.description.contains("the last sign of progress: other work in this process moved 1.0 s ago"))
    }

    @Test("a look that comes late on a loaded machine but sees progress does not fire")
    func lateLook() {
        var detector = StallDetector(limit: .seconds(1), local: 0, elsewhere: 0)
        #expect(detector.observe(at: .milliseconds(250), local: 0, elsewhere: 0) == nil)
        // The timer was held off for 3 s; a sibling ended meanwhile.
        #expect(detector.observe(at: .milliseconds(3_250), local: 1, elsewhere: 0) == nil)
        #expect(detector.observe(at: .milliseconds(3_500), local: 1, elsewhere: 0) == nil)
        #expect(detector.observe(at: .milliseconds(4_250), local: 1, elsewhere: 0)?.running == .milliseconds(4_250))
    }

    @Test("a first look held off past the ceiling with nothing moved is a plain stall, not work that kept moving")
    func lateLookPastCeiling() throws {
        var detector = StallDetector(limit: .milliseconds(50), local: 0, elsewhere: 0)
        let observed = detector.observe(at: .seconds(3), local: 0, elsewhere: 0)
        let stall = try #require(observed)
        #expect(!stall.reachedCeiling)
        #expect(stall.description.hasPrefix("running for 3.0 s with no sign of progress for 0.05 s"))
    }

    @Test("work that keeps moving forever is given up at 24 × the timeout, and the message says it kept moving")
    func ceiling() throws {
        var detector = StallDetector(limit: .seconds(1), local: 0, elsewhere: 0)
        let stall = try #require(run(&detector, until: .seconds(100), local: { _ in 0 }, elsewhere: { look in
            UInt64(look / .milliseconds(250))
        }))
        #expect(stall.reachedCeiling)
        #expect(stall.running == .seconds(24))
        #expect(stall.description.hasPrefix(
            "still running after 24.0 s, 24 × the conformance's timeout of 1 s, although work kept moving "
                + "(other work in this process moved 0.0 s ago)"))
    }

    @Test("watchedResult hands back what the call returned or threw (the same error instance), on its own task and inline")
    func resultsAsThrown() async throws {
        final class Refusal: Error, Sendable {}
        let refusal = Refusal()
        let value = await watchedResult(.seconds(30), operation: "value") { 7 }
        #expect((try? value.get()) == 7)
        guard case .failure(let error) = await watchedResult(.seconds(30), operation: "refuse", { () throws -> Int in throw refusal }) else {
            Issue.record("the refusal was lost")
            return
        }
        #expect((error as? Refusal) === refusal)
        // Inside a sequence of inline calls, the call runs in the caller's task: the same hand-back.
        let outcome = await withInlineWatchedCalls { () -> (any Error)? in
            guard case .failure(let error) = await watchedResult(.seconds(30), operation: "refuse", { () throws -> Int in throw refusal }) else {
                return nil
            }
            return error
        }
        guard case .finished(let inline) = outcome, case .success(let inlineError?) = inline else {
            Issue.record("the inline refusal was lost: \(outcome)")
            return
        }
        #expect((inlineError as? Refusal) === refusal)
        // withWatchdog throws that instance on.
        do {
            _ = try await withWatchdog(.seconds(30), operation: "refuse") { () throws -> Int in throw refusal }
            Issue.record("withWatchdog returned")
        } catch {
            #expect((error as? Refusal) === refusal)
        }
    }

    @Test("a clause body that throws its own error fails with that error")
    func throwingBody() async throws {
        struct Oops: Error {}
        let contract = Contract<CRUD<Item>>("errors", terms: CRUD(factory: Item.factory), clauses: [
            Clause("throws", "the body throws") { _ in throw Oops() },
        ])
        let result = try #require(await contract.cases(for: Item.conformance).first?.run())
        #expect(result.status == .failed)
        #expect(result.failures.first?.message.contains("Oops") == true)
    }

    @Test("a makeSubject that throws fails the clause and says the clause could not run")
    func throwingFactory() async throws {
        var conformance = Item.conformance
        conformance.makeRepository = { throw RepositoryError.unavailable("database is down") }
        let contract = Contract<CRUD<Item>>("setup", terms: CRUD(factory: Item.factory), clauses: [Clause("any", "anything") { _ in }])
        let result = try #require(await contract.cases(for: conformance).first?.run())
        #expect(result.status == .failed)
        #expect(result.failures.first?.message == "makeSubject() failed, so the clause could not run: RepositoryError.unavailable: database is down")
    }

    @Test("a stall with a busy process says the call looks slow, an idle one says it looks stuck; both name the timeout knob")
    func slowOrStuck() {
        var stall = Stall(limit: .seconds(5), running: .seconds(6), reachedCeiling: false)
        stall.cpuWindow = .seconds(5)
        stall.cpuUsed = .milliseconds(4_800)
        #expect(stall.description.contains(
            "the process kept a core busy meanwhile (4.8 s of CPU in the last 5.0 s), so the call looks slow rather than stuck"))
        #expect(stall.description.hasSuffix(
            "If one call may legitimately take this long, raise the conformance's timeout: Conformance(…, timeout: .seconds(24))"))
        stall.cpuUsed = .milliseconds(10)
        #expect(stall.description.contains(
            "the process was idle meanwhile (0.0 s of CPU in the last 5.0 s), so the call looks stuck (a completion handler "
                + "that is never called, a lock never released, or a request never answered), or it waits on something slow"))
        stall.cpuWindow = .milliseconds(100)
        stall.cpuUsed = .milliseconds(60)
        #expect(stall.description.contains("(0.060 s of CPU in the last 0.100 s), so the call looks slow rather than stuck"))
        stall.cpuUsed = nil
        #expect(stall.description.contains("it may be stuck (a completion handler"))
        #expect(stall.description.contains("or only slow."))
    }

    /// The process's CPU clock counts every thread: other tests' threads move it too, so the test asks
    /// only what holds whatever they do (it grows by at least the work this thread did), never how
    /// fast it moves.
    @Test("the process's CPU clock advances by at least the computing this thread does")
    func cpuClock() throws {
        let start = try #require(processCPUTime())
        let threadStart = try #require(threadCPUTime())
        var hash: UInt64 = 1_469_598_103_934_665_603
        while try #require(threadCPUTime()) - threadStart < .milliseconds(5) {
            for byte in 0..<UInt64(1_000) { hash = (hash ^ byte) &* 1_099_511_628_211 }
        }
        let threadUsed = try #require(threadCPUTime()) - threadStart
        #expect(try #require(processCPUTime()) - start >= threadUsed, "work \(hash)")
    }
}
