import BrokenExamples
import RepositoryContracts
import Testing
import TodoExample

/// The server-fault kill table: each one-bug HTTP note store, against the fake API under a stub server, is
/// caught by the `atomicity.serverFault*` clause that names its bug; the correct HTTP store, and the
/// correct one behind a mirror, pass them all.
@Suite("Server-fault kill table")
struct ServerFaultKillTableTests {
    static let family = "atomicity.serverFault"

    @Test("the correct HTTP note stores, plain and mirrored, pass every server-fault clause; none is skipped", .stubServer(),
          arguments: [NoteContracts.httpFakeAPI, ServerFaultBugs.mirrored])
    func correctStoresPass(_ correct: Conformance<CRUD<Note>>) async {
        #expect(NoteFamilyRuns.clauseIDs(Self.family).count == 5)
        let (failed, skipped) = await NoteFamilyRuns.run(Self.family, on: correct)
        #expect(failed.isEmpty, "\(correct.name): \(failed)")
        #expect(skipped.isEmpty, "\(correct.name): \(skipped)")
    }

    /// Each bug, the clause that must catch it, and words its message must say.
    static let expected: [(Conformance<CRUD<Note>>, Set<String>, String)] = [
        (ServerFaultBugs.optimisticUpdate, ["atomicity.serverFaultUpdateChangesNothing"],
         "returns a changed entity (compared with ==, store-maintained fields included)"),
        (ServerFaultBugs.createSwallowsTransportError, ["atomicity.serverFaultCreateStoresNothing"],
         "it succeeded, but a write whose request failed must throw"),
        (ServerFaultBugs.deleteSucceedsLocally, ["atomicity.serverFaultDeleteChangesNothing"],
         "it succeeded, but a write whose request failed must throw"),
        (ServerFaultBugs.optimisticBatch, ["atomicity.serverFaultBatchStoresNothing"],
         "finds an entity that was not stored before"),
    ]

    @Test("each one-bug HTTP note store is caught by exactly the server-fault clause that names its bug", .stubServer())
    func killTable() async {
        await NoteFamilyRuns.expectKillTable(Self.family, Self.expected, all: ServerFaultBugs.all, title: "server-fault kill table (bug → atomicity.serverFault* clauses that caught it)")
    }

    @Test("declared, but run with no stub server in scope: every server-fault clause fails, saying the trait is missing")
    func withoutStubServer() async {
        // The in-memory store never talks to a server: it stands for a conformance run outside the trait.
        let declared = NoteContracts.inMemory.writingThroughStubServer()
        let (failed, skipped) = await NoteFamilyRuns.run(Self.family, on: declared)
        #expect(Set(failed.keys) == Set(NoteFamilyRuns.clauseIDs(Self.family)))
        #expect(skipped.isEmpty, "\(skipped)")
        #expect(failed.values.allSatisfy { $0.contains("but no stub server is in scope: run the contract in a test with the .stubServer(…) trait") },
                "\(failed)")
    }

    @Test("declared, with a stub server in scope that the writes do not go through: every server-fault clause fails, saying so", .stubServer())
    func writesBypassingTheServer() async {
        let declared = NoteContracts.inMemory.writingThroughStubServer()
        let (failed, _) = await NoteFamilyRuns.run(Self.family, on: declared)
        #expect(Set(failed.keys) == Set(NoteFamilyRuns.clauseIDs(Self.family)))
        #expect(failed.values.allSatisfy { $0.contains("it sent no state-changing request to the stub server") }, "\(failed)")
    }

    @Test("not declared: every server-fault clause is skipped, naming the declaration")
    func notDeclared() async {
        let (failed, skipped) = await NoteFamilyRuns.run(Self.family, on: NoteContracts.inMemory)
        #expect(failed.isEmpty, "\(failed)")
        #expect(Set(skipped.keys) == Set(NoteFamilyRuns.clauseIDs(Self.family)))
        #expect(skipped.values.allSatisfy { $0.contains("no writes through the stub server are declared (.writingThroughStubServer())") },
                "\(skipped)")
    }
}
