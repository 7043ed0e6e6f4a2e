#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import BrokenExamples
import RepoContractsCLI
import StandardContracts
import TodoExample

extension DemoCatalog {
    /// What `repo-contracts-demo` runs, in report order: the CRUD contract on the example conformers
    /// (each in child processes), and with `--all` the example systems' contracts on their real, fake
    /// and broken conformers. Add a conformer with one line; names must be unique.
    static let examples = DemoCatalog(
        conformers: [
            DemoConformer(ExampleContracts.inMemory, contract: .crud(factory: ExampleContracts.todoFactory)),
            DemoConformer(
                ExampleContracts.userDefaults, contract: .crud(factory: ExampleContracts.datedTodoFactory),
                note: "a faithful port of the UserDefaults repository from the write-up this project started from, "
                    + "bugs included: its failures and its crash are deliberate, and show what the contract catches. "
                    + "Like the original, it keys each todo by its creation date, so its ids print as dates."),
        ],
        moreReports: ExampleReports.demoReports)
}
#endif
