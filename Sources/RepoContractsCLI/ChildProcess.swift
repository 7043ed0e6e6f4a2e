#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RepositoryContractsPlatform
import Foundation
import RepositoryContractsPrimitives

/// How a child process ended.
enum Termination: Sendable, Hashable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it (a Swift trap is SIGILL on x86_64, SIGTRAP on arm64).
    case signalled(Int32)

    /// Whether it exited with status 0.
    var isSuccess: Bool { self == .exited(0) }

    /// "exited with status 3", "crashed with signal 4 (SIGILL)".
    var description: String {
        switch self {
        case .exited(let status):
            "exited with status \(status)"
        case .signalled(let signal):
            "crashed with signal \(signal)" + (ProcessCalls.signalName(signal).map { " (\($0))" } ?? "")
        }
    }
}

/// Everything a finished child process left behind.
struct ChildOutcome: Sendable, Hashable {
    /// All it wrote to standard output.
    var standardOutput: Data
    /// All it wrote to standard error.
    var standardError: Data
    /// How it ended.
    var termination: Termination
}

/// Runs a program to its end and collects its output, reading standard output and standard error at the
/// same time so that a child that writes a lot to either never blocks on a full pipe.
enum ChildProcess {
    /// Runs `executable` with `arguments` (standard input empty) and waits for it to end.
    ///
    /// - Throws: ``ToolError`` when the program cannot be started.
    static func run(_ executable: URL, arguments: [String], environment: [String: String]? = nil) async throws -> ChildOutcome {
        try await withCheckedThrowingContinuation { continuation in
            // Everything below blocks: it runs on a thread of its own, never on the concurrency pool.
            Thread.detachNewThread {
                continuation.resume(with: Result {
                    try runBlocking(executable, arguments: arguments, environment: environment)
                })
            }
        }
    }

    private static func runBlocking(_ executable: URL, arguments: [String], environment: [String: String]?) throws -> ChildOutcome {
        let child = try SpawnedProcess(executable: executable, arguments: arguments, environment: environment)
        let drained = Protected<Data?>(nil)
        let outputDrained = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let data = child.standardOutput.readDataToEndOfFile()
            drained.withLock { $0 = data }
            outputDrained.signal()
        }
        let standardError = child.standardError.readDataToEndOfFile()
        outputDrained.wait()
        let termination = child.waitForExit()
        return ChildOutcome(
            standardOutput: drained.withLock { $0 } ?? Data(), standardError: standardError, termination: termination)
    }

    /// This program's own executable, for starting copies of itself.
    static func currentExecutable() throws -> URL {
        #if os(Linux)
        let procSelf = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        if FileManager.default.isExecutableFile(atPath: procSelf.path) {
            return procSelf
        }
        #endif
        if let url = Bundle.main.executableURL, FileManager.default.isExecutableFile(atPath: url.path) {
            return url
        }
        if let first = CommandLine.arguments.first, first.contains("/"), FileManager.default.isExecutableFile(atPath: first) {
            return URL(fileURLWithPath: first)
        }
        throw ToolError("cannot find this program's own executable to run conformers in child processes")
    }
}
#endif
