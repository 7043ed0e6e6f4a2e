#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
import Testing

@testable import RepoContractsCLI

/// Running a child process: output collected, exit status and signal told apart.
@Suite("Child process", .timeLimit(.minutes(10)))
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

/// The `posix_spawn` wrapper under ``ChildProcess``: what a child starts with.
@Suite("Spawned process", .timeLimit(.minutes(10)))
struct SpawnedProcessTests {
    @Test("standard input is empty and the environment is exactly the one given")
    func inputAndEnvironment() async throws {
        let outcome = try await ChildProcess.run(
            ChildProcessTests.shell, arguments: ["-c", "cat; env"], environment: ["ONLY": "this one"])
        #expect(outcome.termination == .exited(0))
        let lines = String(decoding: outcome.standardOutput, as: UTF8.self).split(separator: "\n")
        #expect(lines.contains("ONLY=this one"))
        #expect(!lines.contains { $0.hasPrefix("HOME=") || $0.hasPrefix("PATH=/") })
    }

    @Test("a program that cannot be started is an error naming it")
    func missingProgram() async throws {
        let error = try await #require(throws: ToolError.self) {
            try await ChildProcess.run(URL(fileURLWithPath: "/nonexistent/tool"), arguments: ["--flag"])
        }
        #expect("\(error)".contains("could not start /nonexistent/tool --flag"))
    }

    @Test("SIGTERM ends the child even when sent from a thread that blocks signals, and the child is reaped once")
    func terminationSignalReachesTheChild() async throws {
        // The shell prints once it runs, then waits for the signal (it is never woken by time).
        let child = try SpawnedProcess(executable: ChildProcessTests.shell, arguments: ["-c", "echo ready; exec sleep 600"])
        defer { child.send(SIGKILL) }
        let firstLine = await Task.detached { String(decoding: child.standardOutput.availableData, as: UTF8.self) }.value
        #expect(firstLine == "ready\n")
        child.send(SIGTERM)
        let termination = await Task.detached { child.waitForExit() }.value
        #expect(termination == .signalled(SIGTERM))
        child.send(SIGKILL)  // reaped: no process gets it
    }

    @Test("children started at once from many threads each see the end of their own output")
    func concurrentSpawns() async throws {
        let outcomes = try await withThrowingTaskGroup(of: (Int, ChildOutcome).self) { group in
            for index in 0..<16 {
                group.addTask {
                    (index, try await ChildProcess.run(ChildProcessTests.shell, arguments: ["-c", "echo \(index)"]))
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for (index, outcome) in outcomes {
            #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "\(index)\n")
            #expect(outcome.termination == .exited(0))
        }
    }
}
#endif
