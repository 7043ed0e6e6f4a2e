import RepositoryContracts
import Testing
import TodoExample

/// The example conformers the demo uses: the correct ones pass every clause that applies to them.
@Suite("Example conformers")
struct ExampleConformerTests {
    static let contract = Contract.crud(factory: ExampleContracts.todoFactory)

    @Test("in-memory Todo repository", arguments: contract.cases(for: ExampleContracts.inMemory))
    func inMemory(_ check: ContractCase<CRUD<Todo>>) async { await check.verify() }

    @Test("the CRUD contract has at least 25 clauses with unique dotted ids")
    func clauseList() {
        let ids = Self.contract.clauses.map(\.id)
        #expect(ids.count >= 25)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.split(separator: ".").count == 2 })
    }

    @Test("a correct conformer is not shown a skipped clause as passed; declaring no family, it skips every family clause")
    func skippedAreListed() async {
        let report = await Self.contract.report(on: ExampleContracts.inMemory)
        let skipped = Set(report.clauses.filter { $0.status == .skipped }.map(\.id))
        let families = Set(Self.contract.clauses.map(\.id).filter { id in TheCRUDContractExamples.familyPrefixes.contains { id.hasPrefix($0) } })
        #expect(families.isSubset(of: skipped))
        #expect(skipped.subtracting(families) == [
            "create.assignsDistinctIDs", "create.rejectedWhenUnsupported", "update.rejectedWhenUnsupported",
            "delete.rejectedWhenUnsupported", "values.returnedEntitiesAreCopies", "identity.nearIDsAreDistinct",
            "create.serverIDsNotReusedAfterDelete",
        ])
        #expect(report.count(.failed) == 0)
    }
}
