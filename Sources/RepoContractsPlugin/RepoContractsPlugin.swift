import PackagePlugin

/// `swift package repo-contracts <subcommand> …`: runs the read-only subcommands of `repo-contracts`
/// (status, inspect, redact --check, help) in the package's folder, without asking for any permission.
@main
struct RepoContractsPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ToolLaunch.run(.readOnly, context: context, arguments: arguments)
    }
}
