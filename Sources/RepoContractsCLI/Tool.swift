#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
/// The `repo-contracts` command line: picks the subcommand, parses its arguments, runs it and turns what
/// happened into an exit status.
enum Tool {
    /// The tool's name, as shown in usage lines.
    static let name = "repo-contracts"

    /// Every subcommand, in help order. A new subcommand (`serve`, `record`, `convert`, `inspect`, …) is a
    /// new file and one line here.
    static let subcommands: [any Subcommand.Type] = [
        ServeCommand.self,
        RecordCommand.self,
        ConvertCommand.self,
        RedactCommand.self,
        TrimCommand.self,
        InspectCommand.self,
        StatusCommand.self,
        MovedDemoCommand.self,
        ForwardInChildCommand.self,
    ]

    /// What a command line asks for.
    enum Invocation {
        /// Print this help on standard output and exit 0.
        case help(String)
        /// Run this subcommand.
        case run(any Subcommand)
    }

    /// Reads a command line (without the program name).
    static func invocation(for arguments: [String]) throws(UsageError) -> Invocation {
        guard let first = arguments.first else {
            throw UsageError(message: "missing subcommand", usage: synopsis)
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help":
            return .help(help)
        case "help":
            guard let topic = rest.first else { return .help(help) }
            guard let command = subcommand(named: topic) else {
                throw UsageError(message: "unknown subcommand '\(topic)'", usage: synopsis)
            }
            return .help(command.help)
        default:
            guard let command = subcommand(named: first) else {
                let message = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown subcommand '\(first)'"
                throw UsageError(message: message, usage: synopsis)
            }
            if ArgumentReader.asksForHelp(rest) {
                return .help(command.help)
            }
            return .run(try command.init(parsing: rest))
        }
    }

    /// Runs a command line (without the program name) and returns the exit status.
    static func main(_ arguments: [String], console: Console) async -> ExitCode {
        if arguments.isEmpty {
            console.printError(help)
            return .usage
        }
        return await execute(console) { () throws(UsageError) in try invocation(for: arguments) }
    }

    /// Prints the help or runs the subcommand `invocation` reads, and turns how it ended into an exit
    /// status: 64 for a usage error, 1 for any other error.
    static func execute(_ console: Console, _ invocation: () throws(UsageError) -> Invocation) async -> ExitCode {
        do {
            switch try invocation() {
            case .help(let text):
                console.print(text)
                return .success
            case .run(let command):
                return try await command.run(console)
            }
        } catch let error as UsageError {
            console.printError("error: \(error.message)\n\(error.usage)")
            return .usage
        } catch {
            console.printError("error: \(error)")
            return .failure
        }
    }

    /// The subcommand called `name`, hidden ones included.
    static func subcommand(named name: String) -> (any Subcommand.Type)? {
        subcommands.first { $0.name == name }
    }

    /// The short usage shown after a usage error.
    static var synopsis: String {
        let names = subcommands.filter { !$0.isHidden }.map { $0.name }.joined(separator: ", ")
        return """
            usage: \(name) <subcommand> [options]
              subcommands: \(names)
              See '\(name) --help' or '\(name) <subcommand> --help'.
            """
    }

    /// The tool's help.
    static var help: String {
        let visible = subcommands.filter { !$0.isHidden }
        let width = visible.map { $0.name.count }.max() ?? 0
        let lines = visible.map { "  \($0.name.padded(to: width))   \($0.abstract)" }
        return """
            OVERVIEW: Serve, record and edit the HTTP fixtures that repository contracts replay: a stub
            server on loopback, recording from a live API with redaction, conversion, trimming and
            inspection of fixture files, and a status report of a fixtures folder. (The contracts
            themselves run in 'swift test'.)

            USAGE: \(name) <subcommand> [options]

            SUBCOMMANDS:
            \(lines.joined(separator: "\n"))

            OPTIONS:
              -h, --help   Show this help. '\(name) <subcommand> --help' shows a subcommand's help.

            EXIT STATUS: 0 when the command ran, 1 on an internal failure, 64 on a usage error, 65 when input
            data (a fixture) is unreadable or invalid.
            """
    }
}
#endif
