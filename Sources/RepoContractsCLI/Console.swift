#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation

/// Where the tool writes: standard output for results, standard error for errors and usage. Injected so
/// tests can capture what a command prints.
struct Console: Sendable {
    /// Writes text to the result stream, as given.
    var writeOut: @Sendable (String) -> Void
    /// Writes text to the error stream, as given.
    var writeError: @Sendable (String) -> Void

    /// The process's standard output and standard error, unbuffered.
    static let standard = Console(
        writeOut: { FileHandle.standardOutput.write(Data($0.utf8)) },
        writeError: { FileHandle.standardError.write(Data($0.utf8)) })

    /// Writes `text` and a newline (unless it already ends with one) to standard output.
    func print(_ text: String) {
        writeOut(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// Writes `text` and a newline (unless it already ends with one) to standard error.
    func printError(_ text: String) {
        writeError(text.hasSuffix("\n") ? text : text + "\n")
    }
}
#endif
