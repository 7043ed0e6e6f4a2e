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
        let result = await RealStoreContracts.sqliteNotes().verifyModel(factory: RealStoreContracts.noteFactory)
        #expect(result.passed && result.runs == ModelCheck.defaultRuns, "\(result)")
        #expect("\(result)".contains("parallel plans"), "no parallel runs: \(result)")
        print(result)
    }
}
