import ContractEngine
import Foundation
import Testing

@Suite("Contract")
struct ContractTests {
    static let contract = Contract<CRUD<Item>>("demo", terms: CRUD(factory: Item.factory), clauses: [
        Clause("always", "applies to everyone") { _ in },
        Clause("concurrent", "needs concurrency", requires: .concurrentAccess) { _ in },
        Clause("readOnly", "only for read-only conformers", forbids: .create) { _ in },
        Clause("conditional", "has its own condition", when: { _, _ in "no reason to run" }) { _ in },
    ])

    @Test("every clause is a case; an inapplicable one carries its reason and is listed with it")
    func applicability() {
        let cases = Self.contract.cases(for: Item.conformance)
        #expect(cases.map(\.clauseID) == ["always", "concurrent", "readOnly", "conditional"])
        #expect(cases.map(\.skipReason) == [
            nil, "requires [.concurrentAccess], which items does not declare",
            "applies only without [.create], which items declares", "no reason to run",
        ])
        #expect(Self.contract.applicableCases(for: Item.conformance).map(\.clauseID) == ["always"])
        let reasons = Self.contract.inapplicableClauses(for: Item.conformance).map { "\($0.clause.id): \($0.reason)" }
        #expect(reasons == [
            "concurrent: requires [.concurrentAccess], which items does not declare",
            "readOnly: applies only without [.create], which items declares",
            "conditional: no reason to run",
        ])
    }

    @Test("the report lists skipped clauses with their reason, never as passed")
    func reportSkips() async {
        let report = await Self.contract.report(on: Item.conformance)
        #expect(report.clauses.map(\.status) == [.passed, .skipped, .skipped, .skipped])
        #expect(report.clauses[3].message == "no reason to run")
    }

    @Test("adding a clause with a taken id replaces it; a new id is appended")
    func adding() async throws {
        let extended = Self.contract.adding(
            Clause("always", "now fails") { context in context.fail("replaced") },
            Clause("extra", "a user's own clause") { _ in })
        #expect(extended.clauses.map(\.id) == ["always", "concurrent", "readOnly", "conditional", "extra"])
        let result = try #require(await extended.cases(for: Item.conformance).first?.run())
        #expect(result.failures.map(\.message) == ["replaced"])
    }

    @Test("a case is Codable by id, and resolving the decoded case runs the same clause")
    func codableByID() async throws {
        let original = try #require(Self.contract.cases(for: Item.conformance).first)
        let decoded = try JSONDecoder().decode(ContractCase<CRUD<Item>>.self, from: JSONEncoder().encode(original))
        #expect(decoded.id == "items/always")
        #expect(await decoded.run().status == .failed)
        #expect(await Self.contract.resolving(decoded, for: Item.conformance).run().status == .passed)
    }

    @Test("an id the contract does not know resolves to a case that fails saying so")
    func unknownID() async throws {
        let other = Contract<CRUD<Item>>("demo", terms: CRUD(factory: Item.factory), clauses: [Clause("gone", "removed since") { _ in }])
        let stale = try #require(other.cases(for: Item.conformance).first)
        let result = await Self.contract.resolving(stale, for: Item.conformance).run()
        #expect(result.failures.map(\.message) == ["contract demo has no clause with id gone"])
    }

    @Test("failures stop being recorded after the cap, with a note saying so")
    func failureCap() async throws {
        let noisy = Contract<CRUD<Item>>("noisy", terms: CRUD(factory: Item.factory), clauses: [
            Clause("many", "fails a lot") { context in for index in 0..<500 { context.fail("failure \(index)") } },
        ])
        let result = try #require(await noisy.cases(for: Item.conformance).first?.run())
        #expect(result.failures.count == 101)
        #expect(result.failures.last?.message == "stopped recording after 100 failures")
    }

    @Test("the JSON report has the documented schema")
    func json() async throws {
        let report = ContractReport(contract: "demo", conformances: [await Self.contract.report(on: Item.conformance)])
        let object = try #require(JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        let conformers = try #require(object["conformers"] as? [[String: Any]])
        #expect(conformers.first?["name"] as? String == "items")
        let clauses = try #require(conformers.first?["clauses"] as? [[String: Any]])
        #expect(clauses.map { $0["status"] as? String } == ["passed", "skipped", "skipped", "skipped"])
        #expect(clauses.first?["message"] == nil)
        #expect(clauses.last?["message"] as? String == "no reason to run")
        #expect(Set(clauses.first!.keys) == ["id", "summary", "status", "seconds", "subjectCalls"])
        #expect(Set(clauses.last!.keys) == ["id", "summary", "status", "message"])
    }
}
