import BrokenExamples
import RepositoryContracts
import MockTime
import Testing
import TodoExample

/// The `softDelete.*` clauses catch each one-bug note store by the clauses named here, and pass the
/// correct stores.
@Suite("Soft delete kill table")
struct SoftDeleteKillTableTests {
    static let contract = NoteFamilyRuns.family("softDelete.")

    /// The clauses each bug must fail, and no others.
    static let expected: [SoftDeleteBug: Set<String>] = [
        .deletedFoundByTag: ["softDelete.hidesFromQueries"],
        .deletedStillFetchable: ["softDelete.hidesFromFetch"],
        .deletedOnPages: ["softDelete.hidesFromPages"],
        .hardDelete: [
            "softDelete.restoreBringsBack", "softDelete.restoreKeepsMaintainedFields", "softDelete.idStaysTaken",
            "softDelete.twiceFollowsPolicy", "softDelete.purgedCannotBeRestored", "softDelete.purgeFreesID",
        ],
        .restoreReinserts: ["softDelete.restoreKeepsMaintainedFields"],
        .deletedIDReusable: ["softDelete.idStaysTaken"],
    ]

    @Test("the correct note stores pass every softDelete clause, none skipped")
    func correctStoresPass() async {
        #expect(Self.contract.clauses.count == 14)
        for conformance in [NoteContracts.inMemory, NoteContracts.fileBacked] {
            let report = await Self.contract.report(on: conformance)
            let notPassed = report.clauses.filter { $0.status != .passed }.map { "\($0.id): \($0.status) \($0.message ?? $0.reason ?? "")" }
            #expect(notPassed.isEmpty, "\(conformance.name): \(notPassed)")
        }
    }

    @Test("each one-bug store is caught by exactly the clauses its bug breaks")
    func killTable() async {
        var rows: [(bug: String, caught: Set<String>)] = []
        for bug in SoftDeleteBug.allCases {
            let failed = await NoteFamilyRuns.failed(Self.contract, bug.conformance)
            rows.append((bug.rawValue, Set(failed.keys)))
            #expect(Set(failed.keys) == Self.expected[bug], "\(bug): \(failed)")
        }
        print(NoteFamilyRuns.table("softDelete.* kill table (bug → clauses that caught it):", rows))
    }

    @Test("failures name the call, the declared policy and where it was declared, expected and actual")
    func messages() async {
        let reusable = await NoteFamilyRuns.failed(Self.contract, SoftDeleteBug.deletedIDReusable.conformance)
        let taken = reusable["softDelete.idStaysTaken"] ?? ""
        #expect(taken.contains("create(_:) of soft-deleted id 2 was applied (returns and writes), which the declared createOfDeletedID policy does not allow"), "\(taken)")
        #expect(taken.contains("(conformance declared at BrokenExamples/SoftDeleteBugs.swift:"), "\(taken)")
        let reinserted = await NoteFamilyRuns.failed(Self.contract, SoftDeleteBug.restoreReinserts.conformance)
        let kept = reinserted["softDelete.restoreKeepsMaintainedFields"] ?? ""
        #expect(kept.contains("restore(id: 1) after softDelete(id:) moved version (a version) back"), "\(kept)")
        #expect(kept.contains("restore(id: 1) after softDelete(id:) changed createdAt (set on create), which a restore must keep"), "\(kept)")
        let hard = await NoteFamilyRuns.failed(Self.contract, SoftDeleteBug.hardDelete.conformance)
        #expect(hard["softDelete.restoreBringsBack"]?.contains(
            "restore(id: 2) of a soft-deleted entity threw: a soft delete must keep the entity for restore to bring back (is the delete hard?)") == true,
                "\(hard)")
        let tagged = await NoteFamilyRuns.failed(Self.contract, SoftDeleteBug.deletedFoundByTag.conformance)
        #expect(tagged["softDelete.hidesFromQueries"]?.contains("tag(\"Shared\") after softDelete(id: 1) still finds the soft-deleted entity") == true,
                "\(tagged)")
    }

    @Test("declared without the witness's operations, every clause fails naming the builder to add")
    func missingOperations() async {
        let withoutSoftDelete = NoteContracts.declaringFamilies(Conformance<CRUD<Note>>("no soft delete in the witness") {
            let store = InMemoryNoteStore()
            return RepositoryWitness<Note>(
                create: { try await store.create($0) }, fetch: { await store.fetch(id: $0) }, fetchAll: { await store.fetchAll() },
                update: { try await store.update($0) }, delete: { try await store.delete(id: $0) })
                .querying("tag") { (tag: String) in await store.notes(taggedWith: tag) }
                .paging { (cursor: String?, limit) in try await store.page(after: cursor, limit: limit) }
        })
        let failed = await NoteFamilyRuns.failed(Self.contract, withoutSoftDelete)
        #expect(Set(failed.keys) == Set(Self.contract.clauses.map(\.id)))
        #expect(failed.values.allSatisfy { $0.contains("declares .softDeleting(…) at") && $0.contains("add .softDeleting(restore: { … }) to its witness") },
                "\(failed)")
        let withoutPurge = NoteContracts.declaringFamilies(Conformance<CRUD<Note>>("no purge in the witness") {
            let store = InMemoryNoteStore()
            return NoteContracts.witness(store, clock: MockClock()).softDeleting(restore: { try await store.restore(id: $0) })
        })
        let purgeless = await NoteFamilyRuns.failed(Self.contract, withoutPurge)
        #expect(Set(purgeless.keys) == ["softDelete.purgedCannotBeRestored", "softDelete.purgeFreesID"])
        #expect(purgeless.values.allSatisfy { $0.contains("add it with .softDeleting(restore: { … }, purge: { … })") }, "\(purgeless)")
    }

    @Test("undeclared, the clauses are skipped saying what to declare; purge clauses need purges: true")
    func skips() {
        var undeclared = NoteContracts.inMemory
        undeclared.promises.softDeletion = nil
        let skipped = Self.contract.inapplicableClauses(for: undeclared)
        #expect(skipped.count == Self.contract.clauses.count)
        #expect(skipped.allSatisfy { $0.reason == "no soft delete is declared (.softDeleting(…))" })
        let noPurge = Self.contract.inapplicableClauses(for: NoteContracts.inMemory.softDeleting())
        #expect(noPurge.map(\.clause.id) == ["softDelete.purgedCannotBeRestored", "softDelete.purgeFreesID"])
        #expect(noPurge.allSatisfy { $0.reason == "no purge is declared (SoftDeletion(purges: true))" })
    }
}
