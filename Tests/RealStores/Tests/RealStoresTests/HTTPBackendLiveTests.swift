import RealStores
import RepositoryContracts
import Testing

extension HTTPBackendTests {
    /// The CRUD contract against the live HTTP backend through URLSession, no stub server between: each
    /// clause after the shared backend's reset (every to-do deleted through the API).
    @Suite("HTTP live")
    struct HTTPBackendLiveTests {
        @Test("to-dos: every CRUD clause", arguments: Contracts.todos.cases(for: RealStoreContracts.httpTodos()))
        func todos(_ check: ContractCase<CRUD<Todo>>) async {
            await check.verify()
        }

        /// Sequential runs, then parallel plans whose keys are the ids the server assigned; each run's
        /// subject starts from an emptied server.
        @Test("to-dos match the model, sequentially and in parallel runs")
        func todosMatchTheModel() async {
            let result = await RealStoreContracts.httpTodosEmptiedPerSubject().verifyModel(factory: RealStoreContracts.todoFactory)
            #expect(result.passed && result.runs == ModelCheck.defaultRuns, "\(result)")
            #expect("\(result)".contains("parallel plans"), "no parallel runs: \(result)")
            print(result)
        }
    }
}
