// The demo's entry point: the command line lives in RepoContractsCLI; this executable adds the examples.
import RepoContractsCLI

await RepoContractsCommandLine.runDemo(Array(CommandLine.arguments.dropFirst()), catalog: .examples)
