// The code the three `repo-contracts` command plugins share (a plugin cannot depend on a library): the
// other two plugin folders hold a symbolic link to this file.
import Foundation
import PackagePlugin

/// The verbs of the `repo-contracts` command plugins, each declaring only the permissions its
/// subcommands need.
enum PluginVerb: Int, Comparable {
    /// `repo-contracts`: no permission; what only reads (status, inspect, redact --check, help).
    case readOnly
    /// `repo-contracts-write`: writes into the package (convert, redact, trim).
    case write
    /// `repo-contracts-record`: writes into the package and reaches the network (record, serve).
    case network

    /// The word after `swift package`.
    var name: String {
        switch self {
        case .readOnly: "repo-contracts"
        case .write: "repo-contracts-write"
        case .network: "repo-contracts-record"
        }
    }

    /// The permission options `swift package` needs to run this verb without asking.
    var permissionOptions: [String] {
        switch self {
        case .readOnly: []
        case .write: ["--allow-writing-to-package-directory"]
        case .network: ["--allow-writing-to-package-directory", "--allow-network-connections", "all"]
        }
    }

    /// The verb a `repo-contracts` command line needs: the least one whose permissions cover it.
    static func needed(for arguments: [String]) -> PluginVerb {
        switch arguments.first {
        case "record", "serve": .network
        case "convert", "trim": .write
        case "redact": arguments.contains("--check") ? .readOnly : .write
        default: .readOnly
        }
    }

    static func < (left: PluginVerb, right: PluginVerb) -> Bool { left.rawValue < right.rawValue }
}

/// Why a plugin did not run the tool, or how the tool ended.
struct PluginFailure: Error, CustomStringConvertible {
    /// The message `swift package` prints.
    var description: String
}

/// Runs the package's `repo-contracts` tool for a command plugin.
enum ToolLaunch {
    /// Runs `repo-contracts <arguments>` in the package's folder (so relative paths name the package's
    /// files), with its output going where the plugin's goes.
    ///
    /// - Throws: ``PluginFailure`` when `verb` lacks the permissions the subcommand needs (the message
    ///   gives the command to run instead), or when the tool exits with a status other than 0.
    static func run(_ verb: PluginVerb, context: PluginContext, arguments: [String]) throws {
        let needed = PluginVerb.needed(for: arguments)
        guard needed <= verb else {
            let command = (["swift", "package"] + needed.permissionOptions + [needed.name] + arguments)
                .map(quoted).joined(separator: " ")
            throw PluginFailure(
                description: "'repo-contracts \(arguments.first ?? "")' needs permissions the '\(verb.name)' verb does "
                    + "not ask for; run:\n  \(command)")
        }
        let process = Process()
        process.executableURL = try context.tool(named: "repo-contracts").url
        process.arguments = arguments.isEmpty ? ["--help"] : arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw PluginFailure(description: "repo-contracts exited with status \(process.terminationStatus)")
        }
    }

    /// `argument` as a shell reads it back.
    private static func quoted(_ argument: String) -> String {
        let plain = argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:@".contains($0) }
        return plain && !argument.isEmpty ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
