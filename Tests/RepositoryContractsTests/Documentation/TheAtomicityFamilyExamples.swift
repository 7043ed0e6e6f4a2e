import BrokenExamples
import RecordReplay
import RepositoryContracts
import Testing
import TodoExample

/// The article "The atomicity family": its declaration compiles and passes every `atomicity.*` clause,
/// its table lists those clauses in contract order, and the failures it quotes are what the clauses say.
@Suite("Article: TheAtomicityFamily")
struct TheAtomicityFamilyExamples {
    static let contract = Contract.crud(factory: NoteContracts.factory)

    static let notes = Conformance<CRUD<Note>>("in-memory notes") {
        let store = InMemoryNoteStore()
        return RepositoryWitness<Note>(
            create: { try await store.create($0) }, fetch: { await store.fetch(id: $0) },
            fetchAll: { await store.fetchAll() }, update: { try await store.update($0) },
            delete: { try await store.delete(id: $0) })
    }
    .maintaining(.version(\.version), .createdAt(\.createdAt), .updatedAt(\.updatedAt))
    // Article: declaring it.
    .refusing(.invalid("a note with an empty title", error: .invalidInput) { note in
        var invalid = note
        invalid.title = ""
        return invalid
    })

    // Article: failing writes at the stub server.
    static let notesAPI = Conformance<CRUD<Note>>("notes API") {
        let server = StubServer.current
        let api = NoteAPIFake()
        server.playback.stub(.any) { api.respond(to: $0) }
        let store = HTTPNoteRepository(baseURL: server.baseURL)
        return RepositoryWitness<Note>(
            create: { try await store.create($0) }, fetch: { try await store.fetch(id: $0) },
            fetchAll: { try await store.fetchAll() }, update: { try await store.update($0) },
            delete: { try await store.delete(id: $0) })
    }
    .maintaining(.version(\.version), .createdAt(\.createdAt), .updatedAt(\.updatedAt))
    .writingThroughStubServer()

    @Test("the article's declaration passes the atomicity clauses that apply; the others say which family they need")
    func declaration() async {
        let (failed, skipped) = await NoteFamilyRuns.run("atomicity.refused", on: Self.notes)
        #expect(failed.isEmpty, "\(failed)")
        #expect(Set(skipped.keys) == ["atomicity.refusedConditionalUpdateChangesNothing", "atomicity.refusedBatchFollowsPolicy"])
        #expect(skipped["atomicity.refusedBatchFollowsPolicy"]?.contains("no batch writes are declared (.batchWrites(…))") == true)
        let serverFaults = await NoteFamilyRuns.run("atomicity.serverFault", on: Self.notes).skipped
        #expect(Set(serverFaults.keys) == Set(NoteFamilyRuns.clauseIDs("atomicity.serverFault")))
        #expect(serverFaults.values.allSatisfy { $0.contains("no writes through the stub server are declared (.writingThroughStubServer())") })
    }

    @Test("the article's HTTP conformance, under the stub-server trait, passes the server-fault clauses that apply", .stubServer())
    func stubServerDeclaration() async throws {
        let (failed, skipped) = await NoteFamilyRuns.run("atomicity.serverFault", on: Self.notesAPI)
        #expect(failed.isEmpty, "\(failed)")
        #expect(Set(skipped.keys) == ["atomicity.serverFaultConditionalUpdateChangesNothing", "atomicity.serverFaultBatchStoresNothing"])
        #expect(try DocumentationArticle.quotes("TheAtomicityFamily", ".writingThroughStubServer()"))
    }

    @Test("as a test runs it: one test case per applicable server-fault clause, each under its own stub server", .stubServer(),
          arguments: contract.applicableCases(for: notesAPI).filter { $0.clauseID.hasPrefix("atomicity.serverFault") })
    func serverFaultCases(_ check: ContractCase<CRUD<Note>>) async { await check.verify() }

    @Test("the table lists every atomicity clause once, in contract order, with its summary")
    func table() throws {
        try DocumentationArticle.expectClauseTable("TheAtomicityFamily", lists: Self.contract.clauses.filter { $0.id.hasPrefix("atomicity.") })
    }

    @Test("the failures the article quotes are what the clauses say about those bugs")
    func quotedFailures() async throws {
        for (bug, clause) in [(AtomicityBugs.titleThenThrows, "atomicity.refusedUpdateChangesNothing"),
                              (AtomicityBugs.batchKeepsPrefix, "atomicity.refusedBatchFollowsPolicy")] {
            let message = try #require(await NoteFamilyRuns.run("atomicity.refused", on: bug).failed[clause])
            let first = TheVersionsFamilyExamples.firstLine(message)
            #expect(try DocumentationArticle.quotes("TheAtomicityFamily", first), "\(message)")
        }
    }

    @Test("the server-fault failures the article quotes are what the clauses say about those bugs", .stubServer())
    func quotedServerFaultFailures() async throws {
        for (bug, clause) in [(ServerFaultBugs.optimisticUpdate, "atomicity.serverFaultUpdateChangesNothing"),
                              (ServerFaultBugs.createSwallowsTransportError, "atomicity.serverFaultCreateStoresNothing")] {
            let message = try #require(await NoteFamilyRuns.run("atomicity.serverFault", on: bug).failed[clause])
            let first = TheVersionsFamilyExamples.firstLine(message)
            print("QUOTE \(first)")
            #expect(try DocumentationArticle.quotes("TheAtomicityFamily", first), "\(message)")
        }
    }
}
