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
        #expect(hung.message?.contains("resetting slow database did not complete") == true, "\(hung.message ?? "")")
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
}
