import RealStores
import RepositoryContracts
import Testing

/// The contracts against PostgreSQL through postgres-nio, live: a schema per subject of the server REAL_STORES_POSTGRES_URL names.
@Suite("PostgreSQL live", .postgresConfigured)
struct PostgresLiveTests {
    @Test("to-dos: every CRUD clause", arguments: Contracts.todos.cases(for: RealStoreContracts.postgresTodos()))
    func todos(_ check: ContractCase<CRUD<Todo>>) async {
        await check.verify()
    }

    @Test("notes: every CRUD clause and every family's", arguments: Contracts.notes.cases(for: RealStoreContracts.postgresNotes()))
    func notes(_ check: ContractCase<CRUD<Note>>) async {
        await check.verify()
    }

    @Test("to-dos match the model, sequentially and in parallel runs")
    func todosMatchTheModel() async {
        let result = await RealStoreContracts.postgresTodos().verifyModel(factory: RealStoreContracts.todoFactory)
        #expect(result.passed && result.runs == ModelCheck.defaultRuns, "\(result)")
        #expect("\(result)".contains("parallel plans"), "no parallel runs: \(result)")
        print(result)
    }

    @Test("notes match the model, sequentially and in parallel runs")
    func notesMatchTheModel() async {
        let result = await RealStoreContracts.postgresNotes().verifyModel(factory: RealStoreContracts.noteFactory)
        #expect(result.passed && result.runs == ModelCheck.defaultRuns, "\(result)")
        #expect("\(result)".contains("parallel plans"), "no parallel runs: \(result)")
        print(result)
    }
}
