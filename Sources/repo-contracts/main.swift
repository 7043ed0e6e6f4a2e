// The entry point: everything else lives in `Tool` and the subcommands, so it can be tested.
let exitCode = await Tool.main(Array(CommandLine.arguments.dropFirst()), console: .standard)
Platform.exit(exitCode)
