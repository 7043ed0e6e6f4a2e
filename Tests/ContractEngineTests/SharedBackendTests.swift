import ContractEngine
import RepositoryContractsPrimitives
import Testing

/// A conformance that shares a backend: its cases run one at a time whatever the runner's parallelism,
/// each after the backend's reset; a reset that throws or hangs is a reset failure and the clause does
/// not run.
@Suite("Shared backend")
struct SharedBackendTests {
    /// How many clause bodies run at once, and the most seen.
    final class Overlap: Sendable {
        private let counts = Protected((now: 0, most: 0, bodies: 0, resets: 0))
        func enter() { counts.withLock { $0.now += 1; $0.most = max($0.most, $0.now); $0.bodies += 1 } }
        func leave() { counts.withLock { $0.now -= 1 } }
        func reset() { counts.withLock { $0.resets += 1 } }
        var most: Int { counts.withLock { $0.most } }
        var bodies: Int { counts.withLock { $0.bodies } }
        var resets: Int { counts.withLock { $0.resets } }
    }

    struct Plain: ContractTerms {
        typealias Subject = Int
    }

    static func contract(_ overlap: Overlap, clauses count: Int = 20) -> Contract<Plain> {
        Contract("Shared", terms: Plain(), clauses: (1...count).map { index in
            Clause("shared.\(index)", "clause \(index)") { _ in
                overlap.enter()
                // Give the other cases every chance to start while this body runs.
                for _ in 0..<50 { await Task.yield() }
                overlap.leave()
            }
        })
    }

    static func runAllAtOnce(_ contract: Contract<Plain>, _ conformance: Conformance<Plain>) async -> [ClauseResult] {
        await withTaskGroup(of: ClauseResult.self) { group in
            for check in contract.cases(for: conformance) {
                group.addTask { await check.run() }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test("cases started all at once run one at a time, each after one reset")
    func oneAtATime() async {
        let overlap = Overlap()
        let backend = SharedBackend("counter") { overlap.reset() }
        let conformance = Conformance<Plain>("shared", sharedBackend: backend) { _ in 1 }
        let results = await Self.runAllAtOnce(Self.contract(overlap), conformance)
        #expect(results.allSatisfy { $0.status == .passed })
        #expect(overlap.most == 1)
        #expect(overlap.bodies == 20)
        #expect(overlap.resets == 20)
    }

    @Test("two conformances on one backend share its turns")
    func twoConformances() async {
        let overlap = Overlap()
        let backend = SharedBackend("counter")
        let first = Conformance<Plain>("first", sharedBackend: backend) { _ in 1 }
        let second = Conformance<Plain>("second", sharedBackend: backend) { _ in 2 }
        let contract = Self.contract(overlap, clauses: 10)
        async let a = Self.runAllAtOnce(contract, first)
        async let b = Self.runAllAtOnce(contract, second)
        let results = await a + b
        #expect(results.count == 20 && results.allSatisfy { $0.status == .passed })
        #expect(overlap.most == 1)
    }

    @Test("a reset that throws fails the case as a reset failure, naming the backend, and the clause does not run")
    func resetThrows() async throws {
        let overlap = Overlap()
        let backend = SharedBackend("todos API") { throw RepositoryError.unavailable("connection refused") }
        let conformance = Conformance<Plain>("shared", sharedBackend: backend) { _ in 1 }
        let result = try #require(await Self.contract(overlap, clauses: 1).cases(for: conformance).first?.run())
        #expect(result.status == .failed)
        #expect(result.message?.hasPrefix(
            "the reset of the shared backend todos API failed before this clause, so the clause did not run "
                + "(a reset failure, not a clause failure): RepositoryError.unavailable: connection refused") == true,
            "\(result.message ?? "")")
        #expect(overlap.bodies == 0)
    }

    @Test("a reset that hangs is given up after its own time budget, and the next case still runs")
    func resetHangs() async throws {
        let overlap = Overlap()
        let first = Protected(true)
        let backend = SharedBackend("slow database", resetTimeout: .milliseconds(100)) {
            let isFirst = first.withLock { value in
                defer { value = false }
                return value
            }
            if isFirst {
                try await Task.sleep(for: .seconds(3600))
            }
        }
        let conformance = Conformance<Plain>("shared", sharedBackend: backend) { _ in 1 }
        let cases = Self.contract(overlap, clauses: 2).cases(for: conformance)
        let hung = await cases[0].run()
        let next = await cases[1].run()
        #expect(hung.status == .failed)
        let message = hung.message ?? ""
        #expect(message.hasPrefix("the reset of the shared backend slow database failed before this clause"), "\(message)")
        #expect(message.contains("it was given up after running "), "\(message)")
        #expect(message.contains("its resetTimeout of 0.1 s"), "names the backend's budget, not the conformance's timeout: \(message)")
        #expect(!message.contains("conformance's timeout"), "\(message)")
        #expect(next.status == .passed)
        #expect(overlap.bodies == 1)
    }

    @Test("run(resettingSharedBackend: false) keeps the turns and skips the reset")
    func withoutReset() async throws {
        let overlap = Overlap()
        let backend = SharedBackend("counter") { overlap.reset() }
        let conformance = Conformance<Plain>("shared", sharedBackend: backend) { _ in 1 }
        let check = try #require(Self.contract(overlap, clauses: 1).cases(for: conformance).first)
        #expect(await check.run(resettingSharedBackend: false).status == .passed)
        #expect(overlap.resets == 0)
        #expect(overlap.bodies == 1)
    }

    @Test("a reset that reported progress and then stalled says how many steps it made and when the last was")
    func resetStallsAfterProgress() async throws {
        let overlap = Overlap()
        let backend = SharedBackend("todos API", resetTimeout: .milliseconds(100)) { progress in
            for _ in 0..<3 { progress.advance() }
            try await Task.sleep(for: .seconds(3600))
        }
        let conformance = Conformance<Plain>("shared", sharedBackend: backend) { _ in 1 }
        let check = try #require(Self.contract(overlap, clauses: 1).cases(for: conformance).first)
        // Nothing else counts as progress here: the other tests of the run would show in the message.
        let result = await ProgressMonitor.$sources.withValue([]) { await check.run() }
        let message = result.message ?? ""
        #expect(result.status == .failed)
        #expect(message.contains("after reporting 3 steps of progress, the last "), "\(message)")
        #expect(message.contains("Then its progress stopped: nothing moved for its resetTimeout of 0.1 s"), "\(message)")
        #expect(message.contains("Nothing else in this process moved while it ran."), "\(message)")
        #expect(!message.contains("completion handler"), "a reset is not a repository call: \(message)")
        #expect(overlap.bodies == 0)
    }

    @Test("a reset that reports no progress is told how to: progress.advance()")
    func resetWithoutProgressIsToldHow() async throws {
        let backend = SharedBackend("todos API", resetTimeout: .milliseconds(50)) {
            try await Task.sleep(for: .seconds(3600))
        }
        let conformance = Conformance<Plain>("shared", sharedBackend: backend) { _ in 1 }
        let check = try #require(Self.contract(Overlap(), clauses: 1).cases(for: conformance).first)
        let message = await ProgressMonitor.$sources.withValue([]) { await check.run() }.message ?? ""
        #expect(message.contains("It reported no progress of its own"), "\(message)")
        #expect(message.contains("so its resetTimeout of 0.05 s (SharedBackend(_:resetTimeout:reset:)) was a total budget"), "\(message)")
        #expect(message.contains("Call progress.advance() after each request or row"), "\(message)")
        #expect(!message.contains("Then its progress stopped"), "a reset that reports nothing is not called hung: \(message)")
    }

    /// The budget's judgement on the timeline of the issue that asked for it: 1,000 deletions at 60 ms
    /// each (60 s) against a `resetTimeout` of 30 s, fed to the detector look by look.
    @Test("a reset's own progress keeps it going past its budget and past the ceiling; once it stops, it is given up")
    func ownProgressIsProgress() {
        func firstStall(liftsCeiling: Bool, steps: (Duration) -> UInt64, elsewhere: (Duration) -> UInt64) -> Stall? {
            var detector = StallDetector(limit: .seconds(30), local: 0, elsewhere: 0)
            detector.localProgressLiftsCeiling = liftsCeiling
            while detector.nextLook <= .seconds(10_000) {
                let look = detector.nextLook
                if let stall = detector.observe(at: look, local: steps(look), elsewhere: elsewhere(look)) { return stall }
            }
            return nil
        }
        let deletions = { (look: Duration) in UInt64(min(look / .milliseconds(60), 1000)) }
        let slow = firstStall(liftsCeiling: true, steps: deletions, elsewhere: { _ in 0 })
        #expect(slow?.running ?? .zero >= .seconds(90), "given up only once the deletions stopped, at 60 s, plus the budget")
        #expect(slow?.reachedCeiling == false)
        // Unreported deletions are no progress: the budget is then a total time limit.
        #expect(firstStall(liftsCeiling: true, steps: { _ in 0 }, elsewhere: { _ in 0 })?.running == .seconds(30))
        // 100,000 rows (100 min) keep going past 24 × the budget (12 min) while they are reported.
        let long = firstStall(liftsCeiling: true, steps: { UInt64(min($0 / .milliseconds(60), 100_000)) }, elsewhere: { _ in 0 })
        #expect(long?.running ?? .zero > .seconds(6000))
        // Other work that keeps moving does not hold off a reset whose own progress stopped forever.
        let looping = firstStall(liftsCeiling: true, steps: { _ in 0 }, elsewhere: { UInt64($0 / .seconds(1)) })
        #expect(looping?.reachedCeiling == true)
        #expect(looping?.running == .seconds(720))
    }

    @Test("a gate that withholds the reset skips it and gives its notice once per backend; one that skips gives none")
    func gateWithholdsOnce() async {
        let overlap = Overlap()
        let backend = SharedBackend("todos API") { overlap.reset() }
        let conformance = Conformance<Plain>("shared", sharedBackend: backend) { _ in 1 }
        let notices = Protected<[String]>([])
        let withholding = ResetGate(
            decide: { .withhold(notice: "\($0.name): not reset") }, announce: { notice in notices.withLock { $0.append(notice) } })
        let results = await ResetGate.$current.withValue(withholding) {
            await Self.runAllAtOnce(Self.contract(overlap, clauses: 5), conformance)
        }
        #expect(results.allSatisfy { $0.status == .passed })
        #expect(overlap.resets == 0)
        #expect(notices.withLock { $0 } == ["todos API: not reset"])

        let skipping = ResetGate(decide: { _ in .skip }, announce: { notice in notices.withLock { $0.append(notice) } })
        let other = SharedBackend("other API") { overlap.reset() }
        let otherConformance = Conformance<Plain>("other", sharedBackend: other) { _ in 1 }
        _ = await ResetGate.$current.withValue(skipping) {
            await Self.runAllAtOnce(Self.contract(overlap, clauses: 2), otherConformance)
        }
        #expect(overlap.resets == 0)
        #expect(notices.withLock { $0 }.count == 1)
    }
}
