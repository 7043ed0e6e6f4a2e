import Foundation
import Testing

@testable import RepoContractsCLI

/// Running a child process: output collected, exit status and signal told apart.
@Suite("Child process", .timeLimit(.minutes(1)))
struct ChildProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test("a child that fills both pipes never blocks: both are drained at once")
    func chattyChild() async throws {
        // Far more than a pipe buffer (64 KiB on Linux) on each stream, stderr first.
        let outcome = try await ChildProcess.run(
            Self.shell, arguments: ["-c", "yes e | head -c 1000000 >&2; yes o | head -c 1000000"])
        #expect(outcome.termination == .exited(0))
        #expect(outcome.standardOutput.count == 1_000_000)
        #expect(outcome.standardError.count == 1_000_000)
    }

    @Test("exit status and signal are told apart")
    func termination() async throws {
        let exited = try await ChildProcess.run(Self.shell, arguments: ["-c", "echo out; echo err >&2; exit 3"])
        #expect(exited.termination == .exited(3))
        #expect(String(decoding: exited.standardOutput, as: UTF8.self) == "out\n")
        #expect(String(decoding: exited.standardError, as: UTF8.self) == "err\n")

        let killed = try await ChildProcess.run(Self.shell, arguments: ["-c", "kill -ILL $$"])
        #expect(killed.termination == .signalled(4))
        #expect(killed.termination.description == "crashed with signal 4 (SIGILL)")
    }
}
