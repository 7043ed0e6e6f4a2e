// The README's first example, verbatim between the markers (ReadmeExampleTests checks they stay identical).
import TodoExample
// README example begins
import RepositoryContracts
import Testing

let todos = Contract.crud(make: { Todo(id: $0, title: "Todo \($0)") }, mutate: { $0.toggled() }, identity: \.id)

@Test(arguments: todos.cases(for: Conformance("in-memory", ordering: .insertion) { InMemoryTodoRepository() }))
func inMemory(_ check: ContractCase<CRUD<Todo>>) async { await check.verify() }

@Test(arguments: todos.cases(for: Conformance("json-file") { try FileTodoRepository.temporary() }))
func jsonFile(_ check: ContractCase<CRUD<Todo>>) async { await check.verify() }
// README example ends
