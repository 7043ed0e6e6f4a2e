import PackagePlugin

/// `swift package --allow-writing-to-package-directory --allow-network-connections all
/// repo-contracts-record <subcommand> …`: runs the subcommands of `repo-contracts` that reach the
/// network (record, which proxies to a live API and writes the fixture; serve, which listens on a port).
@main
struct RepoContractsRecordPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ToolLaunch.run(.network, context: context, arguments: arguments)
    }
}
