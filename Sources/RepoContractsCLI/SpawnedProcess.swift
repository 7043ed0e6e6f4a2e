#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import RepositoryContractsPlatform
import Foundation
import RepositoryContractsPrimitives

/// A program started with `posix_spawn`, its standard input reading `/dev/null` and its standard output
/// and standard error going to pipes this process reads.
///
/// Foundation's `Process` is not used: on Linux with Swift 6.3.1 it can crash inside `run()` while the
/// process holds many descriptors (swift-corelibs-foundation#5472). This wrapper does only what the tool
/// and its tests need: spawn, read, signal, wait.
final class SpawnedProcess: Sendable {
    /// The child's process id; it stays this child's until ``waitForExit()`` has reaped it.
    let processIdentifier: pid_t
    /// The read end of the child's standard output.
    let standardOutput: FileHandle
    /// The read end of the child's standard error.
    let standardError: FileHandle
    /// Whether ``waitForExit()`` has reaped the child.
    private let reaped = Protected(false)

    /// Our own pipes are made and handed to a child under this lock, so a child spawned at the same time
    /// by another thread never inherits them (it would hold their write ends open, and our reads would
    /// wait for that other child to end).
    private static let spawnLock = Protected(())

    /// Starts `executable` with `arguments` and `environment` (this process's own when `nil`).
    ///
    /// - Throws: ``ToolError`` naming the program and the reason when it cannot be started.
    init(executable: URL, arguments: [String], environment: [String: String]? = nil) throws {
        let path = executable.path
        let describe = ([path] + arguments).joined(separator: " ")
        let environment = environment ?? ProcessInfo.processInfo.environment
        let argv = CStringArray([path] + arguments)
        let envp = CStringArray(environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })

        let (pid, output, errors) = try Self.spawnLock.withLock { _ throws(ToolError) in
            let output = try Self.makePipe(for: describe)
            let errors: (read: Int32, write: Int32)
            do throws(ToolError) { errors = try Self.makePipe(for: describe) } catch {
                ProcessCalls.closeDescriptor(output.read); ProcessCalls.closeDescriptor(output.write)
                throw error
            }
            var pid: pid_t = 0
            let status = ProcessCalls.spawn(&pid, path, argv, envp, output: output, errors: errors)
            ProcessCalls.closeDescriptor(output.write)
            ProcessCalls.closeDescriptor(errors.write)
            guard status == 0 else {
                ProcessCalls.closeDescriptor(output.read); ProcessCalls.closeDescriptor(errors.read)
                throw ToolError("could not start \(describe): \(ProcessCalls.errorText(status))")
            }
            return (pid, output, errors)
        }
        processIdentifier = pid
        standardOutput = FileHandle(fileDescriptor: output.read, closeOnDealloc: true)
        standardError = FileHandle(fileDescriptor: errors.read, closeOnDealloc: true)
    }

    /// Sends `signal` to the child, unless it has been reaped (its id may then belong to another process).
    func send(_ signal: Int32) {
        reaped.withLock { reaped in
            if !reaped { ProcessCalls.send(signal, to: processIdentifier) }
        }
    }

    /// Blocks until the child ends, reaps it and says how it ended. Call it once, from a thread that may
    /// block.
    func waitForExit() -> Termination {
        // Wait without reaping, then reap under the lock ``send(_:)`` takes: a signal is never sent to an
        // id that was just handed back to the system.
        ProcessCalls.waitUntilEnded(processIdentifier)
        return reaped.withLock { reaped in
            let status = ProcessCalls.reap(processIdentifier)
            reaped = true
            // The W* macros are not visible from Swift: the low 7 bits are the signal, 0 for an exit.
            let signal = status & 0x7f
            return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        }
    }

    /// A pipe for the child's output, or ``ToolError`` naming the program that could not be started.
    private static func makePipe(for describe: String) throws(ToolError) -> (read: Int32, write: Int32) {
        guard let ends = ProcessCalls.makePipe() else {
            throw ToolError("could not start \(describe): pipe() failed: \(ProcessCalls.errorText(ProcessCalls.lastError))")
        }
        return ends
    }
}
#endif
