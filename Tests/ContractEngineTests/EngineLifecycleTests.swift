import RepositoryContractsPrimitives
import ContractEngine
import Foundation
import Testing

/// The engine's per-clause life cycle under terms of a test's own: the environment is set up before the
/// subject is made, handed to `makeSubject`, and torn down after the clause whatever happened; its set-up
/// and tear-down failures fail the clause and say so; `watching` puts a generic subject's calls under the
/// watchdog; cases of any terms are `Codable` by id.
@Suite("Engine life cycle")
struct EngineLifecycleTests {
    /// Counts set-ups and tear-downs; fails set-up or reports a finding when told to.
    final class Ledger: Sendable {
        let events = Protected<[String]>([])
        func note(_ event: String) { events.withLock { $0.append(event) } }
        var all: [String] { events.withLock { $0 } }
    }

    struct Counter: ContractTerms {
        typealias Subject = Int
        typealias Environment = Int
        let ledger: Ledger
        var setUpFails = false
        var finding: String?

        func makeEnvironment(for clause: ClauseSetting<Self>) async throws -> Int {
            ledger.note("set up \(clause.clauseID)")
            if setUpFails { throw RepositoryError.unavailable("no folder") }
            return 41
        }

        func tearDown(_ environment: Int, after clause: ClauseSetting<Self>) async -> [ContractFailure] {
            ledger.note("tear down \(clause.clauseID) \(environment)")
            return finding.map { [ContractFailure(message: $0)] } ?? []
        }
    }

    static func contract(_ terms: Counter) -> Contract<Counter> {
        Contract("Counter", terms: terms, clauses: [
            Clause("counter.sees", "the subject is made from the environment") { check in
                check.expectEqual(check.subject, check.environment + 1, "the subject")
            },
        ])
    }

    @Test("set-up, make, body and tear-down run in that order, with the environment handed to makeSubject")
    func order() async throws {
        let ledger = Ledger()
        let conformance = Conformance<Counter>("plus one") { environment in ledger.note("make"); return environment + 1 }
        let result = try #require(await Self.contract(Counter(ledger: ledger)).cases(for: conformance).first?.run())
        #expect(result.status == .passed, "\(result.message ?? "")")
        #expect(ledger.all == ["set up counter.sees", "make", "tear down counter.sees 41"])
    }

    @Test("a subject that cannot be made still has its environment torn down")
    func makeFails() async throws {
        let ledger = Ledger()
        let conformance = Conformance<Counter>("throws") { _ in throw RepositoryError.unavailable("down") }
        let result = try #require(await Self.contract(Counter(ledger: ledger)).cases(for: conformance).first?.run())
        #expect(result.status == .failed)
        #expect(result.message?.contains("makeSubject() failed, so the clause could not run") == true)
        #expect(ledger.all == ["set up counter.sees", "tear down counter.sees 41"])
    }

    @Test("a set-up that throws fails the clause as a set-up failure, and makes no subject")
    func setUpFails() async throws {
        let ledger = Ledger()
        let conformance = Conformance<Counter>("plus one") { environment in ledger.note("make"); return environment + 1 }
        let result = try #require(await Self.contract(Counter(ledger: ledger, setUpFails: true)).cases(for: conformance).first?.run())
        #expect(result.status == .failed)
        #expect(result.message?.hasPrefix("setting up the clause's environment failed, so the clause could not run: RepositoryError.unavailable") == true)
        #expect(ledger.all == ["set up counter.sees"])
    }

    @Test("what the tear-down finds fails a clause whose body passed")
    func tearDownFinding() async throws {
        let terms = Counter(ledger: Ledger(), finding: "a sleeper was left waiting")
        let conformance = Conformance<Counter>("plus one") { $0 + 1 }
        let result = try #require(await Self.contract(terms).cases(for: conformance).first?.run())
        #expect(result.status == .failed)
        #expect(result.failures.map(\.message) == ["a sleeper was left waiting"])
    }

    @Test("watching: a generic subject's call that hangs while nothing moves fails after the timeout")
    func watching() async throws {
        let contract = Contract("Hang", terms: Counter(ledger: Ledger()), clauses: [
            Clause("hang.forever", "a call that never returns") { check in
                _ = try await check.watching("wait()") { try await Task.sleep(for: .seconds(3600)) }
            },
        ])
        let conformance = Conformance<Counter>("hangs", timeout: .milliseconds(100)) { $0 }
        let result = try #require(await contract.cases(for: conformance).first?.run())
        #expect(result.status == .failed)
        #expect(result.message?.hasPrefix("wait() did not complete") == true, "\(result.message ?? "")")
    }

    @Test("a case of any terms round-trips through Codable by id and resolves back to its clause")
    func codable() async throws {
        let ledger = Ledger()
        let contract = Self.contract(Counter(ledger: ledger))
        let conformance = Conformance<Counter>("plus one") { $0 + 1 }
        let original = try #require(contract.cases(for: conformance).first)
        let decoded = try JSONDecoder().decode(ContractCase<Counter>.self, from: try JSONEncoder().encode(original))
        #expect(decoded.id == "plus one/counter.sees")
        #expect(decoded.label == "[Counter › counter.sees]")
        #expect(await decoded.run().status == .failed)
        #expect(await contract.resolving(decoded, for: conformance).run().status == .passed)
    }
}
