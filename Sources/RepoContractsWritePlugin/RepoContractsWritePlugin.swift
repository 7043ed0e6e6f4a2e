import PackagePlugin

/// `swift package --allow-writing-to-package-directory repo-contracts-write <subcommand> …`: runs the
/// subcommands of `repo-contracts` that write fixtures into the package (convert, redact, trim).
@main
struct RepoContractsWritePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ToolLaunch.run(.write, context: context, arguments: arguments)
    }
}
