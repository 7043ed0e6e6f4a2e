import RealStores
import RepositoryContracts
import Testing

/// The contracts against SQLite through GRDB, live: a database file per subject.
@Suite("SQLite live")
struct SQLiteLiveTests {
    @Test("to-dos: every CRUD clause", arguments: Contracts.todos.cases(for: RealStoreContracts.sqliteTodos()))
    func todos(_ check: ContractCase<CRUD<Todo>>) async {
        await check.verify()
    }

    @Test("notes: every CRUD clause and every family's", arguments: Contracts.notes.cases(for: RealStoreContracts.sqliteNotes()))
    func notes(_ check: ContractCase<CRUD<Note>>) async {
        await check.verify()
    }

    @Test("to-dos match the model, sequentially and in parallel runs")
    func todosMatchTheModel() async {
        let result = await RealStoreContracts.sqliteTodos().verifyModel(factory: RealStoreContracts.todoFactory)
        #expect(result.passed && result.runs == ModelCheck.defaultRuns, "\(result)")
        #expect("\(result)".contains("parallel plans"), "no parallel runs: \(result)")
        print(result)
    }

    @Test("notes match the model, sequentially and in parallel runs")
    func notesMatchTheModel() async {
        var notes = RealStoreContracts.sqliteNotes()
        // The model's batch step does not consult the declared refusals (an engine gap, reported): it
        // expects a batch holding a copy of a refused edge case (NUL in the body) stored. The clauses above
        // check every edge case; the model check runs on the factory's notes alone.
        notes.promises.edgeCases = .off
        let result = await notes.verifyModel(factory: RealStoreContracts.noteFactory)
        #expect(result.passed && result.runs == ModelCheck.defaultRuns, "\(result)")
        #expect("\(result)".contains("parallel plans"), "no parallel runs: \(result)")
        print(result)
    }
}
