import ContractEngine
import Foundation
import RepositoryContractsPrimitives
import Testing

/// `REPOSITORY_CONTRACTS_CLAUSES`: running one clause, or one group, of a contract.
@Suite("Running chosen clauses")
struct ClauseSelectionTests {
    static let contract = Contract<CRUD<Item>>("demo", terms: CRUD(factory: Item.factory), clauses: [
        Clause("create.stores", "stores") { _ in },
        Clause("create.returns", "returns") { _ in },
        Clause("update.applies", "applies") { _ in },
        Clause("delete.removes", "removes") { _ in },
    ])

    static func selection(_ value: String) -> ClauseSelection? {
        ClauseSelection(environment: [EnvironmentVariable.clauses: value])
    }

    /// The clause ids the case list keeps under `value`, and what it said on standard error.
    static func kept(_ value: String) -> (ids: [String], notices: [String]) {
        let notices = Protected<[String]>([])
        let cases = contract.cases(for: Item.conformance, selection: selection(value)) { notice in notices.withLock { $0.append(notice) } }
        return (cases.map(\.clauseID), notices.withLock { $0 })
    }

    @Test("a pattern keeps the clauses whose whole id it matches; * stands for any run of characters; a list keeps the union",
          arguments: [
              ("create.*", ["create.stores", "create.returns"]),
              ("update.applies", ["update.applies"]),
              ("*.re*", ["create.returns", "delete.removes"]),
              (" delete.removes , create.stores", ["create.stores", "delete.removes"]),
              ("*", ["create.stores", "create.returns", "update.applies", "delete.removes"]),
              ("create", []),
              ("create.stores.", []),
          ])
    func patterns(value: String, expected: [String]) {
        let ids = Self.contract.clauses.map(\.id).filter { Self.selection(value)?.keeps($0) == true }
        #expect(ids == expected, "\(value)")
    }

    @Test("unset, empty or only commas, nothing is filtered; the TEST_RUNNER_ form is read too")
    func unsetOrEmpty() {
        #expect(ClauseSelection(environment: [:]) == nil)
        #expect(Self.selection("") == nil && Self.selection(" , ") == nil)
        #expect(ClauseSelection(environment: ["TEST_RUNNER_" + EnvironmentVariable.clauses: "update.*"])?.patterns == ["update.*"])
        #expect(Self.contract.cases(for: Item.conformance, selection: nil) { _ in Issue.record("no notice without a selection") }.count == 4)
    }

    @Test("the case list holds only the kept clauses, in contract order, and says what it left out")
    func narrowedCaseList() async throws {
        let (ids, notices) = Self.kept("delete.*,create.returns")
        #expect(ids == ["create.returns", "delete.removes"])
        #expect(notices == ["REPOSITORY_CONTRACTS_CLAUSES=delete.*,create.returns: running 2 of 4 clauses of contract demo on items "
            + "(create.returns, delete.removes); 2 left out"])
    }

    @Test("a run of the contract (what the XCTest glue and the demo make) runs only the kept clauses, and says so")
    func narrowedReport() async throws {
        let notices = Protected<[String]>([])
        let report = await Self.contract.report(on: Item.conformance, selection: Self.selection("update.*")) { notice in
            notices.withLock { $0.append(notice) }
        }
        #expect(report.clauses.map(\.id) == ["update.applies"] && report.clauses.first?.status == .passed)
        #expect(notices.withLock { $0 }.first?.hasPrefix("REPOSITORY_CONTRACTS_CLAUSES=update.*: running 1 of 4 clauses") == true)
    }

    @Test("a pattern that matches nothing in the run gives one failing case naming the contract's groups, not an empty green list")
    func nothingMatched() async throws {
        let cases = Self.contract.cases(for: Item.conformance, selection: Self.selection("updte.*")) { _ in }
        #expect(cases.map(\.clauseID) == [EnvironmentVariable.clauses])
        let check = try #require(cases.first)
        let result = await check.run()
        #expect(result.status == .failed)
        #expect(result.failures.first?.message == "REPOSITORY_CONTRACTS_CLAUSES=updte.* matches no clause of contract demo; its clause groups: "
            + "create.*, update.*, delete.* (a pattern matches a whole clause id; * stands for any run of characters)")
    }

    @Test("a pattern meant for another contract of the run skips this contract's case, naming the one it runs")
    func meantForAnotherContract() async throws {
        let caching = Contract<CRUD<Item>>("caching", terms: CRUD(factory: Item.factory), clauses: [
            Clause("cache.fresh", "serves a fresh entry") { _ in },
        ])
        // A setting of its own, so that no other test's selection counts as this one's.
        let selection = try #require(Self.selection("cache.*,none-\(UInt64.random(in: 1...UInt64.max))"))
        let demo = Self.contract.cases(for: Item.conformance, selection: selection) { _ in }
        #expect(caching.cases(for: Item.conformance, selection: selection) { _ in }.map(\.clauseID) == ["cache.fresh"])
        let check = try #require(demo.first)
        #expect(demo.count == 1)
        #expect(check.skipReason == "\(selection.setting) matches no clause of contract demo; it runs clauses of contract caching in this run")
        let result = await check.run()
        #expect(result.status == .skipped)
        #expect(result.failures.isEmpty)
        // A report of the contract under the same selection skips it the same way.
        let report = await Self.contract.report(on: Item.conformance, selection: selection, announce: { _ in })
        #expect(report.clauses.map(\.status) == [.skipped])
    }

    @Test("without the variable, the public case list and report hold every clause")
    func publicListUnfiltered() async throws {
        try #require(ClauseSelection(environment: ProcessInfo.processInfo.environment) == nil, "the test process sets REPOSITORY_CONTRACTS_CLAUSES")
        #expect(Self.contract.cases(for: Item.conformance).count == 4)
        #expect(await Self.contract.report(on: Item.conformance).clauses.count == 4)
    }
}
