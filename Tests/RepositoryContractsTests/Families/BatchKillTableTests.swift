import BrokenExamples
import MockTime
import RepositoryContracts
import Testing
import TodoExample

/// The `batch.*` clauses catch each one-bug note store by the clauses named here, and pass the correct
/// stores.
@Suite("Batch kill table")
struct BatchKillTableTests {
    static let contract = NoteFamilyRuns.family("batch.")

    /// The clauses each bug must fail, and no others.
    static let expected: [BatchBug: Set<String>] = [
        .storesPrefixBeforeClash: [
            "batch.clashWithStoredFollowsPolicy", "batch.duplicateInBatchFollowsPolicy", "batch.invalidEntityFollowsPolicy",
        ],
        .lastDuplicateWins: ["batch.duplicateInBatchFollowsPolicy"],
        .returnsInStoreOrder: ["batch.returnsEntitiesInOrder"],
        .dropsBeyond100: ["batch.largeBatchRoundTrips"],
    ]

    @Test("the correct note stores pass every batch clause, none skipped")
    func correctStoresPass() async {
        #expect(Self.contract.clauses.count == 7)
        for conformance in [NoteContracts.inMemory, NoteContracts.fileBacked, PartialBatchNoteStore.conformance(.partial)] {
            let report = await Self.contract.report(on: conformance)
            let notPassed = report.clauses.filter { $0.status != .passed }.map { "\($0.id): \($0.status) \($0.message ?? $0.reason ?? "")" }
            #expect(notPassed.isEmpty, "\(conformance.name): \(notPassed)")
        }
    }

    @Test("each one-bug store is caught by exactly the clauses its bug breaks")
    func killTable() async {
        var rows: [(bug: String, caught: Set<String>)] = []
        for bug in BatchBug.allCases {
            let failed = await NoteFamilyRuns.failed(Self.contract, bug.conformance)
            rows.append((bug.rawValue, Set(failed.keys)))
            #expect(Set(failed.keys) == Self.expected[bug], "\(bug): \(failed)")
        }
        let partial = await NoteFamilyRuns.failed(Self.contract, PartialBatchNoteStore.conformance(.allOrNothing(error: .conflict)))
        rows.append(("partial store declared allOrNothing", Set(partial.keys)))
        #expect(
            Set(partial.keys) == ["batch.clashWithStoredFollowsPolicy", "batch.duplicateInBatchFollowsPolicy", "batch.invalidEntityFollowsPolicy"],
            "\(partial)")
        print(NoteFamilyRuns.table("batch.* kill table (bug → clauses that caught it):", rows))
    }

    @Test("failures name the call, what was declared and where, expected and actual")
    func messages() async {
        let prefix = await NoteFamilyRuns.failed(Self.contract, BatchBug.storesPrefixBeforeClash.conformance)
        let clash = prefix["batch.clashWithStoredFollowsPolicy"] ?? ""
        #expect(clash.contains("after the refused insertAll(_:) of 3 whose second has the stored id 1, declared all or nothing: "
                               + "fetchAll() holds entities that should not be there"), "\(clash)")
        let duplicates = await NoteFamilyRuns.failed(Self.contract, BatchBug.lastDuplicateWins.conformance)
        let repeated = duplicates["batch.duplicateInBatchFollowsPolicy"] ?? ""
        #expect(repeated.contains("insertAll(_:) of 4 whose third repeats the id 2 of the first returned, but batch bug lastDuplicateWins declares "
                                  + "batches all or nothing, refused as conflict (at"), "\(repeated)")
        let dropped = await NoteFamilyRuns.failed(Self.contract, BatchBug.dropsBeyond100.conformance)
        #expect(dropped["batch.largeBatchRoundTrips"]?.contains("the entities insertAll(_:) of 200 returned hold 100 entities, not 200 (missing [101, ") == true,
                "\(dropped)")
        let reordered = await NoteFamilyRuns.failed(Self.contract, BatchBug.returnsInStoreOrder.conformance)
        #expect(reordered["batch.returnsEntitiesInOrder"]?.contains("the entities insertAll(_:) of 5 returned are in another order than sent") == true,
                "\(reordered)")
    }

    @Test("declared without a batch insert in the witness, every clause fails naming the builder to add; undeclared, skipped")
    func missingInsertAndSkips() async {
        let declared = NoteContracts.inMemory
        let withoutInsert = NoteContracts.declaringFamilies(Conformance<CRUD<Note>>("no batch insert in the witness") {
            var witness = NoteContracts.witness(InMemoryNoteStore(), clock: MockClock())
            witness.insertAll = nil
            return witness
        })
        let failed = await NoteFamilyRuns.failed(Self.contract, withoutInsert)
        #expect(Set(failed.keys) == Set(Self.contract.clauses.map(\.id)))
        #expect(failed.values.allSatisfy { $0.contains("declares .batchWrites(…) at") && $0.contains("add .insertingAll { … } to its witness") },
                "\(failed)")
        var undeclared = declared
        undeclared.promises.batchWrites = nil
        let skipped = Self.contract.inapplicableClauses(for: undeclared)
        #expect(skipped.count == Self.contract.clauses.count)
        #expect(skipped.allSatisfy { $0.reason == "no batch writes are declared (.batchWrites(…))" })
    }
}
