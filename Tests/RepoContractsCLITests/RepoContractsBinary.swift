#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
import Testing

@testable import RepoContractsCLI

/// The built `repo-contracts` executable, run as a user would: with Foundation `Process`, capturing its
/// standard output, standard error and exit status.
///
/// The test target depends on the executable target, so it is built (next to the test bundle) before the
/// tests run.
enum RepoContractsBinary {
    /// What one run of the binary left behind.
    struct Run {
        var stdout: String
        var stderr: String
        var termination: Termination

        /// The exit status; fails the test if a signal ended the binary.
        var status: Int32? {
            guard case .exited(let status) = termination else {
                Issue.record("repo-contracts \(termination)\nstderr:\n\(stderr)")
                return nil
            }
            return status
        }
    }

    /// Runs the binary with `arguments` and waits for it to end.
    static func run(_ arguments: String...) async throws -> Run {
        try await run(arguments: arguments)
    }

    /// Runs the demo binary, `repo-contracts-demo`, with `arguments` and waits for it to end.
    static func runDemo(_ arguments: String...) async throws -> Run {
        try await run(arguments: arguments, executable: "repo-contracts-demo")
    }

    /// Runs the binary `executable` with `arguments` and waits for it to end.
    static func run(arguments: [String], executable: String = "repo-contracts") async throws -> Run {
        let outcome = try await ChildProcess.run(try url(of: executable), arguments: arguments)
        return Run(
            stdout: String(decoding: outcome.standardOutput, as: UTF8.self),
            stderr: String(decoding: outcome.standardError, as: UTF8.self),
            termination: outcome.termination)
    }

    /// Where the binary `name` is: for `repo-contracts`, `REPO_CONTRACTS_EXECUTABLE` if set; else next to
    /// the test bundle, else in the package's `.build/debug`.
    static func url(of name: String = "repo-contracts", filePath: String = #filePath) throws -> URL {
        let environment = name == "repo-contracts"
            ? ProcessInfo.processInfo.environment["REPO_CONTRACTS_EXECUTABLE"].map { URL(fileURLWithPath: $0) } : nil
        var directories: [URL] = []
        // macOS: the .xctest bundle sits in the build directory; Linux: the test runner is an executable there.
        directories += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }.map { $0.deletingLastPathComponent() }
        directories += CommandLine.arguments.first.map { [URL(fileURLWithPath: $0).deletingLastPathComponent()] } ?? []
        directories.append(Bundle.main.bundleURL)
        let packageRoot = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        directories.append(packageRoot.appendingPathComponent(".build/debug"))
        let candidates = [environment].compactMap { $0 } + directories.map { $0.appendingPathComponent(name) }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw ToolError("\(name) not found; looked at:\n" + candidates.map(\.path).joined(separator: "\n"))
        }
        return found
    }
}
#endif
