import BrokenExamples
import ContractEngine
import MockTime
import RepositoryContracts
import Testing
import TodoExample

/// The model-based check runs the families' operations (pages, versioned updates, soft delete, batches,
/// queries) next to the reference model: the correct note stores pass, and each one-bug store fails with a
/// short shrunk sequence naming the family step that caught it.
@Suite("ModelCheck families")
struct ModelCheckFamiliesTests {
    /// A fixed first seed: the runs, their failures and their shrinking are the same on every machine.
    static let seed: UInt64 = 0x45

    @Test("the correct note stores pass 100 runs with every family's steps", arguments: [NoteContracts.inMemory, NoteContracts.fileBacked])
    func correctStoresPass(_ conformance: Conformance<CRUD<TodoExample.Note>>) async {
        let result = await ModelCheck.check(conformance, factory: NoteContracts.factory, seed: Self.seed)
        #expect(result.passed, "\(result)")
        #expect(result.runs == ModelCheck.defaultRuns)
    }

    /// Each bug with the family steps whose checks may catch it (`kind.check`, as the divergence signs it).
    static let expectations: [(ModelCheckFamilyBug, Set<String>)] = [
        (.nextCursorAtTheEnd, ["pageThrough.end"]),
        (.pageSkipsBoundaryTie, ["pageThrough.contents"]),
        (.staleUpdateAccepted, ["updateStale.stale"]),
        (.versionNotBumped, ["update.maintained", "updateVersioned.maintained"]),
        (.softDeletedInQuery, ["query.contents"]),
        (.hardDeleteCalledSoft, ["restore.outcome", "createAgain.policy", "updateVersioned.outcome"]),
        (.batchStoresPrefix, ["insertBatch.batchAtomicity"]),
        (.caseInsensitiveTags, ["query.contents"]),
    ]

    @Test("each one-bug store fails the model check, shrunk to at most 4 steps by a family step", arguments: expectations)
    func bugsAreCaught(_ bug: ModelCheckFamilyBug, signatures: Set<String>) async {
        let result = await ModelCheck.check(bug.conformance, factory: NoteContracts.factory, seed: Self.seed)
        guard let failure = result.failure else {
            Issue.record("\(bug) passed: \(result)")
            return
        }
        let signature = failure.divergence.signature
        print("kill table (model check): \(bug.family) · \(bug) → \(signature), \(failure.original.count) steps shrunk to "
            + "\(failure.shrunk.count): \(failure.shrunk.swiftSource)")
        #expect(signatures.contains(signature), "\(result)")
        #expect(failure.shrunk.count <= 4, "\(result)")
        #expect(result.swiftSnippet?.contains("let repo = try await conformance.makeRepository()") == true)
        // The minimal case replays to the same divergence.
        let replayed = await ModelCheck.replay(failure.shrunk, on: bug.conformance, factory: NoteContracts.factory)
        #expect(replayed.failure?.divergence.signature == signature, "\(replayed)")
    }

    @Test("the repro of a family step is Swift on the witness's family members")
    func familyStepsPrintAsSwift() async {
        let stale = await ModelCheck.replay(
            [.create(ordinal: 1), .updateVersioned(.created(0)), .updateStale(.created(0))],
            on: ModelCheckFamilyBug.staleUpdateAccepted.conformance, factory: NoteContracts.factory)
        let snippet = stale.swiftSnippet ?? ""
        #expect(snippet.contains("sent[0] = try await repo.conditionalUpdate!(factory.mutate(sent[0]))"), "\(snippet)")
        #expect(snippet.contains("stale.version = 1"), "\(snippet)")
        let batch = await ModelCheck.replay(
            [.create(ordinal: 1), .insertBatch(firstOrdinal: 2, count: 2, clash: .stored(.created(0))), .pageThrough(limit: 2)],
            on: ModelCheckFamilyBug.batchStoresPrefix.conformance, factory: NoteContracts.factory)
        #expect(batch.swiftSnippet?.contains("_ = try? await repo.insertAll!([sent[1], sent[2], factory.mutate(sent[0])])") == true, "\(batch)")
        #expect(batch.failure?.divergence.check == "batchAtomicity", "\(batch)")
    }

    /// The Swift a failure printed for a sequence with every family step (on the store whose batch stores
    /// its prefix, failing at the last step), pasted as it came: it compiles, and runs on the correct store.
    @Test("the repro of every family step compiles and runs on the correct store")
    func pastedFamilyRepro() async throws {
        typealias Note = TodoExample.Note
        let conformance = NoteContracts.inMemory, factory = NoteContracts.factory
        let repo = try await conformance.makeRepository()
        var sent: [Note] = []
        sent.append(try await repo.create(factory.make(1)))
        sent.append(try await repo.create(factory.make(2)))
        do {
            var cursor: PageCursor? = nil
            repeat { cursor = try await repo.pages!.read(cursor, 2).next } while cursor != nil
        }
        sent[0] = try await repo.conditionalUpdate!(factory.mutate(sent[0]))
        sent[0] = try await repo.update(factory.mutate(sent[0]))
        do {
            var stale = factory.mutate(sent[0])
            stale.version = 2  // the version an earlier write returned
            _ = try? await repo.conditionalUpdate!(stale)
            _ = try await repo.fetch(sent[0].id)
        }
        try await repo.softDeletion!.delete(sent[1].id)
        try await repo.softDeletion!.restore(sent[1].id)
        sent[1] = try await repo.fetch(sent[1].id)!
        try await repo.softDeletion!.purge!(sent[1].id)
        do {
            sent += [factory.make(3), factory.make(4)]
            let stored = try await repo.insertAll!([sent[2], sent[3]])
            sent.replaceSubrange(2..<4, with: stored.prefix(2))
        }
        _ = try await repo.queries["tag"]!.run(QueryParameter("tag"))
        sent += [factory.make(5)]
        _ = try? await repo.insertAll!([sent[4], factory.mutate(sent[0])])
        _ = try await repo.fetch(sent[4].id)
        // ✗ expected fetch returns nil (all or nothing)
        //   actual   fetch returned Note(id: 5, title: "Note 5", tags: ["tag2", "Shared"], version: 1, createdAt: 2000-01-01 00:00:00 +0000, updatedAt: 2000-01-01 00:00:00 +0000)
        _ = sent
        // On the correct store the refused batch stored nothing, and the stale update changed nothing.
        #expect(try await repo.fetch(sent[4].id) == nil)
        #expect(try await repo.fetch(sent[0].id)?.version == 3)
    }

    @Test("the printed repro is the one pasted above")
    func reproIsCurrent() async {
        let result = await ModelCheck.replay(
            [.create(ordinal: 1), .create(ordinal: 2), .pageThrough(limit: 2), .updateVersioned(.created(0)), .update(.created(0)),
             .updateStale(.created(0)), .delete(.created(1)), .restore(.created(1)), .purge(.created(1)),
             .insertBatch(firstOrdinal: 3, count: 2, clash: .none), .query(0, of: .created(0), parameter: 0, nearMiss: 1),
             .insertBatch(firstOrdinal: 5, count: 1, clash: .stored(.created(0)))],
            on: ModelCheckFamilyBug.batchStoresPrefix.conformance, factory: NoteContracts.factory)
        let snippet = result.swiftSnippet ?? ""
        for line in ["repeat { cursor = try await repo.pages!.read(cursor, 2).next } while cursor != nil",
                     "stale.version = 2  // the version an earlier write returned", "sent[1] = try await repo.fetch(sent[1].id)!",
                     "try await repo.softDeletion!.purge!(sent[1].id)",
                     "sent.replaceSubrange(2..<4, with: stored.prefix(2))", "_ = try await repo.queries[\"tag\"]!.run(QueryParameter(\"tag\"))",
                     "_ = try? await repo.insertAll!([sent[4], factory.mutate(sent[0])])"] {
            #expect(snippet.contains(line), "\(snippet)")
        }
    }

    /// A note store whose batch stores what it can (declared `.partial`); `returnsRefused` makes it also
    /// return the notes it could not store.
    static func partialBatches(returnsRefused: Bool) -> Conformance<CRUD<TodoExample.Note>> {
        NoteContracts.declaringFamilies(Conformance<CRUD<TodoExample.Note>>("partial batches\(returnsRefused ? " returning refused notes" : "")") {
            let clock = MockClock()
            let store: any NoteStore = InMemoryNoteStore(now: { clock.date })
            return NoteContracts.witness(store, clock: clock).insertingAll { notes in
                var stored: [TodoExample.Note] = []
                for note in notes {
                    if let created = try? await store.create(note) { stored.append(created) } else if returnsRefused { stored.append(note) }
                }
                return stored
            }
        })
        .batchWrites(.partial)
    }

    @Test("a partial batch policy: the store that returns what it stored passes, the one that returns more fails")
    func partialBatchPolicy() async {
        let correct = await ModelCheck.check(Self.partialBatches(returnsRefused: false), factory: NoteContracts.factory, seed: Self.seed)
        #expect(correct.passed && correct.runs == ModelCheck.defaultRuns, "\(correct)")
        let wrong = await ModelCheck.check(Self.partialBatches(returnsRefused: true), factory: NoteContracts.factory, seed: Self.seed)
        #expect(wrong.failure?.divergence.signature == "insertBatch.batchContents", "\(wrong)")
        #expect((wrong.failure?.shrunk.count ?? 99) <= 3, "\(wrong)")
    }

    @Test("a conformance without families generates exactly the CRUD sequences")
    func noFamiliesNoFamilySteps() {
        let crud = RepositoryPromises<TodoExample.Note>()
        #expect(ModelFamilies(crud) == .none)
        for seed in UInt64(1)...200 {
            let plain = ModelCheck.operations(seed: seed, capabilities: .crud)
            #expect(plain == ModelCheck.operations(seed: seed, capabilities: .crud, families: .none))
            #expect(!plain.contains { $0.isFamilyStep })
        }
    }

    @Test("with families, every family's steps are generated, and a seed still determines the sequence")
    func familiesAreGenerated() {
        let families = ModelFamilies(NoteContracts.inMemory.promises)
        #expect(families == ModelFamilies(pages: true, versions: true, softDelete: true, batches: true, queries: 1, storeTime: true))
        var kinds: Set<String> = []
        for seed in UInt64(1)...100 {
            let operations = ModelCheck.operations(seed: seed, capabilities: .crud, families: families)
            #expect(operations == ModelCheck.operations(seed: seed, capabilities: .crud, families: families))
            kinds.formUnion(operations.map(\.kind))
        }
        #expect(kinds.isSuperset(of: ["pageThrough", "updateVersioned", "updateStale", "restore", "purge", "insertBatch", "query", "moveStoreTime"]))
    }

    @Test("the store's time moves only where a timestamp is declared, and a witness that cannot move it skips the step")
    func storeTimeSteps() async {
        var versionOnly = NoteContracts.inMemory.promises
        versionOnly.storeMaintained = versionOnly.storeMaintained.filter { $0.name == "version" }
        #expect(!ModelFamilies(versionOnly).storeTime)
        // A store that never refreshes updatedAt is found once the time moves, and passes when it cannot.
        let bug = MaintainedBugStore.conformance(.updatedAtNotRefreshed)
        let found = await ModelCheck.check(bug, factory: NoteContracts.factory, seed: 0x45, parallelRuns: 0)
        #expect(found.failedCheck?.hasSuffix(".maintained") == true, "\(found)")
        #expect(found.minimalSteps?.contains(".moveStoreTime") == true, "\(found)")
        var frozen = bug
        let make = bug.makeRepository
        frozen.makeRepository = {
            var witness = try await make()
            witness.moveStoreTime = nil
            return witness
        }
        #expect(await ModelCheck.check(frozen, factory: NoteContracts.factory, seed: 0x45, parallelRuns: 0).passed)
    }

    @Test("a family declared without its witness member fails naming the builder to add")
    func missingWitnessMember() async {
        let conformance = NoteContracts.declaringFamilies(Conformance<CRUD<TodoExample.Note>>("notes without pages") {
            let store: any NoteStore = InMemoryNoteStore()
            return RepositoryWitness<TodoExample.Note>(
                create: { try await store.create($0) }, fetch: { try await store.fetch(id: $0) },
                fetchAll: { try await store.fetchAll() }, update: { try await store.update($0) },
                delete: { try await store.delete(id: $0) })
        })
        let result = await ModelCheck.replay([.pageThrough(limit: 2)], on: conformance, factory: NoteContracts.factory)
        #expect(result.failure?.divergence.check == "missingWitness")
        #expect(result.failure?.divergence.message.contains("declares .paginated(…)") == true, "\(result)")
        #expect(result.failure?.divergence.message.contains("add .paging") == true, "\(result)")
    }

    @Test("shrinking removes family steps and renumbers the entities they name")
    func shrinkingRemovesFamilySteps() {
        let operations: [ModelOperation] = [
            .create(ordinal: 1), .insertBatch(firstOrdinal: 2, count: 2, clash: .stored(.created(0))),
            .query(0, of: .created(2), parameter: 0, nearMiss: nil), .restore(.created(1)),
        ]
        // Without #0's create, the batch naming #0 goes; the query and the restore are renumbered.
        #expect(CRUDSequenceRunner.removing(0..<1, from: operations) == [.query(0, of: .created(1), parameter: 0, nearMiss: nil), .restore(.created(0))])
        #expect(CRUDSequenceRunner.removing(1..<2, from: operations) == [.create(ordinal: 1)])
        #expect(CRUDSequenceRunner.simplified([.create(ordinal: 7), .insertBatch(firstOrdinal: 9, count: 2, clash: BatchClash.repeated), .create(ordinal: 30)])
            == [.create(ordinal: 1), .insertBatch(firstOrdinal: 2, count: 2, clash: .repeated), .create(ordinal: 4)])
    }

    @Test("a batch holding an entity the conformance declares refused must be refused, with the refusal's error allowed")
    func batchHoldingARefusedEntity() async {
        // A store refusing notes tagged "edited" (what factory.mutate adds), in batches too, as declared.
        let conformance = {
            var conformance = NoteContracts.inMemory.refusing(.invalid("a note tagged edited", refuses: { $0.tags.contains("edited") }) { $0 })
            conformance.makeRepository = {
                let clock = MockClock()
                let store = InMemoryNoteStore(now: { clock.date })
                return NoteContracts.witness(store, clock: clock).insertingAll { notes in
                    guard !notes.contains(where: { $0.tags.contains("edited") }) else { throw RepositoryError(.invalidInput, "a note is tagged edited") }
                    return try await store.insertAll(notes)
                }
            }
            return conformance
        }()
        // The batch's third note is factory.mutate(sent[0]): tagged edited, so refused as invalid input
        // (not the batch policy's conflict), and nothing of the batch is stored.
        let outcome = await ModelCheck.replay(
            [.create(ordinal: 1), .insertBatch(firstOrdinal: 2, count: 2, clash: .stored(.created(0))), .fetchAll],
            on: conformance, factory: NoteContracts.factory)
        #expect(outcome.failure == nil, "\(outcome)")
    }
}
