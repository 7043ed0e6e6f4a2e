// The demo's entry point: the command line lives in RepoContractsCLI; this executable adds the examples.
#if os(macOS) || os(Linux)
import RepoContractsCLI

await RepoContractsCommandLine.runDemo(Array(CommandLine.arguments.dropFirst()), catalog: .examples)
#else
    print("repo-contracts-demo needs macOS or Linux: it starts child processes")
#endif
