#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
import RepositoryContractsPrimitives

@testable import RepoContractsCLI

/// What a command printed, captured from a ``Console``.
final class ConsoleCapture: Sendable {
    private let written = Protected((out: "", error: ""))

    /// A console writing into this capture.
    var console: Console {
        Console(
            writeOut: { text in self.written.withLock { $0.out += text } },
            writeError: { text in self.written.withLock { $0.error += text } })
    }

    /// Everything written to standard output.
    var out: String { written.withLock { $0.out } }
    /// Everything written to standard error.
    var error: String { written.withLock { $0.error } }
}

/// A fresh directory under the temporary directory; the caller removes it.
func makeTemporaryDirectory(_ prefix: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}
#endif
