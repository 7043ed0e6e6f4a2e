#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
/// How `repo-contracts` ends: the process exit status.
enum ExitCode: Int32, Sendable, Equatable {
    /// The command ran (for `demo`: even when clauses failed, unless `--strict`).
    case success = 0
    /// An internal failure (a child process could not be started, …), or `--strict` with failures.
    case failure = 1
    /// The command line was wrong (sysexits' `EX_USAGE`).
    case usage = 64
    /// The input data was unreadable or invalid: a fixture that cannot be read or does not parse
    /// (sysexits' `EX_DATAERR`).
    case dataError = 65
}

/// A failure of the tool itself, not of a conformer: reported as `error: <message>`, exit status 1.
struct ToolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    var message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
#endif
