#if os(macOS) || os(Linux)  // macOS and Linux only: see EntryPoint.swift
import Foundation
import RepositoryContractsPrimitives
import Testing

@testable import RepoContractsCLI

/// `repo-contracts record --upstream … --out … --mode all --upstream-timeout 86400` as a child process the test signals; its
/// output is collected as it comes, and the test waits for what it needs (the URL line, the end) on
/// continuations resumed by the readers and the reaper, never by polling a clock.
final class RecorderProcess: Sendable {
    private struct State {
        var output = Data()
        var errors = Data()
        var streamsAtEnd = 0
        var termination: Termination?
        /// Waiters for a change of state, each resumed (and dropped) once its condition holds.
        var waiters: [(condition: @Sendable (State) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

        var isFinished: Bool { termination != nil && streamsAtEnd == 2 }
        var firstLine: String? {
            output.firstIndex(of: UInt8(ascii: "\n")).map { String(decoding: output[..<$0], as: UTF8.self) }
        }
    }

    private let child: SpawnedProcess
    private let state = Protected(State())

    init(upstream: URL, out: URL) throws {
        child = try SpawnedProcess(
            executable: try RepoContractsBinary.url(),
            // An upstream timeout of a day: a starved machine must not fail a forward that was merely slow.
            arguments: [
                "record", "--upstream", upstream.absoluteString, "--out", out.path, "--mode", "all",
                "--upstream-timeout", "86400",
            ])
        drain(child.standardOutput) { $0.output.append($1) }
        drain(child.standardError) { $0.errors.append($1) }
        Thread.detachNewThread { [self] in
            let termination = child.waitForExit()
            update { $0.termination = termination }
        }
    }

    /// Changes the state under the lock, then resumes every waiter whose condition now holds.
    private func update(_ change: (inout State) -> Void) {
        let ready = state.withLock { state in
            change(&state)
            let snapshot = state
            let (ready, waiting) = (state.waiters.filter { $0.condition(snapshot) }, state.waiters.filter { !$0.condition(snapshot) })
            state.waiters = waiting
            return ready.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once `condition` holds (at once if it already does).
    private func wait(until condition: @escaping @Sendable (State) -> Bool) async {
        await withCheckedContinuation { continuation in
            let holds = state.withLock { state in
                if condition(state) { return true }
                state.waiters.append((condition, continuation))
                return false
            }
            if holds { continuation.resume() }
        }
    }

    /// Reads `handle` to its end on a thread of its own, handing each chunk to `append` under the lock.
    private func drain(_ handle: FileHandle, _ append: @escaping @Sendable (inout State, Data) -> Void) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                guard !chunk.isEmpty else {
                    update { $0.streamsAtEnd += 1 }
                    return
                }
                update { append(&$0, chunk) }
            }
        }
    }

    var standardError: String { state.withLock { String(decoding: $0.errors, as: UTF8.self) } }
    var isRunning: Bool { state.withLock { $0.termination == nil } }

    /// The proxy's base URL: the first line of standard output, once it is written; fails if the recorder
    /// ends first.
    func baseURL() async throws -> URL {
        await wait { $0.firstLine != nil || $0.streamsAtEnd == 2 }
        guard let line = state.withLock({ $0.firstLine }) else {
            throw ToolError("record ended before printing its URL; stderr:\n\(standardError)")
        }
        return try #require(URL(string: line), "first line: \(line)")
    }

    func send(_ signal: Int32) {
        child.send(signal)
    }

    /// SIGKILL unless it has already ended and been reaped.
    func killIfRunning() {
        child.send(SIGKILL)
    }

    /// Waits for the recorder to end and for its output to be read, and says how it ended.
    func exit() async throws -> Termination {
        await wait { $0.isFinished }
        return try #require(state.withLock { $0.termination })
    }
}
#endif
