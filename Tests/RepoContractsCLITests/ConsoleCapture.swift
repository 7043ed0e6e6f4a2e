import Foundation

@testable import RepoContractsCLI

/// What a command printed, captured from a ``Console``.
final class ConsoleCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errorText = ""

    /// A console writing into this capture.
    var console: Console {
        Console(
            writeOut: { text in self.lock.withLock { self.outText += text } },
            writeError: { text in self.lock.withLock { self.errorText += text } })
    }

    /// Everything written to standard output.
    var out: String { lock.withLock { outText } }
    /// Everything written to standard error.
    var error: String { lock.withLock { errorText } }
}

/// A fresh directory under the temporary directory; the caller removes it.
func makeTemporaryDirectory(_ prefix: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}
