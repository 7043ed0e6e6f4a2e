import BrokenExamples
import RepositoryContracts
import Testing
import TodoExample

/// The atomicity family's kill table: each one-bug note store is caught by the `atomicity.*` clauses that
/// name its bug, and the correct stores pass them all.
@Suite("Atomicity kill table")
struct AtomicityKillTableTests {
    /// The clauses of refused inputs; the server-fault ones have their own kill table
    /// (`ServerFaultKillTableTests`), and apply only to HTTP conformers.
    static let family = "atomicity.refused"

    @Test("the correct note stores, in memory and in a file, pass every atomicity clause; none is skipped")
    func correctStoresPass() async {
        await NoteFamilyRuns.expectCorrectStoresPass(Self.family, clauseCount: 4)
    }

    /// Each bug, the clause that must catch it, and words its message must say.
    static let expected: [(Conformance<CRUD<Note>>, Set<String>, String)] = [
        (AtomicityBugs.bumpsBeforeRefusing, ["atomicity.refusedConditionalUpdateChangesNothing"],
         "returns a changed entity (compared with ==, store-maintained fields included)"),
        (AtomicityBugs.halfStoredCreate, ["atomicity.refusedCreateStoresNothing"],
         "the set of stored entities changed (fetchAll()); it now also holds ids"),
        (AtomicityBugs.batchKeepsPrefix, ["atomicity.refusedBatchFollowsPolicy"],
         "the set of stored entities changed (fetchAll()); it now also holds ids"),
        (AtomicityBugs.titleThenThrows, ["atomicity.refusedUpdateChangesNothing"],
         "returns a changed entity (compared with ==, store-maintained fields included)"),
        (AtomicityBugs.wrongRefusalError, ["atomicity.refusedCreateStoresNothing"],
         "was rejected (throws conflict), which the declared refusing(…) error policy does not allow"),
    ]

    @Test("each one-bug note store is caught by exactly the atomicity clause that names its bug")
    func killTable() async {
        await NoteFamilyRuns.expectKillTable(Self.family, Self.expected, all: AtomicityBugs.all, title: "atomicity kill table (bug → atomicity.* clauses that caught it)")
    }

    @Test("a batch that stores what it can passes when declared partial, and fails when declared all or nothing")
    func partialBatch() async {
        let partial = AtomicityBugs.partialBatch.batchWrites(.partial)
        #expect(await NoteFamilyRuns.run(Self.family, on: partial).failed.isEmpty)
        let declaredAllOrNothing = await NoteFamilyRuns.run(Self.family, on: AtomicityBugs.partialBatch).failed
        #expect(Set(declaredAllOrNothing.keys) == ["atomicity.refusedBatchFollowsPolicy"])
        #expect(declaredAllOrNothing.values.first?.contains("succeeded; declared at") == true, "\(declaredAllOrNothing)")
        let prefix = await NoteFamilyRuns.run(Self.family, on: AtomicityBugs.batchKeepsPrefix.batchWrites(.partial)).failed
        #expect(Set(prefix.keys) == ["atomicity.refusedBatchFollowsPolicy"], "a batch that throws halfway is not partial either")
    }
}
