import RepositoryContracts
import BrokenExamples
import Testing
import TodoExample

/// The conformers the model-based check catches only through a sequence of operations, run through the
/// fixed-clause CRUD contract: which clauses (if any) catch them too.
///
/// stale-cache passes every fixed clause (its bug needs update → delete → fetch); id-reusing (ids
/// assigned from the count) fails only the clause that creates after deletes; swap-remove is caught by the two clauses that
/// delete the first of three and compare the rest in declared order; lost-write by the clause that
/// updates one id twice in a row.
@Suite("ModelCheck wrong conformers › fixed-clause CRUD")
struct ModelCheckWrongConformersCRUDTests {
    static let todos = Contract.crud(factory: ExampleContracts.todoFactory)

    /// The ids of the clauses that fail, one case (fresh subject) per applicable clause.
    static func failedClauses(_ conformance: Conformance<CRUD<Todo>>) async -> Set<String> {
        var failed: Set<String> = []
        for check in todos.cases(for: conformance) where await check.run().status == .failed {
            failed.insert(check.clauseID)
        }
        return failed
    }

    /// Each wrong conformer with the CRUD clauses it fails (empty: passes them all).
    static let expectations: [(conformance: Conformance<CRUD<Todo>>, failing: Set<String>)] = [
        (SequenceBugs.idReusing, ["create.serverIDsNotReusedAfterDelete"]),
        (SequenceBugs.staleCache, []),
        (SequenceBugs.swapRemove, ["fetchAll.orderAfterDelete", "delete.twiceFollowsPolicy"]),
        (SequenceBugs.lostWrite, ["update.lastWriteWins"]),
    ]

    @Test("each wrong conformer fails exactly these CRUD clauses", arguments: expectations)
    func failingClauses(_ conformance: Conformance<CRUD<Todo>>, expected: Set<String>) async {
        let failed = await Self.failedClauses(conformance)
        #expect(failed == expected, "\(conformance.name)")
        #expect(!Self.todos.cases(for: conformance).isEmpty)
    }
}
