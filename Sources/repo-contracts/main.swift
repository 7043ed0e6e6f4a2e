// The entry point: everything lives in the RepoContractsCLI library, where it can be tested.
import RepoContractsCLI

await RepoContractsCommandLine.run(Array(CommandLine.arguments.dropFirst()))
