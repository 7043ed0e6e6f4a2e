#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
/// One subcommand of `repo-contracts` (`demo`, …): how it is named and documented, how it reads its
/// arguments, and what it does.
///
/// Adding a subcommand is one new file with a type conforming to this protocol, plus one line in
/// ``Tool/subcommands``.
protocol Subcommand: Sendable {
    /// The word that selects it: `repo-contracts <name> …`.
    static var name: String { get }
    /// One line for the tool's help.
    static var abstract: String { get }
    /// The short usage shown after a usage error (`usage: repo-contracts demo [options]`).
    static var synopsis: String { get }
    /// The full help shown by `--help`.
    static var help: String { get }
    /// Internal subcommands are left out of the tool's help.
    static var isHidden: Bool { get }

    /// Reads the arguments that follow the subcommand's name (never `--help`: the tool handles it).
    init(parsing arguments: [String]) throws(UsageError)

    /// Runs the subcommand. Throwing ``UsageError`` exits with 64, any other error with 1.
    func run(_ console: Console) async throws -> ExitCode
}

extension Subcommand {
    static var isHidden: Bool { false }
}
#endif
