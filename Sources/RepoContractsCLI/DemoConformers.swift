import StandardContracts
import TodoExample

extension DemoConformer {
    /// Every conformer `repo-contracts demo` runs, in report order: add a conformer with one line.
    /// Names must be unique (a child process is told which conformer to run by name).
    static let all: [DemoConformer] = [
        DemoConformer(ExampleContracts.inMemory, contract: .crud(factory: ExampleContracts.todoFactory)),
        DemoConformer(ExampleContracts.userDefaults, contract: .crud(factory: ExampleContracts.datedTodoFactory)),
    ]
}
