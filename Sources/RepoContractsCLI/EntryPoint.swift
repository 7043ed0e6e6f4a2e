import RepositoryContractsPlatform
// The command-line tool starts and signals child processes: it is built for macOS and Linux only (iOS,
// tvOS, watchOS and visionOS have no `Process`, `fork` or `posix_spawn`), and so is every file of it.
#if os(macOS) || os(Linux)
/// The `repo-contracts` command line as a library, so the executable stays one line and the tests can
/// link the same code.
public enum RepoContractsCommandLine {
    /// Runs the tool with `arguments` (without the program name) on the process's standard streams, and
    /// exits the process with the tool's exit status.
    public static func run(_ arguments: [String]) async -> Never {
        let exitCode = await Tool.main(arguments, console: .standard)
        ProcessCalls.exit(exitCode.rawValue)
    }

    /// Runs `repo-contracts-demo` with `arguments` (without the program name) and `catalog`, and exits
    /// the process with its exit status.
    package static func runDemo(_ arguments: [String], catalog: DemoCatalog) async -> Never {
        let exitCode = await DemoTool.main(arguments, catalog: catalog, console: .standard)
        ProcessCalls.exit(exitCode.rawValue)
    }
}
#endif
