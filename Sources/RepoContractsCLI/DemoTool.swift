#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
/// The `repo-contracts-demo` command line: the demo's options (see ``DemoCommand``), or the hidden
/// `__run-conformer` its child processes run.
enum DemoTool {
    /// Reads a command line (without the program name).
    static func invocation(for arguments: [String]) throws(UsageError) -> Tool.Invocation {
        if arguments.first == RunConformerCommand.name {
            return .run(try RunConformerCommand(parsing: Array(arguments.dropFirst())))
        }
        if ArgumentReader.asksForHelp(arguments) {
            return .help(DemoCommand.help)
        }
        return .run(try DemoCommand(parsing: arguments))
    }

    /// Runs a command line (without the program name) with `catalog` and returns the exit status.
    static func main(_ arguments: [String], catalog: DemoCatalog, console: Console) async -> ExitCode {
        await DemoCatalog.$current.withValue(catalog) {
            await Tool.execute(console) { () throws(UsageError) in try invocation(for: arguments) }
        }
    }
}

/// `repo-contracts demo`, which moved: the demo links the examples, and `repo-contracts` does not.
struct MovedDemoCommand: Subcommand {
    static let name = "demo"
    static let abstract = "Moved: run 'swift run repo-contracts-demo'."
    static let isHidden = true
    static let synopsis = "usage: swift run repo-contracts-demo [--all] [--format table|json] [--strict] [--verbose]"
    static let help = """
        The demo is its own executable, so that 'repo-contracts' links no example code:

          swift run repo-contracts-demo [--all] [--format table|json] [--strict] [--verbose]
        """

    init(parsing arguments: [String]) throws(UsageError) {}

    func run(_ console: Console) async throws -> ExitCode {
        console.printError("error: the demo moved to its own executable: swift run repo-contracts-demo\n\(Self.synopsis)")
        return .usage
    }
}
#endif
