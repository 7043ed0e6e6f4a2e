// The entry point: everything lives in the RepoContractsCLI library, where it can be tested.
#if os(macOS) || os(Linux)
import RepoContractsCLI

await RepoContractsCommandLine.run(Array(CommandLine.arguments.dropFirst()))
#else
    print("repo-contracts needs macOS or Linux: it starts child processes")
#endif
