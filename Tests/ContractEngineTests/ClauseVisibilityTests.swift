import ContractEngine
import Testing

/// Every clause shows: skipped ones with their reason, left-out ones with the conformance's reason, and
/// each clause that ran with what it cost.
@Suite("Clause visibility and cost")
struct ClauseVisibilityTests {
    static let contract = Contract<CRUD<Item>>("demo", terms: CRUD(factory: Item.factory), clauses: [
        Clause("three.calls", "makes three calls", requires: .create) { context in
            let item = context.newEntity()
            try await context.subject.create(item)
            _ = try await context.subject.fetch(id: item.id)
            _ = try await context.subject.fetchAll()
        },
        Clause("concurrent", "needs concurrency", requires: .concurrentAccess) { _ in },
        Clause("no.calls", "makes none") { _ in },
    ])

    @Test("a skipped case runs nothing and reports skipped with its reason")
    func skippedCaseRunsNothing() async throws {
        let check = try #require(Self.contract.cases(for: Item.conformance).first { $0.clauseID == "concurrent" })
        let result = await check.run()
        #expect(result.status == .skipped)
        #expect(result.reason == "requires [.concurrentAccess], which items does not declare")
        #expect(result.duration == nil && result.subjectCalls == nil)
    }

    @Test("a clause left out by id is skipped with the conformance's reason, where it was declared")
    func omittedByID() async throws {
        let conformance = Item.conformance.omitting("three.calls", "no.calls", because: "too slow on this store")
        let report = await Self.contract.report(on: conformance)
        #expect(report.clauses.map(\.status) == [.skipped, .skipped, .skipped])
        let reason = try #require(report.clauses.first?.reason)
        #expect(reason.hasPrefix("left out by items (declared at ContractEngineTests/Item.swift:"))
        #expect(reason.hasSuffix("): too slow on this store"))
        #expect(report.skippedList(contract: "demo")?.split(separator: "\n").count == 4)
    }

    @Test("leaving out a clause the contract does not have is a conformance mistake naming its neighbours")
    func unknownOmittedID() async throws {
        let conformance = Item.conformance.omitting("three.cals", because: "typo")
        let result = await Self.contract.cases(for: conformance)[2].run()
        #expect(result.status == .failed)
        let message = try #require(result.failures.first?.message)
        #expect(message.contains("it leaves out clause three.cals, which contract demo does not have; its three.* clauses: three.calls"))
    }

    @Test("each clause that ran reports its duration and how many subject calls it made")
    func cost() async throws {
        let report = await Self.contract.report(on: Item.conformance)
        let threeCalls = try #require(report.clauses.first)
        #expect(threeCalls.status == .passed)
        #expect(threeCalls.subjectCalls == 3)
        #expect(try #require(threeCalls.duration) > .zero)
        #expect(report.clauses[2].subjectCalls == 0)
    }

    @Test("calls wrapped in watching(_:_:) count as subject calls too")
    func watchedCallsCount() async throws {
        let contract = Contract<CRUD<Item>>("demo", terms: CRUD(factory: Item.factory), clauses: [
            Clause("wrapped", "wraps two calls") { context in
                _ = try await context.watching("one") { 1 }
                _ = try await context.watching("two") { 2 }
            },
        ])
        let result = try #require(await contract.cases(for: Item.conformance).first?.run())
        #expect(result.subjectCalls == 2)
    }

    @Test("a check records its own line; messages for XCTest name it when it is the user's, not the package's")
    func checkLocations() async throws {
        let contract = Contract<CRUD<Item>>("demo", terms: CRUD(factory: Item.factory), clauses: [
            Clause("planted", "fails") { context in
                context.expectEqual(1, 2, "one and two")  // line 74
            },
        ])
        let ran = try #require(await contract.cases(for: Item.conformance).first?.run())
        let location = try #require(ran.failures.first?.location)
        #expect(location.fileID == "ContractEngineTests/ClauseVisibilityTests.swift" && location.line == 74)
        #expect(!location.isInsidePackage)
        var result = ran
        result.assumptions = nil
        #expect(result.issueMessages(label: "[demo › planted]") == [
            "[demo › planted] one and two\n  expected: 2\n  actual:   1\n  at: ContractEngineTests/ClauseVisibilityTests.swift:74",
        ])
        var builtIn = result
        builtIn.failures[0].location = CheckLocation(fileID: "StandardContracts/CRUDClauses+Read.swift", filePath: "", line: 3, column: 1)
        #expect(builtIn.issueMessages(label: "[demo › planted]") == ["[demo › planted] one and two\n  expected: 2\n  actual:   1"])
    }
}
